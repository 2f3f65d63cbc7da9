import Foundation
import SharedState
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `syncups start` on a pseudo-terminal: keys, the screen, the summary, and the terminal's
/// settings given back on every way out.
@Suite("Meeting on a terminal, end to end")
struct StartOnTerminalEndToEndTests {
  func engineering() throws -> SyncUpsRun {
    try StartEndToEndTests().engineering()
  }

  func transcripts(_ syncups: SyncUpsRun) throws -> [String?] {
    try StartEndToEndTests().savedMeetings(syncups).map { $0["transcript"] as? String }
  }

  @Test func keysDriveTheMeetingAndSaveIt() throws {
    let syncups = try engineering()
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking Speaker 1 of 3"))
    #expect(meeting.waitFor("n next a absent space pause t note b blocker o action e end"))
    meeting.type("t")
    #expect(meeting.waitFor("enter add note esc cancel"))
    meeting.type("Shipped it\r")
    meeting.type("n")
    #expect(meeting.waitFor("Ben is speaking Speaker 2 of 3"))
    meeting.type(" ")
    #expect(meeting.waitFor("Paused n next a absent space resume"))
    meeting.type(" e")
    #expect(
      meeting.waitFor(
        "End meeting? You are ending the meeting early. What would you like to do? "
          + "[s] Save and end [d] Discard [r] Resume"))
    meeting.type("s")
    #expect(meeting.wait() == 0)
    // The summary says how long the meeting really took: a moment, on a test's keys.
    #expect(meeting.waitFor(", 1 note."))
    #expect(meeting.settingsAreRestored)
    #expect(meeting.screen.contains("\u{1B}[?1049h"))
    let summary = meeting.screen.split(separator: "\u{1B}[?1049l").last ?? ""
    #expect(summary.hasPrefix("Saved the meeting of Eng: "))
    #expect(summary.hasSuffix(" secs, 1 note.\r\n") || summary.hasSuffix(" sec, 1 note.\r\n"))
    #expect(try transcripts(syncups) == ["Ana: Shipped it"])
  }

  @Test func discardFromThePromptSavesNothing() throws {
    let syncups = try engineering()
    let before = syncups.dataBytes
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("tNot this\r")
    meeting.type("q")
    #expect(meeting.waitFor("[s] Save and end [d] Discard [r] Resume"))
    meeting.type("r")
    meeting.type("\u{1B}[C")  // → : next speaker
    #expect(meeting.waitFor("Ben is speaking"))
    meeting.type("e")
    #expect(meeting.waitFor("[d] Discard"))
    meeting.type("d")
    #expect(meeting.wait() == 0)
    #expect(meeting.waitFor("Discarded the meeting of Eng after "))
    #expect(meeting.settingsAreRestored)
    #expect(syncups.dataBytes == before)
  }

  @Test func ctrlCTwiceDiscardsAndExits130() throws {
    let syncups = try engineering()
    let before = syncups.dataBytes
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("\u{03}")  // Ctrl-C, through the terminal's line discipline: SIGINT
    #expect(meeting.waitFor("End meeting?"))
    meeting.kill(SIGINT)
    #expect(meeting.wait() == 130)
    #expect(meeting.settingsAreRestored)
    #expect(meeting.screen.contains("\u{1B}[?1049l"))
    #expect(syncups.dataBytes == before)
  }

  @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
  func terminationSavesEveryNoteAndRestoresTheTerminal(signal: Int32, status: Int32) throws {
    let syncups = try engineering()
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("tFirst\r")
    meeting.type("tHalf typed")
    #expect(meeting.waitFor("Note: Half typed"))
    meeting.kill(signal)
    #expect(meeting.wait() == status)
    #expect(meeting.settingsAreRestored)
    #expect(meeting.screen.contains("\u{1B}[?25h"))
    #expect(try transcripts(syncups) == ["Ana: First\nAna: Half typed"])
  }

  /// The time runs out while a note is being typed: the note is saved with the meeting.
  @Test func aNoteBeingTypedWhenTheTimeRunsOutIsSaved() throws {
    let syncups = try StartRecordEndToEndTests().eng(seconds: 8, attendees: 1)
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("timportant decision")
    #expect(meeting.waitFor("Note: important decision"))
    #expect(meeting.wait() == 0)
    #expect(meeting.waitFor(", 1 note."))
    #expect(meeting.settingsAreRestored)
    #expect(try transcripts(syncups) == ["Ana: important decision"])
  }

  /// The time runs out while a blocker is being typed: its text is saved as a note that says
  /// what it was to be, so nothing typed is lost (an item needs its Enter).
  @Test func aBlockerBeingTypedWhenTheTimeRunsOutIsSavedAsANote() throws {
    let syncups = try StartRecordEndToEndTests().eng(seconds: 8, attendees: 1)
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("bwaiting on keys")
    #expect(meeting.waitFor("Blocker: waiting on keys"))
    #expect(meeting.wait() == 0)
    #expect(meeting.waitFor(", 1 note."))
    #expect(meeting.settingsAreRestored)
    #expect(try transcripts(syncups) == ["Ana: Blocker: waiting on keys"])
  }

  /// Ctrl-C while typing a note opens the prompt; Save there saves the note too.
  @Test func saveAtThePromptKeepsTheNoteBeingTyped() throws {
    let syncups = try engineering()
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("tHalf typed")
    #expect(meeting.waitFor("Note: Half typed"))
    meeting.type("\u{03}")
    #expect(meeting.waitFor("[s] Save and end [d] Discard [r] Resume"))
    meeting.type("s")
    #expect(meeting.wait() == 0)
    #expect(try transcripts(syncups) == ["Ana: Half typed"])
  }

  /// A meeting discarded (a second Ctrl-C, or Discard at the prompt) while a note is being
  /// typed prints that note on stderr with the others, and stores nothing.
  @Test(arguments: [("\u{03}", Int32(130)), ("d", Int32(0))])
  func discardingPrintsTheNoteBeingTyped(key: String, status: Int32) throws {
    let syncups = try engineering()
    let before = syncups.dataBytes
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("tFirst\r")
    meeting.type("tHalf typed")
    #expect(meeting.waitFor("Note: Half typed"))
    meeting.type("\u{03}")
    #expect(meeting.waitFor("[s] Save and end [d] Discard [r] Resume"))
    meeting.type(key)
    #expect(meeting.wait() == status)
    #expect(meeting.waitFor("The meeting's notes were: Ana: First Ana: Half typed"))
    #expect(syncups.dataBytes == before)
  }

  /// Keys typed after the meeting ended (here while it waits for another process's lock to
  /// save) are dropped when it exits, so the shell never runs them; on a dumb terminal too.
  @Test(arguments: ["xterm-256color", "dumb"])
  func keysTypedAfterTheEndNeverReachTheShell(term: String) throws {
    let syncups = try engineering()
    let lock = try LiveFileSystem.shared.lock(syncups.dataFile, timeout: .seconds(10))
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"], environment: ["TERM": term])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.type("es")
    #expect(meeting.waitFor("Waiting for the data file"))
    meeting.type("echo leaked\r")
    #expect(meeting.waitFor("echo leaked"))  // echoed: the terminal is the shell's again
    lock.unlock()
    #expect(meeting.wait() == 0)
    #expect(meeting.terminal.pendingInput() == [])
    #expect(meeting.settingsAreRestored)
    #expect(try transcripts(syncups) == [""])
  }

  /// A script's meeting reading a terminal (`--json` on one) drops a line half typed when it
  /// exits, too: the shell never gets it.
  @Test func aLineHalfTypedForAScriptNeverReachesTheShell() throws {
    let syncups = try engineering()
    let meeting = try PseudoTerminalRun(syncups, ["--json", "start", "eng"])
    #expect(meeting.waitFor(#""event":"speaker""#))
    let lock = try LiveFileSystem.shared.lock(syncups.dataFile, timeout: .seconds(10))
    meeting.type("save\r")
    #expect(meeting.waitFor("Waiting for the data file"))
    meeting.type("echo leaked")
    #expect(meeting.waitFor("echo leaked"))
    lock.unlock()
    #expect(meeting.wait() == 0)
    meeting.type("\r")  // what the shell would read next
    #expect(meeting.terminal.pendingInput() == Array("\n".utf8))
    #expect(try transcripts(syncups) == [""])
  }

  /// A speaker who takes over mid-second gets a whole slot from the key press: the overtime
  /// of a 3-second slot cannot show sooner than 3 s after `n`.
  @Test func aTurnStartedMidSecondGetsItsWholeSlotOnScreen() throws {
    let syncups = try StartRecordEndToEndTests().eng(seconds: 6, attendees: 2)
    let meeting = try PseudoTerminalRun(
      syncups, ["--color", "never", "start", "eng", "--overtime"])
    #expect(meeting.waitFor("Ana is speaking"))
    Thread.sleep(forTimeInterval: 0.6)
    let pressed = ContinuousClock.now
    meeting.type("n")
    #expect(meeting.waitFor("Ben is speaking"))
    #expect(meeting.waitFor(" over !"))
    let slot = ContinuousClock.now - pressed
    #expect(slot >= .milliseconds(2950), "\(slot)")
    meeting.type("n")
    #expect(meeting.waitFor("[s] Save and end [r] Resume"))
    meeting.type("s")
    #expect(meeting.wait() == 0)
  }

  /// The one rule for ending early, in the prompt and the record: `n` on the last speaker is
  /// not early, `e` while the speaker has time left is, and nothing in overtime is.
  @Test(arguments: [
    (["n", "n"], false, [] as [String]), (["n", "e"], true, []), (["e"], false, ["--overtime"]),
  ])
  func endingEarlyFollowsOneRule(keys: [String], early: Bool, options: [String]) throws {
    let syncups = try StartRecordEndToEndTests().eng(
      seconds: options.isEmpty ? 60 : 2, attendees: 2)
    let meeting = try PseudoTerminalRun(
      syncups, ["--color", "never", "start", "eng"] + options)
    #expect(meeting.waitFor("Ana is speaking"))
    if !options.isEmpty { #expect(meeting.waitFor(" over !")) }
    for key in keys.dropLast() {
      meeting.type(key)
      #expect(meeting.waitFor("Ben is speaking"))
    }
    meeting.type(keys.last!)
    #expect(meeting.waitFor("End meeting?"))
    #expect(meeting.waitFor("What would you like to do?"))
    let prompt = PseudoTerminalRun.visibleText(meeting.screen)
    #expect(prompt.contains("You are ending the meeting early.") == early)
    meeting.type("s")
    #expect(meeting.wait() == 0)
    let saved = try #require(try StartEndToEndTests().savedMeetings(syncups).first)
    #expect(saved["endedEarly"] as? Bool == early)
  }

  @Test func suspendGivesTheTerminalBackAndContinueTakesItAgain() throws {
    let syncups = try engineering()
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"])
    #expect(meeting.waitFor("Ana is speaking"))
    meeting.kill(SIGTSTP)
    #expect(meeting.waitUntilStopped())
    #expect(meeting.settingsAreRestored)
    meeting.kill(SIGCONT)
    meeting.type("n")
    #expect(meeting.waitFor("Ben is speaking"))
    #expect(!meeting.settingsAreRestored)  // raw again
    meeting.type("es")
    #expect(meeting.wait() == 0)
    #expect(meeting.settingsAreRestored)
  }

  /// On a dumb terminal, a note being typed when the meeting ends without a key (here a
  /// signal) is written as a note, and its line is not started again before the last line.
  @Test func aDumbTerminalClosesTheNoteLineWhenTheMeetingTakesTheNote() throws {
    let syncups = try engineering()
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"], environment: ["TERM": "dumb"])
    #expect(meeting.waitFor("n next a absent space pause t note b blocker o action e end"))
    meeting.type("tHalf typed")
    #expect(meeting.waitFor("Note: Half typed"))
    meeting.kill(SIGTERM)
    #expect(meeting.wait() == 143)
    let end = meeting.screen.components(separatedBy: "Note from Ana: Half typed\r\n")
    #expect(end.count == 2)
    #expect(end.last?.contains("Note:") == false)
    #expect(end.last?.contains("Saved the meeting (1 note)\r\n") == true)
  }

  /// A terminal that cannot move the cursor gets the lines of a script's meeting, the keys
  /// still read one by one: no escape sequence is ever written.
  @Test func aDumbTerminalGetsLinesAndTheKeysStillWork() throws {
    let syncups = try engineering()
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"], environment: ["TERM": "dumb"])
    #expect(meeting.waitFor("Started Eng: 3 speakers, 1 min, 30 secs"))
    #expect(
      meeting.waitFor(
        "0:00 Ana is speaking (speaker 1 of 3) n next a absent space pause t note b blocker o action e end"))
    meeting.type("tShipped itx\u{7F}\r")
    #expect(meeting.waitFor("Note from Ana: Shipped it"))
    #expect(meeting.screen.contains("Note: Shipped itx\u{8} \u{8}\r\n"))
    meeting.type("n")
    #expect(meeting.waitFor("Ben is speaking (speaker 2 of 3)"))
    meeting.type("e")
    #expect(
      meeting.waitFor(
        "End meeting? You are ending the meeting early. What would you like to do? "
          + "[s] Save and end [d] Discard [r] Resume"))
    meeting.type("r")
    #expect(meeting.waitFor("[r] Resume n next a absent space pause t note b blocker o action e end"))
    meeting.type("es")
    #expect(meeting.wait() == 0)
    #expect(meeting.waitFor("Saved the meeting (1 note)"))
    #expect(meeting.settingsAreRestored)
    #expect(!meeting.screen.contains("\u{1B}"))
    #expect(try transcripts(syncups) == ["Ana: Shipped it"])
  }
}
