import ChildProcessSupport
import Foundation
import Testing

/// A command that fails leaves the data file exactly as it was: not rewritten in our
/// formatting, not stripped of keys a later version added, not created when missing.
@Suite("Failed commands")
struct FailedCommandTests {
  /// One sync-up with a meeting, written compactly with a key syncups does not know.
  static let handWritten = """
    [{"attendees":[{"id":"00000000-0000-0000-0000-000000000001","name":"Blob"}],"duration":300,\
    "id":"00000000-0000-0000-0000-00000000000A","meetings":[{"date":"2009-02-13T23:31:30Z",\
    "id":"00000000-0000-0000-0000-000000000002","transcript":""}],"theme":"teal",\
    "title":"Design","addedLater":{"kept":true}}]
    """

  @Test func failingEditsAndMeetingDeletesWriteNothing() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.handWritten)
    let before = try #require(syncups.dataBytes)
    for arguments in [
      ["edit", "nosuch", "--title", "X"], ["edit", "design", "--remove-attendee", "Nobody"],
      [
        "edit", "design", "--add-attendee", "Ana", "--rename-attendee", "Ana=Bo",
        "--rename-attendee", "Cy=Di",
      ],
      ["meeting", "delete", "design", "2"], ["meeting", "delete", "nosuch", "1"],
    ] {
      let result = try syncups.run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(syncups.dataBytes == before, "\(arguments) rewrote the file")
    }
    let renamed = try syncups("edit", "design", "--add-attendee", "Ana", "--rename-attendee", "Ana=Bo")
    #expect(renamed.status == 0)
    #expect(try syncups("show", "design").output.contains("Bo"))
  }

  @Test func outputThatCannotBeWrittenIsAnError() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.handWritten)
    for arguments in [["list"], ["list", "--json"], ["show", "design"], ["export"], ["--version"]] {
      let result = try syncups.run(arguments, outputFile: "/dev/full")
      #expect(result.status == 1, "\(arguments)")
      #expect(
        result.error == "Error: cannot write to standard output: No space left on device\n",
        "\(arguments)")
    }
    // A change is saved before its report is written: the report's failure does not undo it.
    let added = try syncups.run(["add", "--title", "Ops", "--json"], outputFile: "/dev/full")
    #expect(added.status == 1)
    #expect(try syncups("list").output.contains("Ops"))
  }

  @Test func aNonBlockingOutputThatFillsUpIsWaitedFor() throws {
    let syncups = SyncUpsRun()
    let many = (1...500).map { index in
      let id = "00000000-0000-0000-0000-" + String(index + 1_000_000_000_000).dropFirst()
      return #"{"attendees":[],"duration":300,"id":"\#(id)","meetings":[],"theme":"teal","#
        + #""title":"Team \#(index) with a long title to fill pipes"}"#
    }
    try syncups.writeDataFile("[" + many.joined(separator: ",") + "]")
    let expected = try syncups("list", "--json").output
    #expect(expected.utf8.count > 100_000)  // more than a pipe holds

    let output = Pipe()
    let error = Pipe()
    let writeEnd = output.fileHandleForWriting.fileDescriptor
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    var child = ChildSpawn(
      program: SyncUpsRun.binary, arguments: ["list", "--json"],
      environment: syncups.environment(), directory: syncups.home.path)
    child.standardOutput = .descriptor(writeEnd)
    child.standardError = .descriptor(error.fileHandleForWriting.fileDescriptor)
    let pid = try child.start()
    try output.fileHandleForWriting.close()
    try error.fileHandleForWriting.close()
    Thread.sleep(forTimeInterval: 0.3)  // the pipe fills up and writes would block
    let written = output.fileHandleForReading.readDataToEndOfFile()
    let message = error.fileHandleForReading.readDataToEndOfFile()
    #expect(ChildStatus.wait(for: pid) == .exited(0))
    #expect(String(decoding: message, as: UTF8.self) == "")
    #expect(String(decoding: written, as: UTF8.self) == expected)
  }

  @Test func anImportThatWouldNotLoadAgainIsRefused() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.handWritten)
    let before = try #require(syncups.dataBytes)
    // The app's dates are seconds since 2001: -1e12 is some 29,700 years BC.
    let app = """
      [{"attendees": [], "duration": [16, 4852094820647174144], "id": "00000000-0000-0000-0000-00000000000B",
        "meetings": [{"date": -1e12, "id": "00000000-0000-0000-0000-000000000003", "transcript": ""}],
        "theme": "teal", "title": "Ancient"}]
      """
    let result = try syncups("import", "-", input: app)
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("Error: cannot import standard input: it would not load again once saved: "))
    #expect(syncups.dataBytes == before)
    #expect(try syncups("list").status == 0)
  }

  @Test func aFailingEditCreatesNoDataFile() throws {
    let syncups = SyncUpsRun()
    let result = try syncups("edit", "nosuch", "--title", "X")
    #expect(result.status == 1)
    #expect(syncups.dataBytes == nil)
    #expect(try syncups("meeting", "delete", "nosuch", "1").status == 1)
    #expect(syncups.dataBytes == nil)
  }
}
