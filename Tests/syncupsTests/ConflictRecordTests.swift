import Foundation
import SyncUpsCore
import Testing

@testable import ManPageGenerator
@testable import syncups

/// The one conflict record: as the merge driver writes it, as a merge commit carries it, as
/// `sync --json` reports it, and as syncups(1) lists its keys.
@Suite("Conflict record")
struct ConflictRecordTests {
  static let engineering = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
  static let resolved = SyncUpsMergeConflict(
    syncUpID: engineering, syncUpTitle: "Engineering", path: "title", kept: .theirs,
    change: .init(
      kind: .changed, what: "title", ours: .init("'Eng'"), theirs: .init("'Core'"),
      reason: .newer))

  /// 2026-11-27 at `time` UTC (`09:27:05`).
  static func at(_ time: String) -> Date {
    let parts = time.split(separator: ":").map { Double($0)! }
    return Date(timeIntervalSince1970: 1_795_737_600 + parts[0] * 3600 + parts[1] * 60 + parts[2])
  }

  /// Two updates written 43 seconds apart, both sides' times known.
  static let written = SyncUpsMergeConflict(
    syncUpID: engineering, syncUpTitle: "Engineering", path: "updates.x", kept: .theirs,
    change: .init(
      kind: .written, what: "update of 'Blob' for Fri 27 Nov 2026",
      ours: .init(nil, at: at("09:27:05")), theirs: .init(nil, at: at("09:27:48")),
      reason: .madeLater))

  @Test func theDriverWritesOneLineOfJSONPerConflict() {
    #expect(
      ConflictRecord(Self.resolved).reportLine
        == #"{"change":{"kind":"changed","ours":{"value":"'Eng'"},"reason":"newer","theirs":"#
        + #"{"value":"'Core'"},"what":"title"},"kept":"theirs","message":"Engineering: title "#
        + #"changed to 'Eng' here and 'Core' there; kept 'Core' (newer)","path":"title","#
        + #""syncUp":{"id":"00000000-0000-0000-0000-000000000001","title":"Engineering"}}"#
        + "\n")
    // Times in UTC, each side's; read back the same, to the second.
    let line = ConflictRecord(Self.written).reportLine
    #expect(
      line.hasPrefix(
        #"{"change":{"kind":"written","ours":{"time":"2026-11-27T09:27:05Z"},"reason":"#
          + #""made later","theirs":{"time":"2026-11-27T09:27:48Z"},"what":"update of 'Blob' "#
          + #"for Fri 27 Nov 2026"},"kept":"theirs","#))
    #expect(ConflictRecord.reported(in: Substring(line)) == [ConflictRecord(Self.written)])
    #expect(ConflictRecord.reported(in: Substring(line))[0].change == Self.written.change)
  }

