#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing

@Suite("Sync-ups file")
struct FileFormatTests {
  static let meetingDate = Date(timeIntervalSince1970: 1_234_567_890)

  static let example = SyncUp(
    id: UUID(1),
    attendees: [Attendee(id: UUID(2), name: "Blob"), Attendee(id: UUID(3), name: "Zoë")],
    duration: 600,
    meetings: [Meeting(id: UUID(4), date: meetingDate, transcript: "Blob: shipped a/b\nZoë: ok")],
    theme: .seafoam,
    title: "Morning Sync"
  )

  // MARK: Our format

  @Test func encodesThePrettyPrintedKeySortedFormat() throws {
    let data = try SyncUpsFile.encode([Self.example, SyncUp(id: UUID(0xABCDEF))])
    #expect(String(decoding: data, as: UTF8.self) == #"""
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
              "date" : "2009-02-13T23:31:30Z",
              "id" : "00000000-0000-0000-0000-000000000004",
              "transcript" : "Blob: shipped a/b\nZoë: ok"
            }
          ],
          "theme" : "seafoam",
          "title" : "Morning Sync"
        },
        {
          "attendees" : [

          ],
          "duration" : 300,
          "id" : "00000000-0000-0000-0000-000000ABCDEF",
          "meetings" : [

          ],
          "theme" : "bubblegum",
          "title" : ""
        }
      ]
      """#)
  }

  @Test func roundTrips() throws {
    let syncUps: IdentifiedArrayOf<SyncUp> = [
      Self.example,
      SyncUp(id: UUID(5)),
      SyncUp(id: UUID(6), duration: 86_400, theme: .yellow, title: "Long \"quoted\" 🎉"),
    ]
    #expect(try SyncUpsFile.decode(SyncUpsFile.encode(syncUps)) == syncUps)
    #expect(try SyncUpsFile.decode(SyncUpsFile.encode([])) == [])
  }

  @Test func decodesLiteralJSONKeepingUnknownKeys() throws {
    let json = """
      [{"title": "Design", "theme": "navy", "id": "c0ffee00-0000-4000-8000-000000000001",
        "duration": 90, "futureKey": {"nested": [1, 2]},
        "attendees": [{"id": "00000000-0000-0000-0000-000000000002", "name": "", "role": "x"}],
        "meetings": [
          {"id": "00000000-0000-0000-0000-000000000004", "date": "2009-02-14T00:31:30+01:00",
           "transcript": "a"},
          {"id": "00000000-0000-0000-0000-000000000003", "date": "2009-02-13T23:31:30.250Z",
           "transcript": "b"}
        ]}]
      """
    let syncUps = try SyncUpsFile.decode(Data(json.utf8))
    #expect(syncUps == [
      SyncUp(
        id: UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000001")!,
        attendees: [Attendee(id: UUID(2), name: "", unknownKeys: ["role": .string("x")])],
        duration: 90,
        meetings: [
          Meeting(id: UUID(4), date: Self.meetingDate, transcript: "a"),
          Meeting(id: UUID(3), date: Self.meetingDate + 0.25, transcript: "b"),
        ],
        theme: .navy,
        title: "Design",
        unknownKeys: ["futureKey": .object(["nested": .array([.number(1), .number(2)])])]
      )
    ])
  }

  /// A file as our format writes it, one attendee holding keys this version does not know.
  static let attendeeWithUnknownKeys = #"""
    [
      {
        "attendees" : [
          {
            "id" : "00000000-0000-0000-0000-000000000002",
            "name" : "Blob",
            "pronouns" : "they",
            "team" : {
              "lead" : true,
              "since" : [
                2020,
                "spring"
              ]
            }
          }
        ],
        "duration" : 600,
        "id" : "00000000-0000-0000-0000-000000000001",
        "meetings" : [

        ],
        "theme" : "seafoam",
        "title" : "Eng"
      }
    ]
    """#

  @Test func anAttendeesUnknownKeysAreWrittenBackAsRead() throws {
    let text = Self.attendeeWithUnknownKeys
    let syncUps = try SyncUpsFile.decode(Data(text.utf8))
    #expect(syncUps[0].attendees[0].unknownKeys["pronouns"] == .string("they"))
    #expect(String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self) == text)
    var file = FileReader(data: Data(text.utf8), chunkLimit: 64)
    #expect(try SyncUpsFile.decode(from: &file) == syncUps)
  }

  @Test func anAttendeesUnknownKeysAreWrittenBackThroughAMerge() throws {
    let text = Self.attendeeWithUnknownKeys
    let base = try SyncUpsFile.decode(Data(text.utf8))
    var ours = base
    ours[0].title = "Core"
    ours[0].attendees[0].unknownKeys["pronouns"] = .string("she")
    var theirs = base
    theirs[0].attendees[0].name = "Blob Sr"
    let merged = SyncUpsMerge.merge(base: base, ours: ours, theirs: theirs, sides: .newer(nil))
    #expect(merged.conflicts == [])
    let expected = text.replacingOccurrences(of: #""Eng""#, with: #""Core""#)
      .replacingOccurrences(of: #""Blob""#, with: #""Blob Sr""#)
      .replacingOccurrences(of: #""they""#, with: #""she""#)
    #expect(String(decoding: try SyncUpsFile.encode(merged.syncUps), as: UTF8.self) == expected)
  }

  @Test func acceptsWholeNumbersWrittenWithAFractionOrExponent() throws {
    for duration in ["300.0", "3e2"] {
      let json = "[\(Self.syncUpJSON(["duration": duration]))]"
      #expect(try SyncUpsFile.decode(Data(json.utf8))[0].duration == 300)
    }
  }

  @Test func writesDatesInWholeSeconds() throws {
    var syncUp = Self.example
    syncUp.meetings[0].date = Self.meetingDate + 0.75
    let text = String(decoding: try SyncUpsFile.encode([syncUp]), as: UTF8.self)
    #expect(text.contains(#""date" : "2009-02-13T23:31:30Z""#))
    #expect(try SyncUpsFile.decode(Data(text.utf8))[0].meetings[0].date == Self.meetingDate)
  }

  @Test func coderSettings() {
    let encoder = SyncUpsFile.encoder()
    #expect(encoder.outputFormatting == [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    guard case .iso8601 = encoder.dateEncodingStrategy else {
      Issue.record("dates are not ISO-8601")
      return
    }
    guard case .iso8601 = SyncUpsFile.decoder().dateDecodingStrategy else {
      Issue.record("dates are not ISO-8601")
      return
    }
  }

  /// One undecodable variation of a valid file.
  struct BadFile: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var failure: DecodingFailure
    var testDescription: String { name }
  }

  static let badFiles: [BadFile] = [
    BadFile(
      name: "not JSON",
      json: "[{",
      failure: DecodingFailure(
        kind: "syntax", path: "", message: "not valid JSON: expected a key in double quotes, found the end of the file (at line 1, column 3)")
    ),
    BadFile(
      name: "an object instead of an array",
      json: Self.syncUpJSON(),
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "", message: "Expected a JSON array of sync-ups, found an object"
      )
    ),
    BadFile(
      name: "duration as a string",
      json: "[\(Self.syncUpJSON(["duration": #""300""#]))]",
      failure: DecodingFailure(
        kind: "typeMismatch", path: "[0].duration",
        message: "Expected to decode Double but found a string instead."
      )
    ),
    BadFile(
      name: "fractional duration",
      json: "[\(Self.syncUpJSON(["duration": "300.5"]))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].duration",
        message: "Duration 300.5 is not a whole number of seconds"
      )
    ),
    BadFile(
      name: "zero duration",
      json: "[\(Self.syncUpJSON()), \(Self.syncUpJSON(["id": #""00000000-0000-0000-0000-000000000009""#, "duration": "0"]))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[1].duration",
        message: "Duration 0 is out of range: a sync-up lasts from 1 to 86400 seconds (24 hours)"
      )
    ),
    BadFile(
      name: "negative duration",
      json: "[\(Self.syncUpJSON(["duration": "-60"]))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].duration",
        message: "Duration -60 is out of range: a sync-up lasts from 1 to 86400 seconds (24 hours)"
      )
    ),
    BadFile(
      name: "duration over 24 hours",
      json: "[\(Self.syncUpJSON(["duration": "86401"]))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].duration",
        message: "Duration 86401 is out of range: a sync-up lasts from 1 to 86400 seconds (24 hours)"
      )
    ),
    BadFile(
      name: "huge duration",
      json: "[\(Self.syncUpJSON(["duration": "1e20"]))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].duration",
        message: "Duration 1e+20 is out of range: a sync-up lasts from 1 to 86400 seconds (24 hours)"
      )
    ),
    BadFile(
      name: "missing title",
      json: "[\(Self.syncUpJSON(["title": nil]))]",
      failure: DecodingFailure(
        kind: "keyNotFound", path: "[0].title",
        message: #"No value associated with key CodingKeys(stringValue: "title", intValue: nil) ("title")."#
      )
    ),
    BadFile(
      name: "missing attendees",
      json: "[\(Self.syncUpJSON(["attendees": nil]))]",
      failure: DecodingFailure(
        kind: "keyNotFound", path: "[0].attendees",
        message: #"No value associated with key CodingKeys(stringValue: "attendees", intValue: nil) ("attendees")."#
      )
    ),
    BadFile(
      name: "null title",
      json: "[\(Self.syncUpJSON(["title": "null"]))]",
      failure: DecodingFailure(
        kind: "valueNotFound", path: "[0].title",
        message: "Cannot get value of type String -- found null value instead"
      )
    ),
    BadFile(
      name: "unknown theme",
      json: "[\(Self.syncUpJSON(["theme": #""pink""#]))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].theme",
        message: """
          Unknown theme "pink"; expected one of: bubblegum, buttercup, indigo, lavender, \
          magenta, navy, orange, oxblood, periwinkle, poppy, purple, seafoam, sky, tan, teal, yellow
          """
      )
    ),
    BadFile(
      name: "invalid id",
      json: "[\(Self.syncUpJSON(["id": #""not-a-uuid""#]))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].id",
        message: "Attempted to decode UUID from invalid UUID string."
      )
    ),
    BadFile(
      name: "attendee name as a number",
      json: "[\(Self.syncUpJSON(["attendees": #"[{"id": "00000000-0000-0000-0000-000000000002", "name": 7}]"#]))]",
      failure: DecodingFailure(
        kind: "typeMismatch", path: "[0].attendees[0].name",
        message: "Expected to decode String but found number instead."
      )
    ),
    BadFile(
      name: "date that is not ISO-8601",
      json: "[\(Self.syncUpJSON(["meetings": #"[{"date": 256260690, "id": "00000000-0000-0000-0000-000000000003", "transcript": ""}]"#]))]",
      failure: DecodingFailure(
        kind: "typeMismatch", path: "[0].meetings[0].date",
        message: "Expected to decode String but found number instead."
      )
    ),
    BadFile(
      name: "duplicate sync-up id",
      json: "[\(Self.syncUpJSON()), \(Self.syncUpJSON(["id": #""00000000-0000-0000-0000-000000000009""#])), \(Self.syncUpJSON())]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[2]",
        message: "Duplicate sync-up id 00000000-0000-0000-0000-000000000001: the sync-up at index 0 has it too"
      )
    ),
    BadFile(
      name: "duplicate attendee id",
      json: "[\(Self.syncUpJSON(["attendees": #"[{"id": "00000000-0000-0000-0000-000000000002", "name": "A"}, {"id": "00000000-0000-0000-0000-000000000002", "name": "B"}]"#]))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].attendees[1]",
        message: "Duplicate attendee id 00000000-0000-0000-0000-000000000002: the attendee at index 0 has it too"
      )
    ),
    BadFile(
      name: "duplicate meeting id",
      json: "[\(Self.syncUpJSON(["meetings": #"[{"date": "2009-02-13T23:31:30Z", "id": "00000000-0000-0000-0000-000000000003", "transcript": ""}, {"date": "2009-02-13T23:31:30Z", "id": "00000000-0000-0000-0000-000000000004", "transcript": ""}, {"date": "2009-02-13T23:31:30Z", "id": "00000000-0000-0000-0000-000000000004", "transcript": ""}]"#]))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].meetings[2]",
        message: "Duplicate meeting id 00000000-0000-0000-0000-000000000004: the meeting at index 1 has it too"
      )
    ),
  ]

  @Test(arguments: badFiles)
  func strictDecodingSaysWhereAndWhat(_ bad: BadFile) {
    #expect(Self.decodingFailure { try SyncUpsFile.decode(Data(bad.json.utf8)) } == bad.failure)
  }

  @Test func theSameIdsMayAppearInDifferentSyncUps() throws {
    let json = "[\(Self.syncUpJSON()), \(Self.syncUpJSON(["id": #""00000000-0000-0000-0000-000000000009""#]))]"
    let syncUps = try SyncUpsFile.decode(Data(json.utf8))
    #expect(syncUps.ids == [UUID(1), UUID(9)])
    #expect(syncUps[0].attendees == syncUps[1].attendees)
  }

  // MARK: The SyncUps app's format

  @Test func swiftEncodesDurationsAsHighAndLowAttoseconds() throws {
    let data = try JSONEncoder().encode([Duration.seconds(300), .milliseconds(90_500)])
    #expect(String(decoding: data, as: UTF8.self) == "[[16,4852094820647174144],[4,16713023705161793536]]")
    let date = try JSONEncoder().encode([Self.meetingDate])
    #expect(String(decoding: date, as: UTF8.self) == "[256260690]")
  }

  @Test func decodesTheAppFormat() throws {
    let json = """
      [
        {
          "attendees" : [
            { "id" : "00000000-0000-0000-0000-000000000002", "name" : "Blob" },
            { "id" : "00000000-0000-0000-0000-000000000003", "name" : "Zoë" }
          ],
          "duration" : [ 16, 4852094820647174144 ],
          "id" : "00000000-0000-0000-0000-000000000001",
          "meetings" : [
            { "date" : 256260690, "id" : "00000000-0000-0000-0000-000000000004", "transcript" : "Hi" },
            { "date" : 256260600.5, "id" : "00000000-0000-0000-0000-000000000005", "transcript" : "" }
          ],
          "theme" : "orange",
          "title" : "Point-Free Morning Sync"
        },
        {
          "attendees" : [],
          "duration" : [ 4, 16713023705161793536 ],
          "id" : "00000000-0000-0000-0000-000000000009",
          "meetings" : [],
          "theme" : "bubblegum",
          "title" : ""
        }
      ]
      """
    #expect(try SyncUpsFile.decodeAppFormat(Data(json.utf8)) == [
      SyncUp(
        id: UUID(1),
        attendees: [Attendee(id: UUID(2), name: "Blob"), Attendee(id: UUID(3), name: "Zoë")],
        duration: 300,
        meetings: [
          Meeting(id: UUID(4), date: Date(timeIntervalSince1970: 1_234_567_890), transcript: "Hi"),
          Meeting(id: UUID(5), date: Date(timeIntervalSince1970: 1_234_567_800.5), transcript: ""),
        ],
        theme: .orange,
        title: "Point-Free Morning Sync"
      ),
      SyncUp(id: UUID(9), duration: 90),
    ])
  }

  @Test func encodesTheAppFormat() throws {
    let syncUp = SyncUp(
      id: UUID(1),
      attendees: [Attendee(id: UUID(2), name: "Blob")],
      meetings: [Meeting(id: UUID(4), date: Self.meetingDate, transcript: "")],
      theme: .sky,
      title: "T"
    )
    let data = try SyncUpsFile.encodeAppFormat([syncUp])
    #expect(String(decoding: data, as: UTF8.self) == """
      [
        {
          "attendees" : [
            {
              "id" : "00000000-0000-0000-0000-000000000002",
              "name" : "Blob"
            }
          ],
          "duration" : [
            16,
            4852094820647174144
          ],
          "id" : "00000000-0000-0000-0000-000000000001",
          "meetings" : [
            {
              "date" : 256260690,
              "id" : "00000000-0000-0000-0000-000000000004",
              "transcript" : ""
            }
          ],
          "theme" : "sky",
          "title" : "T"
        }
      ]
      """)
    let syncUps: IdentifiedArrayOf<SyncUp> = [Self.example, SyncUp(id: UUID(7), duration: 86_400)]
    #expect(try SyncUpsFile.decodeAppFormat(SyncUpsFile.encodeAppFormat(syncUps)) == syncUps)
  }

  static let badAppFiles: [BadFile] = [
    BadFile(
      name: "half a second",
      json: "[\(Self.syncUpJSON(format: .app)), \(Self.syncUpJSON(["id": #""00000000-0000-0000-0000-000000000009""#, "duration": "[0, 500000000000000000]"], format: .app))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[1].duration",
        message: "The sync-up at index 1 lasts 0.5 seconds: a sync-up lasts from 1 second to 24 hours"
      )
    ),
    BadFile(
      name: "negative",
      json: "[\(Self.syncUpJSON(["duration": "[-1, 17446744073709551616]"], format: .app))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].duration",
        message: "The sync-up at index 0 lasts -1.0 seconds: a sync-up lasts from 1 second to 24 hours"
      )
    ),
    BadFile(
      name: "a second over 24 hours",
      json: "[\(Self.syncUpJSON(["duration": "[4683, 14897502818169782272]"], format: .app))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].duration",
        message: "The sync-up at index 0 lasts 86401.0 seconds: a sync-up lasts from 1 second to 24 hours"
      )
    ),
    BadFile(
      name: "seconds instead of attoseconds",
      json: "[\(Self.syncUpJSON(["duration": "300"], format: .app))]",
      failure: DecodingFailure(
        kind: "typeMismatch", path: "[0].duration",
        message: "Expected to decode Array<Any> but found number instead."
      )
    ),
    BadFile(
      name: "ISO-8601 date",
      json: "[\(Self.syncUpJSON(["meetings": #"[{"date": "2009-02-13T23:31:30Z", "id": "00000000-0000-0000-0000-000000000003", "transcript": ""}]"#], format: .app))]",
      failure: DecodingFailure(
        kind: "typeMismatch", path: "[0].meetings[0].date",
        message: "Expected to decode Double but found a string instead."
      )
    ),
    BadFile(
      name: "unknown theme",
      json: "[\(Self.syncUpJSON(["theme": #""BUBBLEGUM""#], format: .app))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].theme",
        message: """
          Unknown theme "BUBBLEGUM"; expected one of: bubblegum, buttercup, indigo, lavender, \
          magenta, navy, orange, oxblood, periwinkle, poppy, purple, seafoam, sky, tan, teal, yellow
          """
      )
    ),
    BadFile(
      name: "duplicate attendee id",
      json: "[\(Self.syncUpJSON(["attendees": #"[{"id": "00000000-0000-0000-0000-000000000002", "name": "A"}, {"id": "00000000-0000-0000-0000-000000000002", "name": "B"}]"#], format: .app))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[0].attendees[1]",
        message: "Duplicate attendee id 00000000-0000-0000-0000-000000000002: the attendee at index 0 has it too"
      )
    ),
    BadFile(
      name: "duplicate sync-up id",
      json: "[\(Self.syncUpJSON(format: .app)), \(Self.syncUpJSON(format: .app))]",
      failure: DecodingFailure(
        kind: "dataCorrupted", path: "[1]",
        message: "Duplicate sync-up id 00000000-0000-0000-0000-000000000001: the sync-up at index 0 has it too"
      )
    ),
  ]

  @Test(arguments: badAppFiles)
  func strictAppFormatDecoding(_ bad: BadFile) {
    #expect(Self.decodingFailure { try SyncUpsFile.decodeAppFormat(Data(bad.json.utf8)) } == bad.failure)
  }

  @Test func wholeSecondsRoundDown() throws {
    let json = "[\(Self.syncUpJSON(["duration": "[0, 1999999999999999999]"], format: .app))]"
    #expect(try SyncUpsFile.decodeAppFormat(Data(json.utf8))[0].duration == 1)
  }

  // MARK: Telling the formats apart

  @Test func detectsTheFormat() throws {
    let ours = Data("[\(Self.syncUpJSON())]".utf8)
    let app = Data("[\(Self.syncUpJSON(format: .app))]".utf8)
    #expect(try SyncUpsFile.detectFormat(ours) == .syncups)
    #expect(try SyncUpsFile.detectFormat(app) == .app)
    #expect(try SyncUpsFile.detectFormat(Data("[]".utf8)) == .syncups)
    #expect(try SyncUpsFile.detectFormat(Data(#"[{"title": "x"}]"#.utf8)) == .syncups)

    let expected = try SyncUpsFile.decode(ours)
    #expect(expected[0].duration == 300)
    #expect(expected[0].meetings[0].date == Self.meetingDate)
    let fromOurs = try SyncUpsFile.decodeAnyFormat(ours)
    #expect(fromOurs.syncUps == expected && fromOurs.format == .syncups)
    let fromApp = try SyncUpsFile.decodeAnyFormat(app)
    #expect(fromApp.syncUps == expected && fromApp.format == .app)
    let empty = try SyncUpsFile.decodeAnyFormat(Data("[]".utf8))
    #expect(empty.syncUps.isEmpty && empty.format == .syncups)
  }

  @Test func formatNames() {
    #expect(SyncUpsFile.Format.allCases.map(\.description) == ["syncups", "SyncUps app"])
  }

  @Test func neitherFormat() {
    let json = "[\(Self.syncUpJSON(["duration": #""5m""#]))]"
    #expect(Self.decodingFailure { try SyncUpsFile.decodeAnyFormat(Data(json.utf8)) } == DecodingFailure(
      kind: "dataCorrupted", path: "[0].duration",
      message: "Unknown file format: \"duration\" is neither a number of seconds (syncups) nor a "
        + "[high, low] array of attoseconds (SyncUps app)"
    ))
    #expect(Self.decodingFailure { try SyncUpsFile.decodeAnyFormat(Data(#"{"a": 1}"#.utf8)) } == DecodingFailure(
      kind: "dataCorrupted", path: "", message: "Expected a JSON array of sync-ups, found an object"
    ))
    for (json, found) in [
      ("null", "null"), ("true", "a boolean"), ("3", "a number"), (#""x""#, "a string"),
    ] {
      #expect(Self.decodingFailure { try SyncUpsFile.decodeAnyFormat(Data(json.utf8)) } == DecodingFailure(
        kind: "dataCorrupted", path: "", message: "Expected a JSON array of sync-ups, found \(found)"
      ), "\(json)")
      #expect(Self.decodingFailure { try SyncUpsFile.decode(Data(json.utf8)) } == DecodingFailure(
        kind: "dataCorrupted", path: "", message: "Expected a JSON array of sync-ups, found \(found)"
      ), "\(json)")
    }
    #expect(Self.decodingFailure { try SyncUpsFile.decodeAnyFormat(Data("[1]".utf8)) } == DecodingFailure(
      kind: "typeMismatch", path: "[0]",
      message: "Expected to decode Dictionary<String, Any> but found number instead."
    ))
  }

  @Test func detectionThenDecodesStrictly() {
    let json = "[\(Self.syncUpJSON(["duration": "[0, 5]", "title": nil], format: .app))]"
    #expect(Self.decodingFailure { try SyncUpsFile.decodeAnyFormat(Data(json.utf8)) }?.path == "[0].duration")
    let ours = "[\(Self.syncUpJSON(["duration": nil]))]"
    #expect(Self.decodingFailure { try SyncUpsFile.decodeAnyFormat(Data(ours.utf8)) }?.path == "[0].duration")
  }
}

extension FileFormatTests {
  /// A decoding error reduced to what a person is told: its kind, where (the coding path written
  /// like `[0].attendees[1].id`, including the missing key) and what.
  struct DecodingFailure: Equatable, CustomStringConvertible {
    var kind: String
    var path: String
    var message: String

    var description: String { "\(kind) at \(path): \(message)" }

    init(kind: String, path: String, message: String) {
      self.kind = kind
      self.path = path
      self.message = message
    }

    init?(_ error: any Error) {
      func render(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
          .joined()
      }
      switch error {
      case DecodingError.dataCorrupted(let context):
        self.init(kind: "dataCorrupted", path: render(context.codingPath), message: context.debugDescription)
      case DecodingError.keyNotFound(let key, let context):
        self.init(kind: "keyNotFound", path: render(context.codingPath + [key]), message: context.debugDescription)
      case DecodingError.typeMismatch(_, let context):
        self.init(kind: "typeMismatch", path: render(context.codingPath), message: context.debugDescription)
      case DecodingError.valueNotFound(_, let context):
        self.init(kind: "valueNotFound", path: render(context.codingPath), message: context.debugDescription)
      case let syntax as JSONSyntaxError:
        self.init(kind: "syntax", path: "", message: syntax.description)
      default:
        return nil
      }
    }
  }

  /// The failure `body` throws, or `nil` if it does not throw a `DecodingError`.
  static func decodingFailure(_ body: () throws -> Any) -> DecodingFailure? {
    do {
      _ = try body()
      return nil
    } catch {
      return DecodingFailure(error)
    }
  }

  /// A sync-up object in JSON with the given keys replaced (`nil` removes a key).
  static func syncUpJSON(_ overrides: [String: String?] = [:], format: SyncUpsFile.Format = .syncups) -> String {
    var fields: [String: String] = [
      "attendees": #"[{"id": "00000000-0000-0000-0000-000000000002", "name": "Blob"}]"#,
      "duration": format == .syncups ? "300" : "[16, 4852094820647174144]",
      "id": #""00000000-0000-0000-0000-000000000001""#,
      "meetings": format == .syncups
        ? #"[{"date": "2009-02-13T23:31:30Z", "id": "00000000-0000-0000-0000-000000000003", "transcript": ""}]"#
        : #"[{"date": 256260690, "id": "00000000-0000-0000-0000-000000000003", "transcript": ""}]"#,
      "theme": #""sky""#,
      "title": #""Morning Sync""#,
    ]
    for (key, value) in overrides { fields[key] = value }
    return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
      .joined(separator: ", ") + "}"
  }
}
