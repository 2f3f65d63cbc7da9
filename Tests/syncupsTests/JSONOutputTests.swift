import Foundation
import SyncUpsCore
import Testing

@testable import ManPageGenerator
@testable import syncups

/// Parses JSON text with Foundation, as a script's JSON parser would.
private func parse(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// The keys of a JSON object value: straight from the value we built, or, for a model's
/// object, from the text it writes.
private func keys(_ value: JSONOutput) -> Set<String> {
  switch value {
  case .object(let members):
    return Set(members.keys)
  case .model:
    let object = try? parse(value.text()) as? [String: Any]
    return Set(object?.keys.map { $0 } ?? [])
  default:
    return []
  }
}

@Suite("JSON output")
struct JSONOutputTests {
  let engineering = RenderingFixtures.engineering
  let design = RenderingFixtures.design

  @Test func syncUpObject() {
    #expect(
      JSONOutput.syncUp(engineering).text() == """
        {
          "attendees" : [
            {
              "id" : "00000000-0000-0000-0000-000000000011",
              "name" : "Blob"
            },
            {
              "id" : "00000000-0000-0000-0000-000000000012",
              "name" : "Blob Jr"
            },
            {
              "id" : "00000000-0000-0000-0000-000000000013",
              "name" : "Blob Sr"
            }
          ],
          "duration" : 600,
          "durationPerAttendee" : 200,
          "id" : "00000000-0000-0000-0000-000000000001",
          "meetings" : [
            {
              "date" : "2026-02-09T09:15:00Z",
              "id" : "00000000-0000-0000-0000-000000000021",
              "transcript" : "Blob: shipped the release\\nBlob Jr: reviewing the docs"
            },
            {
              "date" : "2026-02-06T17:40:30Z",
              "id" : "00000000-0000-0000-0000-000000000022",
              "transcript" : ""
            }
          ],
          "theme" : "bubblegum",
          "title" : "Engineering"
        }

        """)
  }

  @Test func emptyArraysAreWrittenOnOneLine() {
    #expect(
      JSONOutput.syncUps([design]).text() == """
        [
          {
            "attendees" : [
              {
                "id" : "00000000-0000-0000-0000-000000000014",
                "name" : "Ana"
              },
              {
                "id" : "00000000-0000-0000-0000-000000000015",
                "name" : "Ben"
              }
            ],
            "duration" : 90,
            "durationPerAttendee" : 45,
            "id" : "00000000-0000-0000-0000-000000000002",
            "meetings" : [],
            "theme" : "seafoam",
            "title" : "Design"
          }
        ]

        """)
    #expect(JSONOutput.syncUps([]).text() == "[]\n")
    #expect(JSONOutput.object([:]).text() == "{}\n")
  }

  @Test func parsesBackToTheSameValues() throws {
    let object = try #require(try parse(JSONOutput.syncUp(engineering).text()) as? [String: Any])
    #expect(object["id"] as? String == "00000000-0000-0000-0000-000000000001")
    #expect(object["title"] as? String == "Engineering")
    #expect(object["theme"] as? String == "bubblegum")
    #expect(object["duration"] as? Int == 600)
    #expect(object["durationPerAttendee"] as? Double == 200)
    let attendees = try #require(object["attendees"] as? [[String: Any]])
    #expect(attendees.map { $0["name"] as? String } == ["Blob", "Blob Jr", "Blob Sr"])
    #expect(attendees.map { $0["id"] as? String } == engineering.attendees.map(\.id.uuidString))
    let meetings = try #require(object["meetings"] as? [[String: Any]])
    #expect(
      meetings.map { $0["date"] as? String } == ["2026-02-09T09:15:00Z", "2026-02-06T17:40:30Z"])
    #expect(meetings.map { $0["transcript"] as? String } == engineering.meetings.map(\.transcript))
  }

  /// `list --json` holds everything the data file does, so it can be imported back.
  @Test func listReadsBackAsSyncUps() throws {
    let text = JSONOutput.syncUps([engineering, design]).text()
    let decoded = try SyncUpsFile.decode(Data(text.utf8))
    #expect(Array(decoded) == [engineering, design])
  }

  @Test func idsAreUpperCase() {
    let id = UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!
    let value = JSONOutput.attendee(Attendee(id: id, name: "Blob"))
    #expect(
      value.text(pretty: false) == #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Blob"}"#
        + "\n")
  }

  @Test func durationPerAttendeeMayHaveAFraction() throws {
    var syncUp = engineering
    syncUp.duration = 100
    let text = JSONOutput.syncUp(syncUp).text()
    #expect(text.contains("\"durationPerAttendee\" : 33.333333333333336,\n"))
    let object = try #require(try parse(text) as? [String: Any])
    #expect(object["durationPerAttendee"] as? Double == 100.0 / 3)

    syncUp.attendees = []
    #expect(JSONOutput.syncUp(syncUp).text().contains("\"durationPerAttendee\" : 100,\n"))
  }

  @Test func compactIsOneLine() {
    let text = JSONOutput.meeting(engineering.meetings[0]).text(pretty: false)
    #expect(
      text == #"{"date":"2026-02-09T09:15:00Z","id":"00000000-0000-0000-0000-000000000021","#
        + #""transcript":"Blob: shipped the release\nBlob Jr: reviewing the docs"}"# + "\n")
  }

  @Test func numbersAndLiterals() {
    let value = JSONOutput.array([
      .null, .bool(true), .bool(false), .int(-3), .double(0.5), .double(-2), .double(.nan),
      .double(.infinity),
    ])
    #expect(value.text(pretty: false) == "[null,true,false,-3,0.5,-2,null,null]\n")
  }

  @Test func stringsEscapeEverythingATerminalActsOn() throws {
    let hostile = "\u{1B}[2J\u{9B}\u{202E}\u{2066}\u{2028}\"\\/\n\r\t\u{08}\u{0C}\u{7F}\u{0}é会👍"
    let text = JSONOutput.string(hostile).text()
    #expect(
      text == #""\u001b[2J\u009b\u202e\u2066\u2028\"\\/\n\r\t\b\f\u007f\u0000é会👍""# + "\n")
    #expect(try parse(text) as? String == hostile)
  }

  @Test func hostileSyncUpIsSafeAndRoundTrips() throws {
    let hostile = RenderingFixtures.hostile
    for pretty in [true, false] {
      let text = JSONOutput.syncUp(hostile).text(pretty: pretty)
      #expect(!text.utf8.contains(0x1B))
      #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
      #expect(!text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
      #expect(!text.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
      let decoded = try SyncUpsFile.decode(Data(("[" + text + "]").utf8))
      #expect(Array(decoded) == [hostile])
    }
  }

  @Test func datesDropFractionsOfASecond() {
    let meeting = Meeting(
      id: RenderingFixtures.id(40), date: Date(timeIntervalSince1970: 1_769_850_900.75),
      transcript: "")
    #expect(JSONOutput.meeting(meeting).text().contains("\"date\" : \"2026-01-31T09:15:00Z\""))
  }

  @Test func themes() throws {
    let array = try #require(try parse(JSONOutput.themes.text()) as? [[String: String]])
    #expect(array.count == 16)
    #expect(array.map { $0["name"] } == Theme.allCases.map(\.rawValue))
    #expect(
      array[0] == [
        "name": "bubblegum", "displayName": "Bubblegum", "hex": "#EE80D1", "textColor": "black",
      ])
    #expect(array[2]["textColor"] == "white")
    #expect(
      JSONOutput.theme(.navy).text() == """
        {
          "displayName" : "Navy",
          "hex" : "#001441",
          "name" : "navy",
          "textColor" : "white"
        }

        """)
  }

  @Test func answers() {
    #expect(
      JSONOutput.deletion(of: engineering).text(pretty: false)
        == #"{"id":"00000000-0000-0000-0000-000000000001","meetingCount":2,"openItemCount":0,"#
        + #""resolvedItemCount":0,"timeAwayCount":0,"title":"Engineering","updateCount":0}"#
        + "\n")
    #expect(
      JSONOutput.deletion(of: engineering.meetings[1], from: engineering).text(pretty: false)
        == #"{"date":"2026-02-06T17:40:30Z","id":"00000000-0000-0000-0000-000000000022","#
        + #""syncUpID":"00000000-0000-0000-0000-000000000001"}"# + "\n")
    #expect(
      JSONOutput.importResult(imported: 3, skipped: 1, format: .app).text(pretty: false)
        == #"{"format":"app","imported":3,"skipped":1}"# + "\n")
  }

  @Test(arguments: [
    (ConfigKey.bell, #"{"key":"bell","value":false}"#),
    (.color, #"{"key":"color","value":"never"}"#),
    (.defaultDuration, #"{"key":"default-duration","value":90}"#),
    (.defaultTheme, #"{"key":"default-theme","value":"sky"}"#),
    (.workdays, #"{"key":"workdays","value":"sun-thu"}"#),
    (.me, #"{"key":"me","value":"Blob"}"#),
  ])
  func settingChanges(key: ConfigKey, json: String) {
    let values = ConfigValues([
      .bell: BellSetting.off, .color: ColorSetting.never, .defaultDuration: 90,
      .defaultTheme: Theme.sky, .order: SpeakingOrder.rotated, .overtime: true,
      .workdays: WorkingDays(rawValue: "sun-thu")!, .me: "Blob",
    ])
    #expect(JSONOutput.settingChange(key, values).text(pretty: false) == json + "\n")
  }

  @Test func config() {
    #expect(
      JSONOutput.config(RenderingFixtures.defaultConfig).text() == """
        {
          "bell" : true,
          "color" : "auto",
          "default-duration" : 300,
          "default-theme" : "bubblegum",
          "hook-timeout" : 10,
          "me" : null,
          "order" : "listed",
          "overtime" : false,
          "pace" : "fixed",
          "repositories" : [],
          "sync-up-repositories" : [],
          "warn" : "none",
          "workdays" : "mon-fri"
        }

        """)
  }
}

/// The keys we print are exactly those syncups(1) documents (``ManPageReference``).
@Suite("JSON keys match the man page")
struct JSONDocumentedKeysTests {
  let engineering = RenderingFixtures.engineering

  @Test func syncUpKeys() throws {
    let documented = Set(ManPageReference.syncUpFields.map(\.0))
    // Without items, updates, changes stamped, a schedule or a rota, the keys are left out.
    #expect(
      keys(.syncUp(engineering))
        == documented.subtracting(["items", "updates", "changed", "schedule", "facilitators"]))
    var withItems = engineering
    withItems.facilitators = .rotate
    withItems.schedule = Schedule(
      rule: try ScheduleRule(parsing: "weekdays 09:30"), zone: "Europe/Berlin",
      from: CalendarDay("2026-01-31")!)
    withItems.changed["title"] = engineering.meetings[0].date
    withItems.items = [
      Item(id: UUID(0x17), kind: .blocker, text: "waiting", opened: engineering.meetings[0].date)
    ]
    withItems.updates = [
      WrittenUpdate(
        attendee: engineering.attendees[0].id, day: CalendarDay("2026-01-31")!, done: "it",
        written: engineering.meetings[0].date)
    ]
    #expect(keys(.syncUp(withItems)) == documented)
    let parsed = try #require(
      try parse(JSONOutput.syncUps([withItems]).text()) as? [[String: Any]])
    #expect(Set(parsed[0].keys) == documented)
  }

  /// The recorded meeting of the fixtures, held for a meeting of its sync-up's schedule and run
  /// by a facilitator of its rota: every key a meeting may have.
  static var scheduledMeeting: Meeting {
    var meeting = RenderingFixtures.recorded
    meeting.scheduled = meeting.started?.addingTimeInterval(-150)
    meeting.facilitator = Meeting.Facilitator(RenderingFixtures.engineering.attendees[0])
    return meeting
  }

  @Test func meetingKeys() throws {
    let documented = Set(ManPageReference.meetingFields.map(\.0))
    // A recorded meeting has every documented key; one saved before records, the app's three.
    #expect(keys(.meeting(Self.scheduledMeeting)) == documented)
    #expect(keys(.meeting(engineering.meetings[0])) == ["date", "id", "transcript"])
    var syncUp = engineering
    syncUp.meetings.insert(Self.scheduledMeeting, at: 0)
    let parsed = try #require(try parse(JSONOutput.syncUp(syncUp).text()) as? [String: Any])
    let meetings = try #require(parsed["meetings"] as? [[String: Any]])
    #expect(
      meetings.map { Set($0.keys) }
        == [documented, ["date", "id", "transcript"], ["date", "id", "transcript"]])
    let turns = try #require(meetings[0]["turns"] as? [[String: Any]])
    #expect(turns.map { Set($0.keys) } == [["attendee", "name", "seconds", "slot"], ["attendee", "name", "seconds", "slot"]])
    let attendees = try #require(meetings[0]["attendees"] as? [[String: Any]])
    #expect(Set(attendees[1].keys) == ["absent", "id", "name"])
    #expect(attendees[1]["absent"] as? Bool == true)
  }

  @Test func meetingShowKeys() {
    let recorded = Self.scheduledMeeting
    var syncUp = engineering
    syncUp.meetings.insert(recorded, at: 0)
    let work = WorkCards(
      cards: [], window: WorkWindow(since: Date(timeIntervalSince1970: 0)), repositories: [])
    #expect(
      keys(
        .meeting(
          recorded, with: MeetingItems(recorded, of: syncUp), of: syncUp, age: { _ in 0 },
          work: .work(work)))
        == Set((ManPageReference.meetingFields + ManPageReference.meetingShowFields).map(\.0)))
  }

  @Test func standupKeys() throws {
    let blob = RenderingFixtures.engineering.attendees[0]
    let card = WorkCard(
      attendee: blob.id,
      commits: [
        WorkCommit(
          repository: "api", hash: "4f3e1a8", author: "Blob <blob@example.com>",
          subject: "Retry", date: Date(timeIntervalSince1970: 0))
      ])
    let work = WorkCards(
      cards: [(blob, card)], window: WorkWindow(since: Date(timeIntervalSince1970: 0)),
      repositories: ["~/src/*"])
    let object = try #require(
      try parse(JSONOutput.standup(work, of: engineering, age: { _ in 0 }).text())
        as? [String: Any])
    // `facilitator` only with a rota.
    let documented = Set(ManPageReference.standupFields.map(\.0))
    #expect(Set(object.keys) == documented.subtracting(["facilitator"]))
    var withRota = engineering
    withRota.facilitators = .rotate
    let rotating = try #require(
      try parse(
        JSONOutput.standup(work, of: withRota, age: { _ in 0 }, facilitator: blob).text())
        as? [String: Any])
    #expect(Set(rotating.keys) == documented)
    #expect(rotating["facilitator"] as? String == blob.name)
    let shown = try #require((object["attendees"] as? [[String: Any]])?.first)
    #expect(
      Set(shown.keys) == Set(ManPageReference.workCardFields.map(\.0) + ["openItems"]))
    let commit = try #require((shown["commits"] as? [[String: Any]])?.first)
    let described = try #require(ManPageReference.workCardFields.first { $0.0 == "commits" }?.1)
    for key in commit.keys { #expect(described.contains(key + " ("), "\(key)") }
  }

  /// One item object wherever an item is printed: its stored keys, then those the man page
  /// lists after them, `syncUp` only where several sync-ups are listed and `turnNumber` only
  /// in a meeting's speaker event.
  @Test func theItemObjectHasTheKeysTheManPageLists() {
    var syncUp = engineering
    let owner = syncUp.attendees[0].id
    syncUp.items = [
      Item(
        id: UUID(0x71), kind: .blocker, text: "keys", owner: owner,
        opened: Date(timeIntervalSince1970: 0), openedIn: UUID(0x72),
        resolved: Date(timeIntervalSince1970: 86_400), resolvedIn: UUID(0x72),
        resolution: "came", reopened: Date(timeIntervalSince1970: 3_600))
    ]
    syncUp.items[0].changed["text"] = Date(timeIntervalSince1970: 60)
    let listed = Set(ManPageReference.itemFields.map(\.0) + ManPageReference.itemObjectFields.map(\.0))
    var shown = ShownItem(syncUp.items[0], of: syncUp, age: { _ in 4 }, namingSyncUp: true)
    shown.turnNumber = 2
    #expect(keys(.item(shown)) == listed)
    let plain = ShownItem(syncUp.items[0], of: syncUp, age: { _ in 4 })
    #expect(keys(.item(plain)) == listed.subtracting(["syncUp", "turnNumber"]))
    #expect(
      JSONOutput.item(plain).text(pretty: false)
        == #"{"changed":{"text":"1970-01-01T00:01:00Z"},"#
        + #""id":"00000000-0000-0000-0000-000000000071","kind":"blocker","opened":"#
        + #""1970-01-01T00:00:00Z","openedIn":"00000000-0000-0000-0000-000000000072","#
        + #""owner":"\#(owner.uuidString)","reopened":"1970-01-01T01:00:00Z","#
        + #""resolution":"came","resolved":"#
        + #""1970-01-02T00:00:00Z","resolvedIn":"00000000-0000-0000-0000-000000000072","#
        + #""text":"keys","ageWorkingDays":4,"number":1,"ownerName":"\#(syncUp.attendees[0].name)"}"#
        + "\n")
  }

  /// Every key of what `sync --json` says was received is described in the man page.
  @Test func theManPageNamesEachKeyOfWhatSyncReceived() {
    let described = ManPageReference.syncFields.first { $0.0 == "received" }?.1 ?? ""
    for key in keys(SyncReport().receivedJSON) {
      #expect(described.contains(key + " ") || described.contains(key + ","), "\(key)")
    }
    #expect(ManPageReference.syncSetupFields.contains { $0.0 == "received" })
  }

  /// The man page lists each stored model's keys as the model declares them, so that a key
  /// added to a model cannot go undocumented.
  @Test func theManPageListsTheDeclaredKeys() throws {
    #expect(Set(ManPageReference.syncUpFields.map(\.0)) == Set(SyncUp.shownKeys))
    #expect(Set(ManPageReference.meetingFields.map(\.0)) == Set(Meeting.shownKeys))
    #expect(Set(ManPageReference.itemFields.map(\.0)) == Set(Item.shownKeys))
    #expect(Set(ManPageReference.updateFields.map(\.0)) == Set(WrittenUpdate.shownKeys))
    #expect(Set(ManPageReference.timeAwayFields.map(\.0)) == Set(TimeAway.shownKeys))
    #expect(Set(ManPageReference.scheduleFields.map(\.0)) == Set(Schedule.shownKeys))
    let nested: [(list: [(String, String)], entry: String, keys: [String])] = [
      (ManPageReference.syncUpFields, "attendees", Attendee.shownKeys),
      (ManPageReference.meetingFields, "attendees", MeetingAttendee.shownKeys),
      (ManPageReference.meetingFields, "turns", Meeting.Turn.shownKeys),
      (ManPageReference.scheduleFields, "skips", ScheduleSkip.shownKeys),
      (ManPageReference.scheduleFields, "moves", ScheduleMove.shownKeys),
    ]
    for (list, entry, keys) in nested {
      let description = try #require(list.first { $0.0 == entry }?.1)
      let words = Set(description.split { !$0.isLetter }.map(String.init))
      for key in keys {
        #expect(words.contains(key), "\(entry): \(key)")
      }
    }
  }

  @Test func attendeeKeys() throws {
    // The man page describes attendee objects inside the sync-up's "attendees" entry.
    let description = try #require(ManPageReference.syncUpFields.first { $0.0 == "attendees" }?.1)
    let emitted = keys(.attendee(engineering.attendees[0]))
    #expect(emitted == ["id", "name"])
    for key in emitted {
      #expect(description.contains("\(key) (String"))
    }
  }

  @Test func themeKeys() {
    let documented = Set(ManPageReference.themeFields.map(\.0))
    for theme in Theme.allCases {
      #expect(keys(.theme(theme)) == documented)
    }
  }

  @Test func configKeys() {
    #expect(
      keys(.config(RenderingFixtures.defaultConfig))
        == Set(ManPageReference.configFields.map(\.0)))
  }

  @Test func answerKeys() {
    #expect(
      keys(.deletion(of: engineering)) == Set(ManPageReference.syncUpDeletionFields.map(\.0)))
    #expect(
      keys(.deletion(of: engineering.meetings[0], from: engineering))
        == Set(ManPageReference.meetingDeletionFields.map(\.0)))
    let importFields = Set(ManPageReference.importFields.map(\.0))
    #expect(
      keys(.importResult(imported: 1, skipped: 0, format: .app))
        == importFields.subtracting(["added", "restored", "changed"]))
    #expect(
      keys(.importResult(imported: 1, skipped: 0, format: .app, merged: ([], [])))
        == importFields)
    let conflict = SyncUpsMergeConflict(
      syncUpID: engineering.id, syncUpTitle: "Engineering", path: "title", kept: .theirs,
      change: .init(
        kind: .changed, what: "title", ours: .init("'Eng'"), theirs: .init("'Core'"),
        reason: .newer))
    #expect(
      keys(ConflictRecord(conflict).json) == Set(ManPageReference.mergeConflictFields.map(\.0)))
    // Starts are left out unless a meeting records its scheduled start.
    var scheduled = engineering
    scheduled.meetings.insert(Self.scheduledMeeting, at: 0)
    #expect(
      keys(.stats(SyncUpStats(scheduled, selection: .all)))
        == Set(ManPageReference.statsFields.map(\.0)))
    #expect(
      keys(.stats(SyncUpStats(engineering, selection: .all)))
        == Set(ManPageReference.statsFields.map(\.0)).subtracting(["starts"]))
    for key in ConfigKey.allCases {
      #expect(
        keys(.settingChange(key, RenderingFixtures.defaultConfig))
          == Set(ManPageReference.settingChangeFields.map(\.0)))
    }
    #expect(
      keys(.repositories(SyncUpRepositories(paths: [], source: .setting), of: engineering))
        == Set(ManPageReference.syncUpRepositoriesFields.map(\.0)))
  }
}
