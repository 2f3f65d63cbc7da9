import SyncUpsCore

extension CommandContext {
  /// `add` and `edit`: refuses to store a sync-up whose meeting would give an attendee less
  /// than a second (``SyncUp/checkDuration()``), as a usage error of `command` that says which
  /// `--duration` would do. Nothing is stored.
  func checkDuration(of syncUp: SyncUp?, command: String) throws {
    do {
      try syncUp?.checkDuration()
    } catch {
      throw UsageError(
        "\(error.message); use --duration \(DurationText.compact(error.minimumDuration)) or longer",
        path: [command])
    }
  }
}
