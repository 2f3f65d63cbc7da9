import Foundation
import SharedState
import SyncUpsCore
import Testing

extension SyncUpsRun {
  /// Makes `syncUps` the data file, in syncups' own format.
  func store(_ syncUps: [SyncUp]) throws {
    let data = try SyncUpsFile.encode(IdentifiedArray(uniqueElements: syncUps))
    try writeDataFile(String(decoding: data, as: UTF8.self))
  }

  /// The titles in the data file, in list order.
  func titles() throws -> [String] {
    let listed = try #require(try json(try self("list", "--json")) as? [[String: Any]])
    return listed.compactMap { $0["title"] as? String }
  }

  /// The ids of the meetings of `syncUp` in the data file, newest first.
  func meetingIDs(of syncUp: String) throws -> [String] {
    let shown = try #require(try json(try self("show", syncUp, "--json")) as? [String: Any])
    let meetings = try #require(shown["meetings"] as? [[String: Any]])
    return meetings.compactMap { $0["id"] as? String }
  }
}

/// Sync-ups whose ids and titles start alike, as they do in real life ("Beef stew" and an id
/// starting BEEF), with meetings on known dates (shown in UTC by the test runs).
enum Kitchen {
  static func id(_ text: String) -> UUID { UUID(uuidString: text)! }

  static let shipped = Meeting(
    id: id("AB120000-0000-4000-8000-000000000001"),
    date: Date(timeIntervalSince1970: 1_770_628_500),  // Mon 9 Feb 2026, 09:15
    transcript: "Ana: shipped it\nBen: reviewing")
  static let quiet = Meeting(
    id: id("CD340000-0000-4000-8000-000000000002"),
    date: Date(timeIntervalSince1970: 1_770_399_630),  // Fri 6 Feb 2026, 17:40:30
    transcript: "")
  static let old = Meeting(
    id: id("EF560000-0000-4000-8000-000000000003"),
    date: Date(timeIntervalSince1970: 1_769_936_400),  // Sun 1 Feb 2026, 09:00
    transcript: "\nBen: first one")

  static let alpha = SyncUp(
    id: id("BEEF0000-0000-4000-8000-00000000000A"),
    attendees: [Attendee(id: id("A77E0000-0000-4000-8000-000000000001"), name: "Ana")],
    meetings: [shipped, quiet, old], title: "Alpha")
  static let beefStew = SyncUp(
    id: id("5EED0000-0000-4000-8000-00000000000B"),
    attendees: [Attendee(id: id("A77E0000-0000-4000-8000-000000000002"), name: "Ben")],
    duration: 600, theme: .teal, title: "Beef stew")
}

