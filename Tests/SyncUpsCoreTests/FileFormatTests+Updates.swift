#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
@testable import SyncUpsCore
import Testing

/// Written updates on the sync-up and time away on its attendees, in the file: each key is
/// there only when there is something in it.
@Suite("Sync-ups file: written updates and time away")
struct UpdateFileFormatTests {
  static let written = Date(timeIntervalSince1970: 1_234_567_890)
  static let blobID = UUID(2)

  /// Blob, away for a week with a note and from a day on without an end, with an update of
  /// every key and one with only those every update holds.
  static let syncUp: SyncUp = {
    var blob = Attendee(id: blobID, name: "Blob")
    blob.away = [
      TimeAway(
        id: UUID(5), from: CalendarDay("2009-02-16")!, to: CalendarDay("2009-02-20")!,
        note: "ski \"trip\""),
      TimeAway(id: UUID(6), from: CalendarDay("2009-03-02")!),
    ]
    var syncUp = SyncUp(id: UUID(1), attendees: [blob], title: "Eng")
    syncUp.updates = [
      WrittenUpdate(
        attendee: blobID, day: CalendarDay("2009-02-13")!, done: "the login page",
        next: "the signup page", blockers: ["waiting on API keys", "no review"],
        written: written),
      WrittenUpdate(attendee: blobID, day: CalendarDay("2009-02-14")!, written: written),
    ]
    return syncUp
  }()