  @Test func aMergeCommitsTrailerNamesBothPeopleAndReadsBack() {
    var record = ConflictRecord(Self.resolved)
    record.ours = "Ben"
    record.theirs = "Ana"
    #expect(
      record.trailer
        == #"Syncups-Conflict: {"change":{"kind":"changed","ours":{"value":"'Eng'"},"reason":"#
        + #""newer","theirs":{"value":"'Core'"},"what":"title"},"kept":"theirs","message":"#
        + #""Engineering: title changed to 'Eng' "#
        + #"here and 'Core' there; kept 'Core' (newer)","ours":"Ben","path":"title","syncUp":"#
        + #"{"id":"00000000-0000-0000-0000-000000000001","title":"Engineering"},"theirs":"Ana"}"#)
    let message = "Merge sync-ups from origin/main\n\n" + record.trailer + "\n"
    #expect(ConflictRecord.recorded(in: Substring(message)) == [record])
    #expect(
      record.told(to: "Ana")
        == "conflict merged by Ben: Engineering: title changed to 'Eng' by Ben and 'Core' here; "
        + "kept 'Core' (newer)")
    // Words a person typed are never taken for the sides: the sentence is made from the data.
    var typed = ConflictRecord(
      SyncUpsMergeConflict(
        syncUpID: Self.engineering, syncUpTitle: "Engineering", path: "title", kept: .theirs,
        change: .init(
          kind: .changed, what: "title", ours: .init("'sit here and wait'"),
          theirs: .init("'go there; now'"), reason: .newer)))
    typed.ours = "Ben"
    typed.theirs = "Ana"
    #expect(
      typed.told(to: "Ana")
        == "conflict merged by Ben: Engineering: title changed to 'sit here and wait' by Ben "
        + "and 'go there; now' here; kept 'go there; now' (newer)")
  }

  @Test func recordsWrittenByOtherVersionsAreRead() {
    // Keys a newer syncups adds are passed over; the driver's own report has no people.
    let newer =
      #"Syncups-Conflict: {"kept":"ours","message":"Design: changed here but deleted there; "#
      + #"kept it","ours":"Ben","path":"","since":"2.0","syncUp":{"id":"A","title":"Design"}}"#
    #expect(
      ConflictRecord.recorded(in: Substring(newer))
        == [
          ConflictRecord(
            syncUp: .init(id: "A", title: "Design"), path: "", kept: "ours",
            message: "Design: changed here but deleted there; kept it", ours: "Ben")
        ])
    // An older record, without its change, is told in its merger's words; a change of a kind
    // this version does not know is passed over the same way.
    let older = ConflictRecord(
      syncUp: .init(id: "A", title: "Eng"), path: "title", kept: "ours",
      message: "Eng: title changed to 'A' here and 'B' there; kept 'A' (newer)", ours: "Ben",
      theirs: "Ana")
    #expect(
      older.told(to: "Ana")
        == "conflict merged by Ben, as their syncups put it: Eng: title changed to 'A' here and "
        + "'B' there; kept 'A' (newer)")
    #expect(older.readable() == older.message)
    let unknownKind =
      #"{"change":{"kind":"swapped","what":"title","ours":{},"theirs":{}},"kept":"ours","#
      + #""message":"m","path":"title","syncUp":{"id":"A","title":""}}"#
    #expect(
      ConflictRecord.reported(in: Substring(unknownKind))
        == [ConflictRecord(syncUp: .init(id: "A", title: ""), path: "title", kept: "ours", message: "m")])
    #expect(
      ConflictRecord.reported(in: #"{"message":"m","syncUp":{"id":"A","title":""}}"# + "\nnot json\n")
        == [ConflictRecord(syncUp: .init(id: "A", title: ""), path: nil, kept: nil, message: "m")])
  }

  @Test func syncReportsTheRecordAsTheDriverWroteIt() {
    let report = SyncReport(conflicts: [ConflictRecord(Self.resolved)])
    guard case .object(let members) = report.json else {
      Issue.record("sync --json is not an object")
      return
    }
    #expect(members["conflicts"] == .array([ConflictRecord(Self.resolved).json]))
    #expect(
      report.conflictLines
        == ["Conflict: Engineering: title changed to 'Eng' here and 'Core' there; kept 'Core' (newer)"])
  }

  /// Times read as local times, to the minute; to the second when two of them fall in one
  /// minute, so that the newer one kept can be told.
  @Test func timesReadAsLocalTimesWithSecondsWhenAMinuteHoldsTwo() {
    let oneHourEast: (Date) -> Int = { _ in 3600 }
    var apart = Self.written
    apart.change.theirs.time = Self.at("09:31:00")
    #expect(
      ConflictRecord(apart).readable(utcOffset: oneHourEast)
        == "Engineering: update of 'Blob' for Fri 27 Nov 2026 written here at Fri 27 Nov 2026, "
        + "10:27 and there at Fri 27 Nov 2026, 10:31; kept the one written at Fri 27 Nov 2026, "
        + "10:31 (made later)")
    #expect(
      ConflictRecord(Self.written).readable(utcOffset: oneHourEast)
        == "Engineering: update of 'Blob' for Fri 27 Nov 2026 written here at Fri 27 Nov 2026, "
        + "10:27:05 and there at Fri 27 Nov 2026, 10:27:48; kept the one written at Fri 27 Nov "
        + "2026, 10:27:48 (made later)")
  }

  @Test func theManPageListsTheRecordsKeys() {
    #expect(
      ManPageReference.mergeConflictFields.map(\.0)
        == ["syncUp", "path", "kept", "message", "change"])
    #expect(ManPageReference.mergeConflictFields.map(\.0) == ConflictRecord.Field.written.map(\.rawValue))
    // The keys only a merge commit's records have are described with what sync received.
    let received = ManPageReference.syncFields.first { $0.0 == "received" }?.1 ?? ""
    for field in ConflictRecord.Field.allCases where !ConflictRecord.Field.written.contains(field) {
      #expect(received.contains("with \(field.rawValue) (") || received.contains("and \(field.rawValue) ("))
    }
    let conflicts = ManPageReference.syncFields.first { $0.0 == "conflicts" }?.1 ?? ""
    #expect(conflicts.contains("(see merge-driver: syncUp, path, kept, message, change)"))
  }
}
