import Foundation
import SyncUpsCore
import Testing

/// `delete` and `meeting delete` ask on a terminal, naming what would go, and only `y` or
/// `yes` deletes; off a terminal they need `--yes`. Every answer is checked against what is
/// stored afterwards.
@Suite("Delete prompts")
struct DeletePromptTests {
  static let keep = SyncUp(id: Kitchen.id("6EE90000-0000-4000-8000-000000000010"), title: "Keep")
  static let delMe = SyncUp(
    id: Kitchen.id("DE1E0000-0000-4000-8000-000000000011"),
    meetings: [Kitchen.shipped, Kitchen.quiet, Kitchen.old], title: "DelMe")

  func storedKitchen() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    try syncups.store([Self.keep, Self.delMe])
    return syncups
  }

  /// What can be typed at a `[y/N]` question, and whether it agrees. Ctrl-D is end of input.
  static let answers: [(String, Bool)] = [
    ("\r", false), ("n\r", false), ("no\r", false), ("nope\r", false), ("\u{04}", false),
    ("y\r", true), ("yes\r", true), ("Y\r", true), (" YES \r", true),
  ]

  @Test(arguments: answers)
  func deleteAsksOnATerminal(typed: String, agrees: Bool) throws {
    let syncups = try storedKitchen()
    let before = syncups.dataBytes
    let run = try PseudoTerminalRun(syncups, ["delete", "delme"])
    #expect(run.waitFor("Delete sync-up 'DelMe' and its 3 meetings? [y/N]"))
    run.type(typed)
    #expect(run.wait() == 0)
    if agrees {
      #expect(run.waitFor("Deleted 'DelMe' and its 3 meetings."))
      #expect(try syncups.titles() == ["Keep"])
    } else {
      #expect(run.waitFor("Nothing deleted."))
      #expect(syncups.dataBytes == before)
    }
  }

  @Test(arguments: answers)
  func meetingDeleteAsksOnATerminal(typed: String, agrees: Bool) throws {
    let syncups = try storedKitchen()
    let before = syncups.dataBytes
    let run = try PseudoTerminalRun(syncups, ["meeting", "delete", "delme", "1"])
    #expect(
      run.waitFor(
        #"Delete the meeting of Mon 9 Feb 2026, 09:15 ("Ana: shipped it") from 'DelMe'? [y/N]"#))
    run.type(typed)
    #expect(run.wait() == 0)
    if agrees {
      #expect(run.waitFor("Deleted the meeting of Mon 9 Feb 2026, 09:15 from 'DelMe'."))
      #expect(
        try syncups.meetingIDs(of: "delme")
          == [Kitchen.quiet.id.uuidString, Kitchen.old.id.uuidString])
    } else {
      #expect(run.waitFor("Nothing deleted."))
      #expect(syncups.dataBytes == before)
    }
  }

  /// The lock is not held while a person answers, so another command may delete the same
  /// thing meanwhile: a yes then deletes nothing else and says so.
  @Test func whatWasDeletedWhileThePersonWasAskedIsReportedNotDeletedAgain() throws {
    let syncups = try storedKitchen()
    let run = try PseudoTerminalRun(syncups, ["meeting", "delete", "delme", "1"])
    #expect(run.waitFor("[y/N]"))
    #expect(try syncups("meeting", "delete", "delme", "1", "--yes").status == 0)
    let after = syncups.dataBytes
    run.type("y\r")
    #expect(run.wait() == 1)
    #expect(
      run.waitFor(
        "Error: the meeting of Mon 9 Feb 2026, 09:15 was deleted by another command meanwhile; "
          + "nothing else was deleted"))
    #expect(syncups.dataBytes == after)
    #expect(
      try syncups.meetingIDs(of: "delme") == [Kitchen.quiet.id.uuidString, Kitchen.old.id.uuidString])

    let second = try PseudoTerminalRun(syncups, ["delete", "delme"])
    #expect(second.waitFor("[y/N]"))
    #expect(try syncups("delete", "delme", "--yes").status == 0)
    second.type("y\r")
    #expect(second.wait() == 1)
    #expect(second.waitFor("Error: 'DelMe' was deleted by another command meanwhile"))
    #expect(try syncups.titles() == ["Keep"])
  }

  @Test func theQuestionsNameWhatWouldGo() throws {
    let syncups = try storedKitchen()
    let withoutNotes = try PseudoTerminalRun(syncups, ["meeting", "delete", "delme", "CD34"])
    #expect(
      withoutNotes.waitFor(
        "Delete the meeting of Fri 6 Feb 2026, 17:40 (no notes) from 'DelMe'? [y/N]"))
    withoutNotes.type("\r")
    #expect(withoutNotes.wait() == 0)
    let blankFirstLine = try PseudoTerminalRun(syncups, ["meeting", "delete", "delme", "3"])
    #expect(
      blankFirstLine.waitFor(
        #"Delete the meeting of Sun 1 Feb 2026, 09:00 ("Ben: first one") from 'DelMe'? [y/N]"#))
    blankFirstLine.type("\r")
    #expect(blankFirstLine.wait() == 0)
    let noMeetings = try PseudoTerminalRun(syncups, ["delete", "keep"])
    #expect(noMeetings.waitFor("Delete sync-up 'Keep'? [y/N]"))
    noMeetings.type("\r")
    #expect(noMeetings.wait() == 0)
    #expect(try syncups.titles() == ["Keep", "DelMe"])
  }

  @Test func yesDeletesOnATerminalWithoutAsking() throws {
    let syncups = try storedKitchen()
    let run = try PseudoTerminalRun(syncups, ["meeting", "delete", "delme", "2", "-y"])
    #expect(run.wait() == 0)
    #expect(!run.screen.contains("[y/N]"))
    #expect(
      try syncups.meetingIDs(of: "delme")
        == [Kitchen.shipped.id.uuidString, Kitchen.old.id.uuidString])
  }

  @Test func meetingDeleteNeedsYesWhenNotOnATerminal() throws {
    let syncups = try storedKitchen()
    let before = syncups.dataBytes
    let refused = try syncups("meeting", "delete", "delme", "1")
    #expect(refused.status == 64)
    #expect(
      refused.error.hasPrefix(
        "Error: refusing to delete the meeting of Mon 9 Feb 2026, 09:15 without --yes: "
          + "standard input is not a terminal\nUsage: syncups meeting delete "))
    #expect(syncups.dataBytes == before)

    let deleted = try syncups("meeting", "delete", "delme", "1", "--yes")
    #expect(deleted.status == 0)
    #expect(deleted.error == "Deleted the meeting of Mon 9 Feb 2026, 09:15 from 'DelMe'.\n")
    #expect(
      try syncups.meetingIDs(of: "delme")
        == [Kitchen.quiet.id.uuidString, Kitchen.old.id.uuidString])
    // An id keeps naming the meeting it named; a position now names the next one.
    #expect(try syncups("meeting", "delete", "delme", "AB12", "--yes").status == 1)
    #expect(try syncups.meetingIDs(of: "delme").count == 2)
  }

  @Test func deleteNeedsYesWhenNotOnATerminal() throws {
    let syncups = try storedKitchen()
    let before = syncups.dataBytes
    let refused = try syncups("delete", "delme")
    #expect(refused.status == 64)
    #expect(
      refused.error.hasPrefix(
        "Error: refusing to delete 'DelMe' without --yes: standard input is not a terminal\n"))
    #expect(syncups.dataBytes == before)
    let deleted = try syncups("delete", "delme", "-y")
    #expect(deleted.status == 0)
    #expect(deleted.error == "Deleted 'DelMe' and its 3 meetings.\n")
    #expect(try syncups.titles() == ["Keep"])
  }
}
