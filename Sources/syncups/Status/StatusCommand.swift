#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CommandContext {
  /// `status [--json] [--format TEMPLATE]`: the meetings running now, one line each (or a JSON
  /// array), from what they publish; the data file is never read. None running: status 1, a
  /// message unless `--quiet`, and nothing on stdout but `[]` with `--json` (as gh prints), so
  /// `jq length` reads 0 rather than failing on empty input.
  func status(format template: StatusTemplate?) throws {
    if template != nil && options.json {
      throw UsageError("'--format' and '--json' cannot be used together", path: ["status"])
    }
    let directory = StatusDirectory(environment: environment)
    guard directory.exists else { throw noMeeting() }
    if let problem = directory.problem() { throw CommandFailure(problem) }
    let now = Date().timeIntervalSince1970
    let meetings = directory.runningMeetings().map { $0.status(at: now) }
    guard !meetings.isEmpty else { throw noMeeting() }
    if options.json {
      Output.standard(JSONOutput.array(meetings.map(JSONOutput.status)).text())
    } else {
      for meeting in meetings {
        Output.standard((template?.render(meeting) ?? StatusText.line(meeting)) + "\n")
      }
    }
  }

  private func noMeeting() -> CommandFailure {
    if options.json { Output.standard(JSONOutput.array([]).text()) }
    return options.quiet ? .silent(.failure) : CommandFailure("no meeting is running")
  }
}
