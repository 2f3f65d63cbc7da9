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

extension CommandContext {
  /// The seconds of a typed duration, a bare number read as minutes, with a warning on stderr
  /// when the number is over 60: `90` meant as seconds (as JSON prints a duration) would
  /// silently become an hour and a half.
  ///
  /// - Throws: a usage error of `path` when a bare number's minutes pass 24 hours.
  func seconds(of duration: DurationArgument, for name: String, path: [String]) throws -> Int {
    let seconds: Int
    do {
      seconds = try duration.seconds(bareNumberUnit: 60)
    } catch {
      throw ValueParser.durationError(error, text: duration.text, for: name, path: path)
    }
    if duration.isSurprisingMinutes {
      note(
        "Warning: \(name) \(duration.text) is read as \(duration.text) minutes "
          + "(\(DurationText.compact(seconds))); write \(duration.text)s for seconds.")
    }
    return seconds
  }
}
