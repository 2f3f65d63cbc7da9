import Foundation
import SharedState
import Testing

@testable import syncups

/// The merge driver run in this process against an in-memory file system: what it writes
/// over ours, what it appends to the report, and how it fails, byte for byte.
@Suite("Merge driver")
struct MergeDriverTests {
  let fileSystem = InMemoryFileSystem()
  let driver = MergeDriverCommand(base: "/repo/base", ours: "/repo/ours", theirs: "/repo/theirs")

  static let engineering = "00000000-0000-0000-0000-000000000001"
  static let blob = "00000000-0000-0000-0000-000000000090"

  /// One sync-up, as a data file holds it.
  static func file(title: String, duration: Int = 300) -> String {
    #"[{"attendees": [{"id": "\#(blob)", "name": "Blob"}], "duration": \#(duration), "#
      + #""id": "\#(engineering)", "meetings": [], "theme": "bubblegum", "title": "\#(title)"}]"#
  }

  func put(_ text: String, at path: String) throws {
    _ = try fileSystem.write(Data(text.utf8), to: path)
  }

  func text(at path: String) -> String? {
    fileSystem.contents(of: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Runs the driver with `environment`, the in-memory file system its only file system.
  func merge(_ environment: [String: String] = [:]) throws -> [ConflictRecord] {
    try withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
    } operation: {
      try driver.merge(environment: environment)
    }
  }

  /// The failure the driver ends with, from `environment`.
  func failureOf(_ environment: [String: String] = [:]) -> CommandFailure? {
    do {
      _ = try merge(environment)
      return nil
    } catch {
      return error as? CommandFailure
    }
  }

  @Test func theNewerSideWinsAConflictWhichIsWrittenToTheReportAndReturned() throws {
    try put(Self.file(title: "Engineering"), at: "/repo/base")
    try put(Self.file(title: "Eng"), at: "/repo/ours")
    try put(Self.file(title: "Core"), at: "/repo/theirs")
    let conflicts = try merge(["SYNCUPS_MERGE_NEWER": "theirs", "SYNCUPS_MERGE_REPORT": "/repo/report"])

    #expect(
      text(at: "/repo/ours") == """
        [
          {
            "attendees" : [
              {
                "id" : "\(Self.blob)",
                "name" : "Blob"
              }
            ],
            "duration" : 300,
            "id" : "\(Self.engineering)",
            "meetings" : [

            ],
            "theme" : "bubblegum",
            "title" : "Core"
          }
        ]
        """)
    let line =
      #"{"change":{"kind":"changed","ours":{"value":"'Eng'"},"reason":"newer","theirs":"#
      + #"{"value":"'Core'"},"what":"title"},"kept":"theirs","message":"Engineering: title "#
      + #"changed to 'Eng' here and 'Core' there; kept 'Core' (newer)","path":"title","#
      + #""syncUp":{"id":""# + Self.engineering + #"","title":"Engineering"}}"# + "\n"
    #expect(text(at: "/repo/report") == line)
    #expect(
      conflicts.map(\.message)
        == ["Engineering: title changed to 'Eng' here and 'Core' there; kept 'Core' (newer)"])

