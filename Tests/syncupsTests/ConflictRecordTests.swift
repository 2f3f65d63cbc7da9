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
    message: "Engineering: title changed to 'Eng' here and 'Core' there; kept 'Core' (newer)")

  @Test func theDriverWritesOneLineOfJSONPerConflict() {
    #expect(
      ConflictRecord(Self.resolved).reportLine
        == #"{"kept":"theirs","message":"Engineering: title changed to 'Eng' here and 'Core' "#
        + #"there; kept 'Core' (newer)","path":"title","syncUp":{"id":"00000000-0000-0000-"#
        + #"0000-000000000001","title":"Engineering"}}"# + "\n")
  }

  @Test func aMergeCommitsTrailerNamesBothPeopleAndReadsBack() {
    var record = ConflictRecord(Self.resolved)
    record.ours = "Ben"
    record.theirs = "Ana"
    #expect(
      record.trailer
        == #"Syncups-Conflict: {"kept":"theirs","message":"Engineering: title changed to 'Eng' "#
        + #"here and 'Core' there; kept 'Core' (newer)","ours":"Ben","path":"title","syncUp":"#
        + #"{"id":"00000000-0000-0000-0000-000000000001","title":"Engineering"},"theirs":"Ana"}"#)
    let message = "Merge sync-ups from origin/main\n\n" + record.trailer + "\n"
    #expect(ConflictRecord.recorded(in: Substring(message)) == [record])
    #expect(
      record.told(to: "Ana")
        == "conflict merged by Ben: Engineering: title changed to 'Eng' by Ben and 'Core' here; "
        + "kept 'Core' (newer)")
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
    #expect(
      ConflictRecord.localTimes(
        in: "written at 2026-11-27T09:27:05Z here and at 2026-11-27T09:31:00Z there",
        utcOffset: oneHourEast)
        == "written at Fri 27 Nov 2026, 10:27 here and at Fri 27 Nov 2026, 10:31 there")
    #expect(
      ConflictRecord.localTimes(
        in: "at 2026-11-27T09:27:05Z here and at 2026-11-27T09:27:48Z there; kept the one "
          + "written at 2026-11-27T09:27:48Z (newer)",
        utcOffset: oneHourEast)
        == "at Fri 27 Nov 2026, 10:27:05 here and at Fri 27 Nov 2026, 10:27:48 there; kept the "
        + "one written at Fri 27 Nov 2026, 10:27:48 (newer)")
  }

  @Test func theManPageListsTheRecordsKeys() {
    #expect(ManPageReference.mergeConflictFields.map(\.0) == ["syncUp", "path", "kept", "message"])
    #expect(ManPageReference.mergeConflictFields.map(\.0) == ConflictRecord.Field.written.map(\.rawValue))
    // The keys only a merge commit's records have are described with what sync received.
    let received = ManPageReference.syncFields.first { $0.0 == "received" }?.1 ?? ""
    for field in ConflictRecord.Field.allCases where !ConflictRecord.Field.written.contains(field) {
      #expect(received.contains("with \(field.rawValue) (") || received.contains("and \(field.rawValue) ("))
    }
    let conflicts = ManPageReference.syncFields.first { $0.0 == "conflicts" }?.1 ?? ""
    #expect(conflicts.contains("(see merge-driver: syncUp, path, kept, message)"))
  }
}
