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

  @Test func shortIDPrefixesAreNotIDsAndSaySo() {
    let error = ReferenceError.notFound(
      kind: "sync-up", reference: "bbb", suggestion: nil,
      hint: "an id prefix needs at least 4 hex digits")
    #expect(throws: error) { try resolveSyncUp("bbb", in: all) }
    #expect(
      error.message == "no sync-up matches 'bbb': an id prefix needs at least 4 hex digits")
    // No hint where no id starts so.
    #expect(throws: ReferenceError.notFound(kind: "sync-up", reference: "fff", suggestion: nil)) {
      try resolveSyncUp("fff", in: all)
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
    let past = ReferenceError.notFound(
      kind: "meeting", reference: "3", suggestion: nil, hint: "'Team' has 2 meetings")
    #expect(throws: past) { try resolveMeeting("3", in: syncUp) }
    #expect(past.message == "no meeting matches '3': 'Team' has 2 meetings")
    #expect(
      throws: ReferenceError.notFound(
        kind: "meeting", reference: "ffff", suggestion: nil, hint: "'Team' has 2 meetings")
    ) {
      try resolveMeeting("ffff", in: syncUp)
    }
    #expect(
      throws: ReferenceError.notFound(
        kind: "meeting", reference: "eee", suggestion: nil,
        hint: "an id prefix needs at least 4 hex digits")
    ) {
      try resolveMeeting("eee", in: syncUp)
    }
    let none = SyncUp(id: UUID(8), title: "Empty")
    #expect(
      throws: ReferenceError.notFound(
        kind: "meeting", reference: "1", suggestion: nil, hint: "'Empty' has no meetings")
    ) {
      try resolveMeeting("1", in: none)
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
    #expect(
      throws: ReferenceError.notFound(
        kind: "meeting", reference: "2", suggestion: nil, hint: "'Team' has 1 meeting")
    ) {
      try resolveMeeting("2", in: syncUp)
    }
    #expect(
      throws: ReferenceError.notFound(
        kind: "meeting", reference: "12345", suggestion: nil, hint: "'Team' has 1 meeting")
    ) {
      try resolveMeeting("12345", in: syncUp)
    }
  }

  // An id prefix and a title prefix count alike: neither is preferred to the other.

  private static let alpha = SyncUp(
    id: UUID(uuidString: "BEEF0000-0000-0000-0000-000000000001")!, title: "Alpha")
  private static let beefStew = SyncUp(
    id: UUID(uuidString: "12340000-0000-0000-0000-000000000002")!, title: "Beef stew")
  private static let kitchen: IdentifiedArrayOf<SyncUp> = [alpha, beefStew]

  @Test func anIDPrefixAndATitlePrefixOfDifferentSyncUpsAreAmbiguous() {
    #expect(throws: ReferenceError.ambiguous(
      kind: "sync-up", reference: "beef",
      candidates: ["BEEF0000  Alpha", "12340000  Beef stew"])
    ) {
      try resolveSyncUp("beef", in: Self.kitchen)
    }
  }

  @Test func moreOfEitherResolves() throws {
    #expect(try resolveSyncUp("beef s", in: Self.kitchen).id == Self.beefStew.id)
    #expect(try resolveSyncUp("beef0", in: Self.kitchen).id == Self.alpha.id)
    #expect(try resolveSyncUp("BEEF0000", in: Self.kitchen).id == Self.alpha.id)
  }

  @Test func anExactTitleBeatsAnIDPrefix() throws {
    let beef = SyncUp(id: UUID(uuidString: "12340000-0000-0000-0000-000000000003")!, title: "Beef")
    let syncUps = IdentifiedArrayOf<SyncUp>(uniqueElements: [Self.alpha, Self.beefStew, beef])
    #expect(try resolveSyncUp("beef", in: syncUps).id == beef.id)
  }

  @Test func aFullIDBeatsATitlePrefix() throws {
    let titledLikeAnID = SyncUp(
      id: UUID(uuidString: "12340000-0000-0000-0000-000000000004")!,
      title: "BEEF0000-0000-0000-0000-000000000001 notes")
    let syncUps = IdentifiedArrayOf<SyncUp>(
      uniqueElements: [Self.alpha, Self.beefStew, titledLikeAnID])
    let fullID = "BEEF0000-0000-0000-0000-000000000001"
    #expect(try resolveSyncUp(fullID, in: syncUps).id == Self.alpha.id)
    #expect(try resolveSyncUp("beef0000000000000000000000000001", in: syncUps).id == Self.alpha.id)
  }

  /// `1234` could be the 1234th meeting or the start of an id: it is the position, as git
  /// takes a full ref before an abbreviated hash; more of the id names the other.
  @Test func aNumberThatIsAPositionIsThePositionBeforeAnIDPrefix() throws {
    let meetings = (0..<1235).map { index in
      Meeting(
        id: UUID(
          uuidString: String(format: "%08X-0000-0000-0000-000000000000", 0xA000_0000 + index))!,
        date: Date(timeIntervalSince1970: 1_700_000_000 - Double(index) * 86_400), transcript: "")
    }
    let byID = Meeting(
      id: UUID(uuidString: "12340000-0000-0000-0000-000000000000")!,
      date: Date(timeIntervalSince1970: 1_500_000_000), transcript: "")
    let syncUp = SyncUp(
      id: UUID(9), meetings: IdentifiedArray(uniqueElements: meetings + [byID]), title: "Team")
    #expect(try resolveMeeting("1234", in: syncUp).id == meetings[1233].id)
    #expect(try resolveMeeting("1235", in: syncUp).id == meetings[1234].id)
    #expect(try resolveMeeting("12340", in: syncUp).id == byID.id)
  }

  /// With 5000 items, `5000` is the 5000th even though another's id starts `5000`; with
  /// fewer, no position can be `5000` and it is that id's prefix.
  @Test func anItemNumberIsItsPositionAndOtherwiseAnIDPrefix() throws {
    func items(_ count: Int) -> [Item] {
      (0..<count).map { index in
        Item(
          id: UUID(
            uuidString: String(format: "A%07X-0000-0000-0000-000000000000", index))!,
          kind: .action, text: "item \(index + 1)", opened: Date(timeIntervalSince1970: 0))
      }
    }
    let byID = Item(
      id: UUID(uuidString: "50000000-0000-0000-0000-000000000000")!, kind: .blocker,
      text: "keys", opened: Date(timeIntervalSince1970: 0))
    let many = SyncUp(
      id: UUID(9), items: IdentifiedArray(uniqueElements: items(5000) + [byID]), title: "Huge")
    #expect(try resolveItem("5000", in: many).text == "item 5000")
    #expect(try resolveItem("5001", in: many).id == byID.id)
    #expect(try resolveItem("50000", in: many).id == byID.id)
    let few = SyncUp(
      id: UUID(9), items: IdentifiedArray(uniqueElements: items(3) + [byID]), title: "Small")
    #expect(try resolveItem("5000", in: few).id == byID.id)
    #expect(try resolveItem("3", in: few).text == "item 3")
    #expect(throws: ReferenceError.notFound(
      kind: "item", reference: "6000", suggestion: nil, hint: "'Small' has 4 items")
    ) {
      try resolveItem("6000", in: few)
    }
  }

  @Test func severalItemsSharingAnIDPrefixAreToldApartByItems() {
    let first = Item(
      id: UUID(uuidString: "ABCD0000-0000-0000-0000-000000000001")!, kind: .action, text: "one",
      opened: Date(timeIntervalSince1970: 0))
    let second = Item(
      id: UUID(uuidString: "ABCD0000-0000-0000-0000-000000000002")!, kind: .blocker, text: "two",
      opened: Date(timeIntervalSince1970: 0))
    let syncUp = SyncUp(id: UUID(9), items: [first, second], title: "Team")
    do {
      _ = try resolveItem("abcd", in: syncUp)
      Issue.record("an ambiguous prefix resolved")
    } catch {
      #expect(
        error.message == """
          'abcd' matches 2 items:
            ABCD0000  one
            ABCD0000  two
          Use more of the id, or the item's number in 'syncups items'.
          """)
    }
  }
}