  @Test func updatesAndTimeAwayAreWrittenByTheirKeysInOrder() throws {
    let data = try SyncUpsFile.encode([Self.syncUp])
    #expect(String(decoding: data, as: UTF8.self) == #"""
      [
        {
          "attendees" : [
            {
              "away" : [
                {
                  "from" : "2009-02-16",
                  "id" : "00000000-0000-0000-0000-000000000005",
                  "note" : "ski \"trip\"",
                  "to" : "2009-02-20"
                },
                {
                  "from" : "2009-03-02",
                  "id" : "00000000-0000-0000-0000-000000000006"
                }
              ],
              "id" : "00000000-0000-0000-0000-000000000002",
              "name" : "Blob"
            }
          ],
          "duration" : 300,
          "id" : "00000000-0000-0000-0000-000000000001",
          "meetings" : [

          ],
          "theme" : "bubblegum",
          "title" : "Eng",
          "updates" : [
            {
              "attendee" : "00000000-0000-0000-0000-000000000002",
              "blockers" : [
                "waiting on API keys",
                "no review"
              ],
              "day" : "2009-02-13",
              "done" : "the login page",
              "next" : "the signup page",
              "written" : "2009-02-13T23:31:30Z"
            },
            {
              "attendee" : "00000000-0000-0000-0000-000000000002",
              "day" : "2009-02-14",
              "written" : "2009-02-13T23:31:30Z"
            }
          ]
        }
      ]
      """#)
    #expect(data == (try SyncUpsFile.encodeWithJSONEncoder([Self.syncUp])))
    #expect(SyncUpsFile.decodeFast(data) == [Self.syncUp])
    #expect(try SyncUpsFile.decodeWithJSONDecoder(data) == [Self.syncUp])
  }

  /// Without updates or time away the keys are absent, so a file written before they existed
  /// keeps its bytes, and loads with none.
  @Test func noUpdatesNoKeys() throws {
    let absent = "[\(FileFormatTests.syncUpJSON())]"
    let syncUps = try SyncUpsFile.decode(Data(absent.utf8))
    #expect(syncUps[0].updates == [])
    #expect(syncUps[0].attendees[0].away == [])
    let data = try SyncUpsFile.encode(syncUps)
    #expect(!String(decoding: data, as: UTF8.self).contains("updates"))
    #expect(!String(decoding: data, as: UTF8.self).contains("away"))
    let empty = "[\(FileFormatTests.syncUpJSON(["updates": "[]", "attendees": #"[{"away": [], "id": "00000000-0000-0000-0000-000000000002", "name": "Blob"}]"#]))]"
    #expect(try SyncUpsFile.decode(Data(empty.utf8)) == syncUps)
  }

  /// An update's and a time away's keys a later version added are kept and written back.
  @Test func unknownKeysAreKept() throws {
    let json = """
      [\(FileFormatTests.syncUpJSON([
        "attendees": #"[{"away": [{"from": "2009-02-16", "id": "00000000-0000-0000-0000-000000000005", "reason": "leave"}], "id": "00000000-0000-0000-0000-000000000002", "name": "Blob"}]"#,
        "updates": #"[{"attendee": "00000000-0000-0000-0000-000000000002", "day": "2009-02-13", "mood": 3, "written": "2009-02-13T23:31:30Z"}]"#,
      ]))]
      """
    let syncUps = try SyncUpsFile.decode(Data(json.utf8))
    #expect(
      syncUps[0].updates.elements == [
        WrittenUpdate(
          attendee: Self.blobID, day: CalendarDay("2009-02-13")!, written: Self.written,
          unknownKeys: ["mood": .number(3)])
      ])
    #expect(
      syncUps[0].attendees[0].away.elements == [
        TimeAway(
          id: UUID(5), from: CalendarDay("2009-02-16")!, unknownKeys: ["reason": .string("leave")])
      ])
    let written = try SyncUpsFile.encode(syncUps)
    #expect(String(decoding: written, as: UTF8.self).contains(#""mood" : 3"#))
    #expect(String(decoding: written, as: UTF8.self).contains(#""reason" : "leave""#))
    #expect(try SyncUpsFile.decode(written) == syncUps)
  }

  /// The SyncUps app's file has neither key, and imports with none.
  @Test func theAppsFileStillImports() throws {
    let json = "[\(FileFormatTests.syncUpJSON(format: .app))]"
    let syncUps = try SyncUpsFile.decodeAppFormat(Data(json.utf8))
    #expect(syncUps[0].updates == [])
    #expect(syncUps[0].attendees.map(\.away) == [[]])
    #expect(syncUps[0].attendees.map(\.name) == ["Blob"])
  }

  static let badFiles: [FileFormatTests.BadFile] = [
    .init(
      name: "an update's day that is not a day",
      json: "[\(FileFormatTests.syncUpJSON(["updates": #"[{"attendee": "00000000-0000-0000-0000-000000000002", "day": "2009-02-30", "written": "2009-02-13T23:31:30Z"}]"#]))]",
      failure: FileFormatTests.DecodingFailure(
        kind: "dataCorrupted", path: "[0].updates[0].day",
        message: "Day '2009-02-30' is not a date such as 2026-11-25")),
    .init(
      name: "two updates of one attendee for one day",
      json: "[\(FileFormatTests.syncUpJSON(["updates": #"[{"attendee": "00000000-0000-0000-0000-000000000002", "day": "2009-02-13", "written": "2009-02-13T23:31:30Z"}, {"attendee": "00000000-0000-0000-0000-000000000002", "day": "2009-02-13", "done": "b", "written": "2009-02-13T23:31:30Z"}]"#]))]",
      failure: FileFormatTests.DecodingFailure(
        kind: "dataCorrupted", path: "[0].updates[1]",
        message: "Duplicate update id \(WrittenUpdate.id(of: UUID(2), for: CalendarDay("2009-02-13")!)): the update at index 0 has it too")),
    .init(
      name: "time away without its first day",
      json: "[\(FileFormatTests.syncUpJSON(["attendees": #"[{"away": [{"id": "00000000-0000-0000-0000-000000000005"}], "id": "00000000-0000-0000-0000-000000000002", "name": "Blob"}]"#]))]",
      failure: FileFormatTests.DecodingFailure(
        kind: "keyNotFound", path: "[0].attendees[0].away[0].from",
        message: #"No value associated with key CodingKeys(stringValue: "from", intValue: nil) ("from")."#)),
  ]

  @Test(arguments: badFiles)
  func strictDecodingOfUpdatesAndTimeAway(_ bad: FileFormatTests.BadFile) {
    #expect(
      FileFormatTests.decodingFailure { try SyncUpsFile.decode(Data(bad.json.utf8)) }
        == bad.failure)
  }
}

/// The questions a meeting and the commands ask of updates and time away.
@Suite("Written updates and time away: queries")
struct UpdateQueryTests {
  static let blob = Attendee(id: UUID(2), name: "Blob")
  static let ana = Attendee(id: UUID(3), name: "Ana")
  static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }
  static func at(_ text: String) -> Date {
    Date(timeIntervalSince1970: Double(day(String(text.prefix(10))).daysSince1970 * 86_400))
      + Double(Int(text.dropFirst(11).prefix(2))!) * 3600
  }

  @Test func calendarDays() {
    #expect(CalendarDay("2026-11-25")?.text == "2026-11-25")
    #expect(CalendarDay("2026-11-25")?.weekday == 3)
    #expect(CalendarDay("2024-02-29")?.adding(days: 1).text == "2024-03-01")
    for text in ["2026-02-29", "2026-13-01", "2026-1-01", "26-11-25", "2026-11-25 ", "0000-01-01"] {
      #expect(CalendarDay(text) == nil, "\(text)")
    }
    // 23:30 UTC on the 24th is the 25th in Tokyo and the 24th in Honolulu.
    let moment = Self.at("2026-11-24T23")
    #expect(CalendarDay(moment + 1800, utcOffset: { _ in 9 * 3600 }).text == "2026-11-25")
    #expect(CalendarDay(moment + 1800, utcOffset: { _ in -10 * 3600 }).text == "2026-11-24")
    #expect(CalendarDay(Date(timeIntervalSince1970: -1), utcOffset: { _ in 0 }).text == "1969-12-31")
  }

  @Test func anUpdateIsFoundByItsAttendeeAndDay() {
    var syncUp = SyncUp(id: UUID(1), attendees: [Self.blob, Self.ana])
    let blobs = WrittenUpdate(
      attendee: Self.blob.id, day: Self.day("2026-11-25"), done: "a", written: Self.at("2026-11-25T08"))
    let anas = WrittenUpdate(
      attendee: Self.ana.id, day: Self.day("2026-11-25"), done: "b", written: Self.at("2026-11-25T07"))
    syncUp.updates = [anas, blobs]
    #expect(syncUp.update(of: Self.blob.id, for: Self.day("2026-11-25")) == blobs)
    #expect(syncUp.update(of: Self.blob.id, for: Self.day("2026-11-24")) == nil)
    // In speaking order, whoever wrote first.
    #expect(syncUp.updates(for: Self.day("2026-11-25")) == [blobs, anas])
    #expect(syncUp.updates(for: Self.day("2026-11-26")) == [])
    #expect(blobs.id != anas.id)
    #expect(blobs.id != WrittenUpdate.id(of: Self.blob.id, for: Self.day("2026-11-26")))
  }

  /// The update written the evening before a meeting shows at it; one written before the last
  /// meeting does not, nor one for a later day.
  @Test func theUpdateSinceTheLastMeeting() {
    var syncUp = SyncUp(id: UUID(1), attendees: [Self.blob])
    let monday = WrittenUpdate(
      attendee: Self.blob.id, day: Self.day("2026-11-23"), done: "monday",
      written: Self.at("2026-11-23T08"))
    let tuesdayEvening = WrittenUpdate(
      attendee: Self.blob.id, day: Self.day("2026-11-24"), done: "tuesday evening",
      written: Self.at("2026-11-24T18"))
    let thursday = WrittenUpdate(
      attendee: Self.blob.id, day: Self.day("2026-11-26"), done: "thursday",
      written: Self.at("2026-11-24T19"))
    syncUp.updates = [monday, tuesdayEvening, thursday]
    let wednesday = Self.day("2026-11-25")
    // No meeting yet: the newest before the day.
    #expect(syncUp.updateSinceLastMeeting(of: Self.blob.id, for: wednesday) == tuesdayEvening)
    syncUp.meetings = [Meeting(id: UUID(9), date: Self.at("2026-11-24T09"), transcript: "")]
    #expect(syncUp.updateSinceLastMeeting(of: Self.blob.id, for: wednesday) == tuesdayEvening)
    syncUp.meetings = [Meeting(id: UUID(9), date: Self.at("2026-11-24T20"), transcript: "")]
    #expect(syncUp.updateSinceLastMeeting(of: Self.blob.id, for: wednesday) == nil)
    // The day's own update shows whenever it was written.
    #expect(
      syncUp.updateSinceLastMeeting(of: Self.blob.id, for: Self.day("2026-11-23")) == monday)
  }

  @Test func whoIsAway() {
    var blob = Self.blob
    blob.away = [
      TimeAway(id: UUID(5), from: Self.day("2026-11-23"), to: Self.day("2026-11-24")),
      TimeAway(id: UUID(6), from: Self.day("2026-12-01"), note: "leave"),
    ]
    let syncUp = SyncUp(id: UUID(1), attendees: [Self.ana, blob])
    #expect(syncUp.attendees.filter { $0.timeAway(on: Self.day("2026-11-22")) != nil } == [])
    #expect(syncUp.attendees.filter { $0.timeAway(on: Self.day("2026-11-23")) != nil } == [blob])
    #expect(syncUp.attendees.filter { $0.timeAway(on: Self.day("2026-11-24")) != nil } == [blob])
    #expect(syncUp.attendees.filter { $0.timeAway(on: Self.day("2026-11-25")) != nil } == [])
    #expect(blob.timeAway(on: Self.day("2027-06-01"))?.note == "leave")
  }
}
