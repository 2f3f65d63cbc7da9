import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

private let engineering = SyncUp(
  id: UUID(uuidString: "AAAA1111-0000-0000-0000-000000000001")!, title: "Engineering")
private let engagement = SyncUp(
  id: UUID(uuidString: "AAAA2222-0000-0000-0000-000000000002")!, title: "Engagement")
private let design = SyncUp(
  id: UUID(uuidString: "BBBB3333-0000-0000-0000-000000000003")!, title: "Design")
private let designReview = SyncUp(
  id: UUID(uuidString: "CCCC4444-0000-0000-0000-000000000004")!, title: "Design review")
private let all: IdentifiedArrayOf<SyncUp> = [engineering, engagement, design, designReview]

@Suite struct ReferenceTests {
  @Test(arguments: [
    ("Engineering", engineering.id),
    ("engineering", engineering.id),
    ("ENGAGE", engagement.id),
    ("design", design.id),  // exact beats the prefix it shares with "Design review"
    ("design r", designReview.id),
    ("bbbb", design.id),
    ("BBBB3333-0000-0000-0000-000000000003", design.id),
    ("cccc4444", designReview.id),
  ])
  func resolves(reference: String, id: UUID) throws {
    #expect(try resolveSyncUp(reference, in: all).id == id)
  }

  @Test func anAmbiguousPrefixListsTheCandidates() {
    #expect(throws: ReferenceError.ambiguous(
      kind: "sync-up", reference: "eng",
      candidates: ["AAAA1111  Engineering", "AAAA2222  Engagement"])
    ) {
      try resolveSyncUp("eng", in: all)
    }
    let error = ReferenceError.ambiguous(
      kind: "sync-up", reference: "eng", candidates: ["AAAA1111  Engineering", "AAAA2222  Engagement"])
    #expect(
      error.message == """
        'eng' matches 2 sync-ups:
          AAAA1111  Engineering
          AAAA2222  Engagement
        Use more of the title, or an id.
        """)
  }

  @Test func anAmbiguousIDPrefixListsTheCandidates() {
    #expect(throws: ReferenceError.ambiguous(
      kind: "sync-up", reference: "aaaa",
      candidates: ["AAAA1111  Engineering", "AAAA2222  Engagement"])
    ) {
      try resolveSyncUp("aaaa", in: all)
    }
  }

  @Test func shortIDPrefixesAreNotIDs() {
    #expect(throws: ReferenceError.notFound(kind: "sync-up", reference: "bbb", suggestion: nil)) {
      try resolveSyncUp("bbb", in: all)
    }
  }

  @Test func aNearMissSuggestsATitle() {
    let error = ReferenceError.notFound(kind: "sync-up", reference: "Desing", suggestion: "Design")
    #expect(throws: error) { try resolveSyncUp("Desing", in: all) }
    #expect(error.message == "no sync-up matches 'Desing'. Did you mean 'Design'?")
  }

  @Test func meetingsByPositionOrID() throws {
    let newest = Meeting(
      id: UUID(uuidString: "DDDD0001-0000-0000-0000-000000000000")!,
      date: Date(timeIntervalSince1970: 1_700_000_000), transcript: "new")
    let oldest = Meeting(
      id: UUID(uuidString: "EEEE0002-0000-0000-0000-000000000000")!,
      date: Date(timeIntervalSince1970: 1_600_000_000), transcript: "old")
    let syncUp = SyncUp(id: UUID(9), meetings: [newest, oldest], title: "Team")
    #expect(try resolveMeeting("1", in: syncUp).id == newest.id)
    #expect(try resolveMeeting("2", in: syncUp).id == oldest.id)
    #expect(try resolveMeeting("eeee", in: syncUp).id == oldest.id)
    #expect(throws: ReferenceError.notFound(kind: "meeting", reference: "3", suggestion: nil)) {
      try resolveMeeting("3", in: syncUp)
    }
    #expect(throws: ReferenceError.notFound(kind: "meeting", reference: "ffff", suggestion: nil)) {
      try resolveMeeting("ffff", in: syncUp)
    }
  }

  @Test func aNumberThatIsNoPositionIsAnIDPrefix() throws {
    let meeting = Meeting(
      id: UUID(uuidString: "89055850-0000-0000-0000-000000000000")!,
      date: Date(timeIntervalSince1970: 1_700_000_000), transcript: "")
    let syncUp = SyncUp(id: UUID(9), meetings: [meeting], title: "Team")
    #expect(try resolveMeeting("89055850", in: syncUp).id == meeting.id)
    #expect(try resolveMeeting("8905", in: syncUp).id == meeting.id)
    #expect(try resolveMeeting("1", in: syncUp).id == meeting.id)
    #expect(throws: ReferenceError.notFound(kind: "meeting", reference: "2", suggestion: nil)) {
      try resolveMeeting("2", in: syncUp)
    }
    #expect(throws: ReferenceError.notFound(kind: "meeting", reference: "12345", suggestion: nil)) {
      try resolveMeeting("12345", in: syncUp)
    }
  }
}
