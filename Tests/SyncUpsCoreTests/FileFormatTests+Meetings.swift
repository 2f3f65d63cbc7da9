#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
@testable import SyncUpsCore
import Testing

extension FileFormatTests {
  /// What a saved meeting keeps beside the app's keys, and the keys this version does not know.
  @Suite("Meeting records and unknown keys in the file")
  struct Meetings {
    static let date = Date(timeIntervalSince1970: 1_234_567_890)

    /// A file as a version before meeting records wrote it.
    static let oldFile = #"""
      [
        {
          "attendees" : [
            {
              "id" : "00000000-0000-0000-0000-000000000002",
              "name" : "Blob"
            }
          ],
          "duration" : 600,
          "id" : "00000000-0000-0000-0000-000000000001",
          "meetings" : [
            {
              "date" : "2009-02-13T23:31:30Z",
              "id" : "00000000-0000-0000-0000-000000000004",
              "transcript" : "Blob: shipped"
            }
          ],
          "theme" : "seafoam",
          "title" : "Morning Sync"
        }
      ]
      """#

    @Test func oldFilesLoadWithoutARecordAndAreRewrittenByteForByte() throws {
      let syncUps = try SyncUpsFile.decode(Data(Self.oldFile.utf8))
      let meeting = try #require(syncUps.first?.meetings.first)
      #expect(meeting == Meeting(id: UUID(4), date: Self.date, transcript: "Blob: shipped"))
      #expect(meeting.started == nil)
      #expect(meeting.duration == nil)
      #expect(meeting.plannedDuration == nil)
      #expect(meeting.endedEarly == nil)
      #expect(meeting.attendees == nil)
      #expect(meeting.turns == nil)
      #expect(String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self) == Self.oldFile)
    }

    /// A meeting with every key of its record, as this version writes it.
    static let recordedFile = #"""
      [
        {
          "attendees" : [
            {
              "id" : "00000000-0000-0000-0000-000000000002",
              "name" : "Blob"
            },
            {
              "id" : "00000000-0000-0000-0000-000000000003",
              "name" : "Zoë"
            }
          ],
          "duration" : 600,
          "id" : "00000000-0000-0000-0000-000000000001",
          "meetings" : [
            {
              "attendees" : [
                {
                  "absent" : false,
                  "id" : "00000000-0000-0000-0000-000000000003",
                  "name" : "Zoë"
                },
                {
                  "absent" : true,
                  "id" : "00000000-0000-0000-0000-000000000002",
                  "name" : "Blob"
                }
              ],
              "date" : "2009-02-13T23:31:30Z",
              "duration" : 312,
              "endedEarly" : true,
              "id" : "00000000-0000-0000-0000-000000000004",
              "plannedDuration" : 600,
              "started" : "2009-02-13T23:26:18Z",
              "transcript" : "Zoë: ok",
              "turns" : [
                {
                  "attendee" : "00000000-0000-0000-0000-000000000003",
                  "name" : "Zoë",
                  "seconds" : 312,
                  "slot" : 300
                }
              ]
            }
          ],
          "theme" : "seafoam",
          "title" : "Morning Sync"
        }
      ]
      """#

    @Test func aMeetingWithItsRecordRoundTrips() throws {
      let syncUps = try SyncUpsFile.decode(Data(Self.recordedFile.utf8))
      let meeting = try #require(syncUps.first?.meetings.first)
      #expect(
        meeting
          == Meeting(
            id: UUID(4), date: Self.date, transcript: "Zoë: ok",
            started: Self.date - 312, duration: 312, plannedDuration: 600, endedEarly: true,
            attendees: [
              MeetingAttendee(id: UUID(3), name: "Zoë", absent: false),
              MeetingAttendee(id: UUID(2), name: "Blob", absent: true),
            ],
            turns: [Meeting.Turn(attendee: UUID(3), name: "Zoë", seconds: 312, slot: 300)]))
      #expect(meeting.turns?.first?.overtime == 12)
      #expect(String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self) == Self.recordedFile)
    }

    /// A meeting that records the scheduled meeting it was held for, as files kept it before
    /// this version read it (among the keys kept unread): it loads into the field, by both
    /// readers, and is written back as it was.
    @Test func theScheduledStartLoadsIntoItsField() throws {
      let file = Self.oldFile.replacingOccurrences(
        of: #""id" : "00000000-0000-0000-0000-000000000004","#,
        with: #""id" : "00000000-0000-0000-0000-000000000004",\#n"#
          + #"        "scheduled" : "2009-02-13T23:30:00Z","#)
      let data = Data(file.utf8)
      for syncUps in [try SyncUpsFile.decodeWithJSONDecoder(data), SyncUpsFile.decodeFast(data)] {
        let meeting = try #require(syncUps?.first?.meetings.first)
        #expect(meeting.scheduled == Self.date - 90)
        #expect(meeting.unknownKeys == [:])
        #expect(meeting.lateness == 90)
      }
      let syncUps = try SyncUpsFile.decode(data)
      #expect(String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self) == file)
    }

    @Test func overtimeIsNeverNegative() {
      #expect(Meeting.Turn(attendee: UUID(1), name: "Blob", seconds: 250, slot: 300).overtime == 0)
    }

    /// A file a later version wrote: keys this one does not know on sync-ups, attendees,
    /// meetings, meeting attendees and turns, holding every kind of JSON value.
    static let futureFile = #"""
      [
        {
          "attendees" : [
            {
              "id" : "00000000-0000-0000-0000-000000000002",
              "name" : "Blob",
              "pronouns" : "they\/them"
            }
          ],
          "duration" : 600,
          "goal" : {
            "due" : "2030-01-01",
            "empty" : {

            },
            "list" : [
              1,
              -2.5,
              12345678901234567890,
              true,
              false,
              null,
              "q\"\\\n\u0001é",
              [

              ]
            ]
          },
          "id" : "00000000-0000-0000-0000-000000000001",
          "meetings" : [
            {
              "attendees" : [
                {
                  "absent" : false,
                  "id" : "00000000-0000-0000-0000-000000000002",
                  "mood" : 3,
                  "name" : "Blob"
                }
              ],
              "date" : "2009-02-13T23:31:30Z",
              "id" : "00000000-0000-0000-0000-000000000004",
              "rating" : null,
              "transcript" : "",
              "turns" : [
                {
                  "attendee" : "00000000-0000-0000-0000-000000000002",
                  "interrupted" : true,
                  "name" : "Blob",
                  "seconds" : 10,
                  "slot" : 600
                }
              ],
              "zone" : "Europe\/Paris"
            }
          ],
          "theme" : "seafoam",
          "title" : "Morning Sync",
          "zzz" : [
            {
              "a" : 0
            }
          ]
        }
      ]
      """#.replacingOccurrences(of: "\\/", with: "/")

    @Test func unknownKeysSurviveAnEditWithOnlyTheEditedLineChanged() throws {
      var syncUps = try SyncUpsFile.decode(Data(Self.futureFile.utf8))
      #expect(syncUps[0].unknownKeys["zzz"] == .array([.object(["a": .number(0)])]))
      #expect(syncUps[0].attendees[0].unknownKeys == ["pronouns": .string("they/them")])
      #expect(
        syncUps[0].meetings[0].unknownKeys == ["rating": .null, "zone": .string("Europe/Paris")])
      #expect(syncUps[0].meetings[0].attendees?[0].unknownKeys == ["mood": .number(3)])
      #expect(syncUps[0].meetings[0].turns?[0].unknownKeys == ["interrupted": .bool(true)])
      syncUps[0].title = "Evening Sync"

      let written = String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self)
      #expect(
        written
          == Self.futureFile.replacingOccurrences(
            of: #""title" : "Morning Sync""#, with: #""title" : "Evening Sync""#))
    }

    @Test func unknownNumbersKeepTheirValueAndStringsTheirCharacters() throws {
      let json = #"""
        [{"attendees": [], "duration": 60, "id": "00000000-0000-0000-0000-000000000001",
          "meetings": [], "theme": "navy", "title": "",
          "n": [1e3, -0, 12345678901234567890, 0.1, -1.50E-2, 1e200, -1.5e-200], "s": "\u00e9\/\ud83d\ude00\t"}]
        """#
      let syncUps = try SyncUpsFile.decode(Data(json.utf8))
      let written = String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self)
      #expect(written.contains(#"""
            "n" : [
              1000,
              0,
              12345678901234567890,
              0.1,
              -0.015,
              1e+200,
              -1.5e-200
            ],
            "s" : "é/😀\t",
        """#))
    }
  }
}
