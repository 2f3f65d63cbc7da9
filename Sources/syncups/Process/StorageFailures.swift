import SharedState

extension CommandFailure {
  /// The failure to report for a data file that could not be loaded or saved: a file that
  /// cannot be read or decoded is a data error (65), a lock held too long is 75, and anything
  /// else (a failed write) a runtime failure (1).
  init(storage error: any Error) {
    guard let error = error as? FileStorageError else {
      self.init("\(error)")
      return
    }
    switch error.kind {
    case .unreadable, .undecodable, .refusedToOverwrite:
      self.init("\(error)", status: .dataError)
    case .lockTimeout:
      self.init("\(error)", status: .locked)
    case .unwritable, .unencodable:
      self.init("\(error)", status: .failure)
    }
  }
}
