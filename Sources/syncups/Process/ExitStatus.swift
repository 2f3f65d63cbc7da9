/// The exit statuses of syncups, as documented in the man page's EXIT STATUS section.
enum ExitStatus: Int32, CaseIterable {
  /// It worked.
  case success = 0
  /// A runtime failure: something named was not found, an I/O error.
  case failure = 1
  /// A usage error: a bad option or value, or `--yes` missing when not on a terminal.
  case usage = 64
  /// A data error: the data file cannot be read or decoded, or an import is invalid.
  case dataError = 65
  /// The data file stayed locked by another process for too long.
  case locked = 75
  /// A meeting ended by SIGHUP (saved first).
  case hangUp = 129
  /// A meeting discarded with Ctrl-C.
  case interrupted = 130
  /// A meeting ended by SIGTERM (saved first).
  case terminated = 143
}

/// A failure that ends the command: the message for standard error and the exit status.
struct CommandFailure: Error, Equatable {
  /// What went wrong; empty for a failure that prints nothing (see ``silent(_:)``).
  var message: String
  var status: ExitStatus

  init(_ message: String, status: ExitStatus = .failure) {
    self.message = message
    self.status = status
  }

  /// A failure that only sets the exit status: what `--quiet` asks for when the failure is
  /// an answer ("no meeting is running") rather than something gone wrong.
  static func silent(_ status: ExitStatus) -> CommandFailure {
    CommandFailure("", status: status)
  }
}
