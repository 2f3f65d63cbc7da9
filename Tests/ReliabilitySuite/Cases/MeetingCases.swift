#if os(Linux)
import ChildProcessSupport
import Glibc

/// Meetings run from a script while the outside world interferes: a signal, and another
/// process changing the same sync-up.
enum MeetingCases {
  static var all: [ReliabilityCase] {
    [
      ReliabilityCase("meeting-sigterm-saves", sigtermSaves),
      ReliabilityCase("meeting-sighup-saves", sighupSaves),
      ReliabilityCase("meeting-outside-edit-survives", outsideEditSurvives),
    ]
  }

  /// A sync-up "Eng" of 10 minutes with Ana and Ben, and the syncups around it.
  static func engineering(_ context: CaseContext) throws -> Syncups {
    let syncups = try context.makeSyncups()
    try syncups.succeed("add", "--title", "Eng", "--attendee", "Ana", "--attendee", "Ben", "--duration", "10m")
    return syncups
  }

  /// The meeting's transcripts, newest first.
  static func transcripts(_ syncups: Syncups, _ reference: String = "eng") throws -> [String] {
    let outcome = try syncups.succeed("--json", "show", reference)
    guard let object = parseJSON(outcome.stdout) as? [String: Any],
      let meetings = object["meetings"] as? [[String: Any]]
    else { throw CaseFailure("show --json printed no sync-up: \(visible(outcome.stdout))") }
    return meetings.map { $0["transcript"] as? String ?? "<none>" }
  }

  static func sigtermSaves(_ context: CaseContext) throws {
    try signalSaves(SIGTERM, status: 143, context)
  }

  static func sighupSaves(_ context: CaseContext) throws {
    try signalSaves(SIGHUP, status: 129, context)
  }

  /// A piped meeting on the real clock gets two notes, then the signal: it exits with the
  /// signal's status, and the meeting is saved with both notes.
  static func signalSaves(_ signal: Int32, status: Int32, _ context: CaseContext) throws {
    let syncups = try engineering(context)
    let meeting = try ChildProcess.spawn(
      syncups.invocation(["--json", "start", "eng"], input: .open, timeout: 20))
    try require(meeting.writeInput(Array("note First\nnext\nnote Second\n".utf8)), "the meeting stopped reading")
    // Signalled once it has taken both notes, however long that takes on a busy machine.
    try require(
      meeting.waitForOutput(containing: #""text":"Second""#), "no 'note' event for the second note")
    meeting.send(signal)
    let outcome = ChildProcess.collect([meeting])[0]
    try require(outcome.status == status, "start: \(outcome.summary), expected exit \(status)")
    try require(
      outcome.stdoutText.contains(#""event":"ended""#) && outcome.stdoutText.contains(#""saved":true"#),
      "no saved 'ended' event: \(visible(outcome.stdout))")
    let saved = try transcripts(syncups)
    try require(saved == ["Ana: First\nBen: Second"], "saved transcripts \(saved)")
  }

  /// While a meeting runs, another process renames an attendee and the sync-up: both changes
  /// and the meeting are in the file afterwards.
  static func outsideEditSurvives(_ context: CaseContext) throws {
    let syncups = try engineering(context)
    let meeting = try ChildProcess.spawn(
      syncups.invocation(["start", "eng"], input: .open, timeout: 20))
    try require(meeting.writeInput(Array("note Before the edit\n".utf8)), "the meeting stopped reading")
    sleepSeconds(0.3)
    try syncups.succeed("edit", "eng", "--rename-attendee", "Ben=Benedict", "--title", "Engineering")
    try require(meeting.writeInput(Array("note After the edit\nsave\n".utf8)), "the meeting stopped reading")
    meeting.closeInput()
    let outcome = ChildProcess.collect([meeting])[0]
    try require(outcome.status == 0, "start: \(outcome.summary): \(visible(outcome.stderr))")
    let list = try syncups.listJSON()
    try require(list.count == 1, "\(list.count) sync-ups after the meeting")
    let names = (list[0]["attendees"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
    try require(list[0]["title"] as? String == "Engineering", "the title edit was lost")
    try require(names == ["Ana", "Benedict"], "attendees \(names ?? []) after the meeting")
    let saved = try transcripts(syncups, "engineering")
    try require(saved == ["Ana: Before the edit\nAna: After the edit"], "saved transcripts \(saved)")
  }
}
#endif