    // A second merge appends to the report, keeping what it held.
    try put(Self.file(title: "Eng"), at: "/repo/ours")
    _ = try merge(["SYNCUPS_MERGE_NEWER": "theirs", "SYNCUPS_MERGE_REPORT": "/repo/report"])
    #expect(text(at: "/repo/report") == line + line)
  }

  /// `sync` tells the driver when each side was committed: a change without a stamp of its
  /// own (`changed`) counts then, and the later one wins, whichever side is called newer.
  @Test func theCommitTimesDateChangesWithoutAStampOfTheirOwn() throws {
    try put(Self.file(title: "Engineering"), at: "/repo/base")
    try put(Self.file(title: "Eng"), at: "/repo/ours")
    try put(Self.file(title: "Core"), at: "/repo/theirs")
    // 2026-11-28 at 10:00 and at 09:31, UTC.
    let conflicts = try merge(
      ["SYNCUPS_MERGE_NEWER": "theirs", "SYNCUPS_MERGE_TIMES": "1795860000 1795858260"])
    #expect(text(at: "/repo/ours")?.contains(#""title" : "Eng""#) == true)
    #expect(
      conflicts.map(\.message) == [
        "Engineering: title changed to 'Eng' here at 2026-11-28T10:00:00Z and 'Core' there at "
          + "2026-11-28T09:31:00Z; kept 'Eng' (made later)"
      ])

    for bad in ["1795860000", "10:00 09:31", "1795860000 1795858260 1"] {
      let failure = try #require(failureOf(["SYNCUPS_MERGE_TIMES": bad]))
      #expect(failure.status.rawValue == 64)
      #expect(
        failure.message
          == "SYNCUPS_MERGE_TIMES must be two commit times in seconds since 1970, ours then "
          + "theirs, not '\(bad)'")
    }
  }

  @Test func aMergeWithoutConflictsLeavesAnEmptyReportAndAMissingBaseHoldsNothing() throws {
    try put(Self.file(title: "Engineering", duration: 600), at: "/repo/ours")
    try put("[]", at: "/repo/theirs")
    #expect(try merge(["SYNCUPS_MERGE_REPORT": "/repo/report"]) == [])
    #expect(text(at: "/repo/report") == "")
    #expect(text(at: "/repo/ours")?.contains(#""duration" : 600,"#) == true)
    #expect(text(at: "/repo/ours")?.contains(#""title" : "Engineering""#) == true)
  }

  /// The refusal reaches `sync` as data in the report: which side, of what kind, and why.
  @Test func aSideThatIsNotADataFileFailsWith65AndReportsTheRefusal() throws {
    try put(Self.file(title: "Engineering"), at: "/repo/base")
    try put(Self.file(title: "Eng"), at: "/repo/ours")
    try put(#"[{"id": "#, at: "/repo/theirs")
    let failure = try #require(failureOf(["SYNCUPS_MERGE_REPORT": "/repo/report"]))
    #expect(failure.status.rawValue == 65)
    #expect(
      failure.message.hasPrefix("the theirs version '/repo/theirs' is not a valid data file: "))
    #expect(text(at: "/repo/ours") == Self.file(title: "Eng"))
    let report = try #require(text(at: "/repo/report"))
    #expect(report.hasPrefix(#"{"refusal":{"kind":"invalid","message":"the theirs version "#))
    let refusal = try #require(MergeRefusal.reported(in: Substring(report)))
    #expect(refusal.kind == .invalid)
    #expect(refusal.side == "theirs")
    #expect(refusal.message == failure.message)
    #expect(!refusal.reason.isEmpty)
    #expect(
      refusal.message == "the theirs version '/repo/theirs' is not a valid data file: "
        + refusal.reason)
    // Conflict readers pass the refusal over.
    #expect(ConflictRecord.reported(in: Substring(report)) == [])
  }

  /// A version that needs a newer syncups is refused by its side, its refusal the reason.
  @Test func aSideThatNeedsANewerSyncupsIsRefusedAsData() throws {
    try put(Self.file(title: "Eng"), at: "/repo/ours")
    try put(
      #"{"format": 2, "requires": ["zzz"], "syncUps": [], "writtenBy": "0.9.0"}"#,
      at: "/repo/theirs")
    let failure = try #require(failureOf(["SYNCUPS_MERGE_REPORT": "/repo/report"]))
    #expect(failure.status.rawValue == 65)
    #expect(
      failure.message
        == "this data needs a newer syncups (requires: zzz; written by syncups 0.9.0)")
    let refusal = try #require(
      MergeRefusal.reported(in: Substring(text(at: "/repo/report") ?? "")))
    #expect(refusal.kind == .newer)
    #expect(refusal.side == "theirs")
    #expect(refusal.message == failure.message)
    #expect(refusal.reason == failure.message)
  }

  @Test func reportedRefusalsAreReadFromAnyLineAndOlderOnesWithoutTheirKind() {
    let line = MergeRefusal(kind: .failed, side: nil, reason: "r", message: "m").reportLine
    #expect(line == #"{"refusal":{"kind":"failed","message":"m","reason":"r"}}"# + "\n")
    #expect(
      MergeRefusal.reported(in: Substring("not json\n{\"kept\":\"ours\"}\n" + line))
        == MergeRefusal(kind: .failed, side: nil, reason: "r", message: "m"))
    #expect(
      MergeRefusal.reported(in: #"{"refusal":{"message":"m","side":"ours","kind":"odd"}}"#)
        == MergeRefusal(kind: .failed, side: "ours", reason: "m", message: "m"))
    #expect(MergeRefusal.reported(in: "") == nil)
  }

  @Test func aSideThatCannotBeReadFailsWith1NamingIt() throws {
    try put(Self.file(title: "Eng"), at: "/repo/ours")
    try put(Self.file(title: "Core"), at: "/repo/theirs")
    fileSystem.setFailure(
      for: "/repo/theirs", operation: .read,
      error: .simulated(.permissionDenied, operation: "read", path: "/repo/theirs"))
    let failure = try #require(failureOf())
    #expect(failure.status.rawValue == 1)
    #expect(
      failure.message == "cannot read the theirs version '/repo/theirs': Permission denied")
    #expect(text(at: "/repo/ours") == Self.file(title: "Eng"))
  }

  @Test func aReportThatCannotBeWrittenFailsWith1AndLeavesOursAlone() throws {
    try put(Self.file(title: "Engineering"), at: "/repo/base")
    try put(Self.file(title: "Eng"), at: "/repo/ours")
    try put(Self.file(title: "Core"), at: "/repo/theirs")
    fileSystem.setFailure(
      for: "/repo/report", error: .simulated(.noSpace, path: "/repo/report"))
    let failure = try #require(failureOf(["SYNCUPS_MERGE_REPORT": "/repo/report"]))
    #expect(failure.status.rawValue == 1)
    #expect(
      failure.message
        == "cannot write the conflict report '/repo/report' (SYNCUPS_MERGE_REPORT): "
        + "No space left on device")
    #expect(text(at: "/repo/ours") == Self.file(title: "Eng"))
  }
}