@Suite("End to end: references and ids")
struct ReferenceEndToEndTests {
  @Test func anIDPrefixThatIsAlsoATitlePrefixIsAmbiguousAndChangesNothing() throws {
    let syncups = SyncUpsRun()
    try syncups.store([Kitchen.alpha, Kitchen.beefStew])
    let before = syncups.dataBytes
    let ambiguity = """
      Error: 'beef' matches 2 sync-ups:
        BEEF0000  Alpha
        5EED0000  Beef stew
      Use more of the title, or an id.

      """
    for arguments in [
      ["show", "beef"], ["delete", "beef", "--yes"], ["edit", "beef", "--title", "Gone"],
      ["meeting", "show", "beef", "1"], ["meeting", "delete", "beef", "1", "--yes"],
      ["meetings", "beef"],
    ] {
      let result = try syncups.run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.output == "", "\(arguments)")
      #expect(result.error == ambiguity, "\(arguments)")
      #expect(syncups.dataBytes == before, "\(arguments)")
    }
    #expect(try syncups("show", "beef s").output.contains("  Title         Beef stew\n"))
    #expect(try syncups("show", "beef0").output.contains("  Title         Alpha\n"))
    #expect(try syncups("delete", "BEEF0000", "--yes").status == 0)
    #expect(try syncups.titles() == ["Beef stew"])
  }

  @Test func referencesThatMissSayWhy() throws {
    let syncups = SyncUpsRun()
    try syncups.store([Kitchen.alpha, Kitchen.beefStew])
    let short = try syncups("show", "5ee")
    #expect(short.status == 1)
    #expect(short.error == "Error: no sync-up matches '5ee': an id prefix needs at least 4 hex digits\n")
    #expect(try syncups("show", "5eed").output.contains("  Title         Beef stew\n"))
    let past = try syncups("meeting", "show", "alpha", "9")
    #expect(past.status == 1)
    #expect(past.error == "Error: no meeting matches '9': 'Alpha' has 3 meetings\n")
    let none = try syncups("meeting", "show", "beef s", "1")
    #expect(none.error == "Error: no meeting matches '1': 'Beef stew' has no meetings\n")
    let shortMeeting = try syncups("meeting", "show", "alpha", "cd3")
    #expect(
      shortMeeting.error
        == "Error: no meeting matches 'cd3': an id prefix needs at least 4 hex digits\n")
  }

  @Test func listShowAndMeetingsPrintTheShortIDsReferencesTake() throws {
    let syncups = SyncUpsRun()
    try syncups.store([Kitchen.alpha, Kitchen.beefStew])
    #expect(
      try syncups("list").output == """
        ID        TITLE      ATTENDEES  LENGTH  THEME      MEETINGS
        BEEF0000  Alpha              1  5 min   Bubblegum         3
        5EED0000  Beef stew          1  10 min  Teal              0

        """)
    #expect(
      try syncups("show", "alpha").output == """
        Sync-up Info
          Title         Alpha
          ID            BEEF0000
          Length        5 min
          Theme         Bubblegum
          Per attendee  5 min

        Past meetings
          1  Mon 9 Feb 2026, 09:15  AB120000
          2  Fri 6 Feb 2026, 17:40  CD340000
          3  Sun 1 Feb 2026, 09:00  EF560000

        Attendees
          Ana

        """)
    let meetings = try syncups("meetings", "alpha")
    #expect(meetings.status == 0)
    #expect(
      meetings.output == """
        1  Mon 9 Feb 2026, 09:15  AB120000  Ana: shipped it
        2  Fri 6 Feb 2026, 17:40  CD340000  (no notes)
        3  Sun 1 Feb 2026, 09:00  EF560000  Ben: first one

        """)
    // What is printed is what the commands take.
    #expect(try syncups("show", "5EED0000").output.contains("  Title         Beef stew\n"))
    let meeting = try syncups("meeting", "show", "BEEF0000", "CD340000")
    #expect(meeting.output.contains("  Date     Fri 6 Feb 2026, 17:40\n"))
  }

  @Test func theEmptyHistoryHintNamesTheSyncUpAsItCanBeTyped() throws {
    let syncups = SyncUpsRun()
    let untitled = SyncUp(id: Kitchen.id("7E570000-0000-4000-8000-00000000000C"))
    let twin = SyncUp(id: Kitchen.id("7A1B0000-0000-4000-8000-00000000000D"), title: "Beef stew")
    let review = SyncUp(
      id: Kitchen.id("4E710000-0000-4000-8000-00000000000E"), title: "It's review")
    let ops = SyncUp(id: Kitchen.id("0B500000-0000-4000-8000-00000000000F"), title: "Ops")
    try syncups.store([Kitchen.beefStew, untitled, twin, review, ops])
    for (reference, typed) in [
      ("ops", "Ops"), ("it's", #"'It'\''s review'"#), ("7E57", "7E570000"),
      ("5EED", "5EED0000"), ("7A1B", "7A1B0000"),
    ] {
      let result = try syncups("meetings", reference)
      #expect(result.status == 0)
      #expect(result.output == "")
      #expect(result.error == "No meetings yet. Run one with: syncups start \(typed)\n")
    }
  }

  @Test func aTitleSharedWithAnotherSyncUpIsWarnedAbout() throws {
    let syncups = SyncUpsRun()
    try syncups.store([Kitchen.alpha, Kitchen.beefStew])
    let added = try syncups("add", "--title", "ALPHA", "--json")
    #expect(added.status == 0)
    let object = try #require(try syncups.json(added) as? [String: Any])
    let id = try #require((object["id"] as? String)?.prefix(8))
    #expect(
      added.error
        == "Warning: another sync-up has the title 'ALPHA' too (BEEF0000); "
        + "name this one by its id, \(id).\n")
    let edited = try syncups("edit", "beef stew", "--title", "alpha")
    #expect(edited.status == 0)
    #expect(
      edited.error == "Updated 'alpha' (5EED0000).\n"
        + "Warning: 2 other sync-ups have the title 'alpha' too (BEEF0000, \(id)); "
        + "name this one by its id, 5EED0000.\n")
    // Only a command that sets the title warns, and --quiet silences it.
    let lengthened = try syncups("edit", "5EED", "--duration", "3m")
    #expect(lengthened.error == "Updated 'alpha' (5EED0000).\n")
    #expect(try syncups("-q", "add", "--title", "Alpha").error == "")
    #expect(try syncups.titles() == ["Alpha", "alpha", "ALPHA", "Alpha"])
  }
}
