import SharedState

extension CommandFailure {
  /// The failure to report for a data file that could not be loaded or saved: a file that
  /// cannot be read or decoded is a data error (65), a lock held too long is 75 (saying which
  /// variable waits longer), and anything else (a failed write) a runtime failure (1). The message names the file, whose path
  /// comes from `--file` or the environment, so it is sanitized.
  init(storage error: any Error) {
    let message = sanitize("\(error)")
    guard let error = error as? FileStorageError else {
      self.init(message)
      return
    }
    switch error.kind {
    case .unreadable, .undecodable, .refusedToOverwrite:
      self.init(message, status: .dataError)
    case .lockTimeout:
      self.init(
        message + "; \(LockTimeout.variable) sets how many seconds to wait",
        status: .locked)
    case .unwritable, .unencodable:
      self.init(message, status: .failure)
    }
  }
}
