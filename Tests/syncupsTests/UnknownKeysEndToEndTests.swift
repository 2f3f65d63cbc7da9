import Foundation
import Testing

/// A data file written by a later version, with keys this one does not know: commands that
/// change the file change only what they are about and write every unknown key back.
@Suite("Unknown keys end to end")
struct UnknownKeysEndToEndTests {
  /// Two meetings, the newest first; unknown keys on the sync-up, an attendee and both
  /// meetings, of every kind of JSON value.
  static let file = #"""
    [
      {
        "attendees" : [
          {
            "id" : "00000000-0000-0000-0000-000000000002",
            "name" : "Blob",
            "pronouns" : "they"
          }
        ],
        "duration" : 600,
        "goal" : {
          "due" : "2030-01-01",
          "steps" : [
            1,
            -2.5,
            12345678901234567890,
            true,
            null,
            "a \"b\"\n"
          ]
        },
        "id" : "00000000-0000-0000-0000-000000000001",
        "meetings" : [
          {
            "date" : "2009-02-14T23:31:30Z",
            "id" : "00000000-0000-0000-0000-000000000005",
            "rating" : 5,
            "transcript" : "Blob: newer"
          },
          {
            "date" : "2009-02-13T23:31:30Z",
            "id" : "00000000-0000-0000-0000-000000000004",
            "mood" : {
              "score" : 0.5
            },
            "transcript" : "Blob: older"
          }
        ],
        "theme" : "seafoam",
        "title" : "Eng",
        "zzz" : false
      }
    ]
    """#

  /// The newest meeting's object in `file`, with the line break before it.
  static let newestMeeting = #"""

          {
            "date" : "2009-02-14T23:31:30Z",
            "id" : "00000000-0000-0000-0000-000000000005",
            "rating" : 5,
            "transcript" : "Blob: newer"
          },
    """#

  @Test func editMeetingDeleteAndAPipedMeetingKeepEveryUnknownKey() throws {
    let syncups = SyncUpsRun()
    try syncups.writeDataFile(Self.file)

    let edited = try syncups("edit", "eng", "--title", "Eng core")
    #expect(edited.status == 0, "\(edited.error)")
    var expected = Self.file.replacingOccurrences(
      of: #""title" : "Eng""#, with: #""title" : "Eng core""#)
    // Everything kept, and when the title was changed added.
    #expect(Self.text(of: syncups).contains(#/"changed" : \{\n *"title" : "[^"]*"\n *\},/#))
    #expect(withoutStamps(Self.text(of: syncups)) == expected)

    let deleted = try syncups("meeting", "delete", "eng", "1", "--yes")
    #expect(deleted.status == 0, "\(deleted.error)")
    expected = expected.replacingOccurrences(of: Self.newestMeeting, with: "")
    #expect(expected != Self.file)
    #expect(withoutStamps(Self.text(of: syncups)) == expected)

    let started = try syncups(
      "start", "eng", input: "save\n", environment: ["SYNCUPS_CLOCK": "immediate"])
    #expect(started.status == 0, "\(started.error)")
    // The new meeting comes first; everything else is as it was.
    let text = withoutStamps(Self.text(of: syncups))
    let opening = "\"meetings\" : [\n      {\n"
    let start = try #require(text.range(of: opening)).upperBound
    let afterNewMeeting = try #require(text.range(of: "\n      },\n      {\n")).upperBound
    let withoutNewMeeting = String(text[..<start]) + text[afterNewMeeting...]
    #expect(withoutNewMeeting == expected)
  }

  static func text(of syncups: SyncUpsRun) -> String {
    String(decoding: syncups.dataBytes ?? Data(), as: UTF8.self)
  }
}
