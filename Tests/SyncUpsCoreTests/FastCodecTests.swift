#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import Testing

@testable import SyncUpsCore

/// The fast reader and writer of our format against `JSONDecoder` and `JSONEncoder`, the
/// reference: the writer's bytes must be the encoder's, the reader must decode what it accepts
/// to exactly the decoder's values, and the public `decode` must fail exactly as the decoder.
@Suite("Fast codec")
struct FastCodecTests {
  /// What decoding produced: everything the sync-ups hold, with strings as their UTF-8 bytes
  /// (`String`'s `==` would let canonically equivalent strings pass) and dates as bit
  /// patterns; or the error's full description.
  enum Outcome: Equatable, CustomStringConvertible {
    case value([String])
    case failure(String)

    init(_ body: () throws -> IdentifiedArrayOf<SyncUp>) {
      do {
        self = .value(Self.exact(try body()))
      } catch {
        self = .failure(String(describing: error))
      }
    }

    var description: String {
      switch self {
      case .value(let lines): lines.joined(separator: "\n")
      case .failure(let error): "error: \(error)"
      }
    }

    static func exact(_ syncUps: IdentifiedArrayOf<SyncUp>) -> [String] {
      syncUps.flatMap { syncUp in
        ["\(syncUp.id) \(syncUp.duration) \(syncUp.theme) \(Array(syncUp.title.utf8))"]
          + [exact(syncUp.unknownKeys)]
          + syncUp.attendees.map { "  \($0.id) \(Array($0.name.utf8)) \(exact($0.unknownKeys))" }
          + syncUp.meetings.map(exact)
      }
    }

    static func exact(_ meeting: Meeting) -> String {
      let head: String =
        "  \(meeting.id) \(meeting.date.timeIntervalSinceReferenceDate.bitPattern) "
        + "\(Array(meeting.transcript.utf8)) "
      let started: String = "\(meeting.started?.timeIntervalSinceReferenceDate.bitPattern as Any)"
      let numbers: String =
        "\(meeting.duration as Any) \(meeting.plannedDuration as Any) "
        + "\(meeting.endedEarly as Any) \(exact(meeting.unknownKeys))"
      let attendees: [String]? = meeting.attendees?.map { attendee -> String in
        "\(attendee.id) \(Array(attendee.name.utf8)) \(attendee.absent) "
          + exact(attendee.unknownKeys)
      }
      let turns: [String]? = meeting.turns?.map { turn -> String in
        "\(turn.attendee) \(Array(turn.name.utf8)) \(turn.seconds) \(turn.slot) "
          + exact(turn.unknownKeys)
      }
      return head + started + " " + numbers + "\n    \(attendees as Any)\n    \(turns as Any)"
    }

    /// Unknown keys with their values, strings as UTF-8 bytes, keys sorted.
    static func exact(_ unknown: [String: UnknownJSON]) -> String {
      unknown.sorted { $0.key < $1.key }.map { "\(Array($0.key.utf8))=\(exact($0.value))" }
        .joined(separator: ",")
    }

    static func exact(_ value: UnknownJSON) -> String {
      switch value {
      case .null: "null"
      case .bool(let bool): "\(bool)"
      case .number(let number): "n\(number)"
      case .double(let number): "d\(number.bitPattern)"
      case .string(let string): "\(Array(string.utf8))"
      case .array(let array): "[\(array.map(exact).joined(separator: ","))]"
      case .object(let object): "{\(exact(object))}"
      }
    }
  }

  /// Checks one document: the public decode behaves exactly as the reference, and the fast
  /// reader, when it takes the document, yields the reference's values. Returns whether the
  /// fast reader took it.
  @discardableResult
  static func checkDecoding(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let data = Data(text.utf8)
    return checkDecoding(data, sourceLocation: sourceLocation)
  }

  @discardableResult
  static func checkDecoding(
    _ data: Data, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let reference = Outcome { try SyncUpsFile.decodeWithJSONDecoder(data) }
    #expect(Outcome { try SyncUpsFile.decode(data) } == reference, sourceLocation: sourceLocation)
    let fast = SyncUpsFile.decodeFast(data)
    // Read from a file, chunks may end anywhere: every byte at a time, a few bytes, a window.
    for chunkLimit in Self.chunkLimits {
      var file = FileReader(data: data, chunkLimit: chunkLimit)
      #expect(
        Outcome { try SyncUpsFile.decode(from: &file) } == reference,
        "\(chunkLimit) bytes at a time", sourceLocation: sourceLocation)
      file = FileReader(data: data, chunkLimit: chunkLimit)
      let streamed: IdentifiedArrayOf<SyncUp>?? = try? SyncUpsFile.decodeFast(from: &file)
      #expect(
        streamed.map { $0.map(Outcome.exact) } == .some(fast.map(Outcome.exact)),
        "the fast reader, \(chunkLimit) bytes at a time", sourceLocation: sourceLocation)
    }
    guard let fast else { return false }
    #expect(.value(Outcome.exact(fast)) == reference, sourceLocation: sourceLocation)
    return true
  }

  /// How many bytes a chunk of a file holds at most, in the decodings `checkDecoding` compares.
  static let chunkLimits = [1, 2, 3, 7, 4096, 100_000]

  /// Checks that the fast writer writes the encoder's bytes, or declines.
  static func checkEncoding(
    _ syncUps: IdentifiedArrayOf<SyncUp>, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Data? {
    let reference = try SyncUpsFile.encodeWithJSONEncoder(syncUps)
    #expect(try SyncUpsFile.encode(syncUps) == reference, sourceLocation: sourceLocation)
    guard let fast = SyncUpsFile.encodeFast(syncUps) else { return nil }
    #expect(
      String(decoding: fast, as: UTF8.self) == String(decoding: reference, as: UTF8.self),
      sourceLocation: sourceLocation)
    #expect(fast == reference, sourceLocation: sourceLocation)
    return fast
  }

  /// A file like the benchmark's: sync-ups with six attendees and many meetings.
  static func realisticFile(syncUps count: Int) -> IdentifiedArrayOf<SyncUp> {
    var next = 0
    func id() -> UUID {
      next += 1
      return UUID(next)
    }
    return IdentifiedArrayOf(
      uniqueElements: (0..<count).map { index in
        SyncUp(
          id: id(),
          attendees: IdentifiedArrayOf(
            uniqueElements: ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blobby"].map {
              Attendee(id: id(), name: $0)
            }),
          duration: 600,
          meetings: IdentifiedArrayOf(
            uniqueElements: (0..<50).map { day in
              Meeting(
                id: id(), date: Date(timeIntervalSince1970: Double(1_700_000_000 - day * 86_400)),
                transcript: "Blob: shipped the release notes for day \(day). Blob Jr: reviewed.")
            }),
          theme: Theme.allCases[index % Theme.allCases.count],
          title: "Team \(index)")
      })
  }

  /// The sync-up as the file keeps it: its meetings' dates rounded down to the second.
  static func withWholeSeconds(_ syncUp: SyncUp) -> SyncUp {
    var syncUp = syncUp
    for index in syncUp.meetings.indices {
      syncUp.meetings[index].date = Self.wholeSeconds(syncUp.meetings[index].date)
      syncUp.meetings[index].started = syncUp.meetings[index].started.map(Self.wholeSeconds)
    }
    return syncUp
  }

  static func wholeSeconds(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
  }

  // MARK: The fast paths are taken

  @Test func aNormalFileTakesBothFastPaths() throws {
    let syncUps = Self.realisticFile(syncUps: 20)
    let data = try #require(try Self.checkEncoding(syncUps))
    let decoded = try #require(SyncUpsFile.decodeFast(data))
    #expect(decoded == syncUps)
    #expect(Self.checkDecoding(data))
  }

  @Test func importTellsOurFormatFromTheFastReader() throws {
    let data = try SyncUpsFile.encode(Self.realisticFile(syncUps: 2))
    let decoded = try SyncUpsFile.decodeAnyFormat(data)
    #expect(decoded.format == .syncups)
    #expect(Outcome.exact(decoded.syncUps) == Outcome.exact(try SyncUpsFile.decodeWithJSONDecoder(data)))
  }

  @Test func emptyFilesAndCollections() throws {
    #expect(try Self.checkEncoding([]) == Data("[\n\n]".utf8))
    #expect(Self.checkDecoding("[\n\n]"))
    #expect(Self.checkDecoding("[]"))
    #expect(Self.checkDecoding(" \t\r\n[ ]\n"))
    let empty: IdentifiedArrayOf<SyncUp> = [SyncUp(id: UUID(1), duration: 1)]
    let data = try #require(try Self.checkEncoding(empty))
    #expect(String(decoding: data, as: UTF8.self).contains("\"attendees\" : [\n\n    ],"))
    #expect(Self.checkDecoding(data))
  }

  // MARK: Reading a file as it goes

  @Test func aStringLongerThanTheWindowIsReadWhole() throws {
    // 150,000 bytes of transcript with escapes throughout, so that escapes, surrogate pairs and
    // multi-byte characters fall across the ends of chunks and the window has to grow.
    let piece = #"Blob: \"done\" \u00e9\ud83d\ude00 – caf\u00E9\n"#
    let transcript = String(repeating: piece, count: 150_000 / piece.utf8.count)
    let json =
      #"[{"attendees": [], "duration": 5, "id": "00000000-0000-0000-0000-000000000001", "#
      + #""meetings": [{"date": "2024-01-02T03:04:05Z", "#
      + #""id": "00000000-0000-0000-0000-000000000002", "#
      + #""transcript": "\#(transcript)"}], "theme": "sky", "title": "Long"}]"#
    #expect(Self.checkDecoding(json))
    var file = FileReader(data: Data(json.utf8), chunkLimit: 4096)
    let syncUps = try #require(try SyncUpsFile.decodeFast(from: &file))
    let expected = String(
      repeating: "Blob: \"done\" é😀 – café\n", count: 150_000 / piece.utf8.count)
    #expect(syncUps.first?.meetings.first?.transcript == expected)
  }

  @Test func aFileThatCannotBeReadMidwayIsAFileErrorNotADecodingError() throws {
    let data = try SyncUpsFile.encode(Self.realisticFile(syncUps: 3))
    let failure = FileSystemError.simulated(.other, operation: "read", path: "/data/sync-ups.json")
    var file = FileReader(
      size: data.count,
      readAt: { offset, buffer throws(FileSystemError) in
        guard offset < 1000 else { throw failure }
        let count = min(buffer.count, 100)
        data.copyBytes(
          to: buffer.bindMemory(to: UInt8.self).baseAddress!, from: offset..<offset + count)
        return count
      },
      readAll: { () throws(FileSystemError) in throw failure })
    #expect(throws: failure) { try SyncUpsFile.decode(from: &file) }
  }

  @Test func theSyncUpsKeyReadsItsFileInChunks() throws {
    let syncUps = Self.realisticFile(syncUps: 4)
    let fileSystem = InMemoryFileSystem(
      files: ["/data/sync-ups.json": try SyncUpsFile.encode(syncUps)], readChunkLimit: 5)
    try withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
      $0.syncUpsFileURL = URL(filePath: "/data/sync-ups.json")
    } operation: {
      @Shared(.syncUps) var loaded
      #expect($loaded.loadError == nil)
      #expect(Outcome.exact(loaded) == Outcome.exact(syncUps))
      $loaded.withLock { $0[id: syncUps[0].id]?.title = "Renamed" }
      try $loaded.save()
      var expected = syncUps
      expected[id: syncUps[0].id]?.title = "Renamed"
      #expect(fileSystem.contents(of: "/data/sync-ups.json") == (try SyncUpsFile.encode(expected)))
    }
  }

  // MARK: Exact values

  @Test func trickyStrings() throws {
    let strings = [
      "", "\"", "\\", "/", "a/b", "\\\"\\", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}\u{9F}",
      "\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}", "\u{2028}\u{2029}\u{202E}", "\u{FEFF}", "\u{FFFF}",
      "e\u{301}", "é", "👍🏽", "🇫🇷", "\u{10FFFF}", "会议", String(repeating: "x\n", count: 300),
    ]
    for (index, string) in strings.enumerated() {
      let syncUps: IdentifiedArrayOf<SyncUp> = [
        SyncUp(
          id: UUID(index),
          attendees: [Attendee(id: UUID(1000), name: string)],
          meetings: [
            Meeting(id: UUID(2000), date: Date(timeIntervalSince1970: 0), transcript: string)
          ],
          title: string)
      ]
      let data = try #require(try Self.checkEncoding(syncUps))
      #expect(Self.checkDecoding(data))
      #expect(SyncUpsFile.decodeFast(data).map(Outcome.exact) == Outcome.exact(syncUps))
    }
  }

  @Test func controlCharactersAreEscapedLikeJSONEncoder() throws {
    let data = try #require(
      try Self.checkEncoding([SyncUp(id: UUID(1), title: "\u{0}\u{8}\u{1B}\u{7F}\"\\/é")]))
    #expect(String(decoding: data, as: UTF8.self).contains(#""title" : "\u0000\b\u001b"#))
  }

  @Test func escapesInInput() {
    let titles = [
      #"\u00e9\u00E9"#, #"\ud83d\ude00"#, #"\uD83D\uDE00"#, #"\u0000"#, #"\/\\\"\b\f\n\r\t"#,
      #"\u2028x\uFFFF"#, #"plain\u0041"#,
    ]
    for title in titles {
      let json =
        #"[{"attendees": [], "duration": 5, "id": "00000000-0000-0000-0000-000000000001", "#
        + #""meetings": [], "theme": "sky", "title": "\#(title)"}]"#
      #expect(Self.checkDecoding(json), "\(title)")
    }
  }

  @Test func dates() throws {
    let seconds: [Double] = [
      0, -1, -0.5, 1_234_567_890, 1_234_567_890.75, -86_400, -2_208_988_800, 951_782_400,
      -12_219_292_800, 253_402_300_799, 253_402_300_799.5, -12_219_292_799.999,
    ]
    for second in seconds {
      let syncUps: IdentifiedArrayOf<SyncUp> = [
        SyncUp(
          id: UUID(1),
          meetings: [
            Meeting(id: UUID(2), date: Date(timeIntervalSince1970: second), transcript: "")
          ])
      ]
      let data = try #require(try Self.checkEncoding(syncUps), "\(second)")
      Self.checkDecoding(data)
    }
    let leapDay =
      #"[{"attendees": [], "duration": 5, "id": "00000000-0000-0000-0000-000000000001", "#
      + #""meetings": [{"date": "2000-02-29T12:00:00Z", "id": "00000000-0000-0000-0000-000000000002", "#
      + #""transcript": ""}], "theme": "sky", "title": ""}]"#
    #expect(Self.checkDecoding(leapDay))
  }

  @Test func datesOutsideTheHandledYearsFallBackToJSONEncoder() throws {
    for seconds in [-1e12, -62_135_596_800, -12_219_292_801, 253_402_300_800, 3e11] {
      let syncUps: IdentifiedArrayOf<SyncUp> = [
        SyncUp(
          id: UUID(1),
          meetings: [
            Meeting(id: UUID(2), date: Date(timeIntervalSince1970: seconds), transcript: "")
          ])
      ]
      #expect(try Self.checkEncoding(syncUps) == nil, "\(seconds)")
      Self.checkDecoding(try SyncUpsFile.encode(syncUps))
    }
  }

  /// Documents the fast reader leaves to `JSONDecoder`, which accepts some and rejects others.
  @Test(arguments: [
    ("fractional seconds", #""date": "2009-02-13T23:31:30.250Z""#),
    ("offset", #""date": "2009-02-14T00:31:30+01:00""#),
    ("lower-case z", #""date": "2009-02-13T23:31:30z""#),
    ("February 30", #""date": "2009-02-30T23:31:30Z""#),
    ("hour 24", #""date": "2009-02-13T24:00:00Z""#),
    ("leap second", #""date": "2009-02-13T23:59:60Z""#),
    ("before 1583", #""date": "1582-12-31T23:59:59Z""#),
    ("year 0", #""date": "0000-01-01T00:00:00Z""#),
    ("escaped date", #""date": "2009-02-13T23:31:30\u005a""#),
    ("date as a number", #""date": 256260690"#),
  ])
  func unusualDates(_ name: String, _ member: String) {
    let json =
      #"[{"attendees": [], "duration": 5, "id": "00000000-0000-0000-0000-000000000001", "#
      + #""meetings": [{\#(member), "id": "00000000-0000-0000-0000-000000000002", "transcript": ""}], "#
      + #""theme": "sky", "title": ""}]"#
    #expect(!Self.checkDecoding(json))
  }

  static let syncUpMembers = [
    #""attendees": []"#, #""duration": 5"#, #""id": "00000000-0000-0000-0000-000000000001""#,
    #""meetings": []"#, #""theme": "sky""#, #""title": "T""#,
  ]

  /// Sync-up members that leave the subset the fast reader handles: each replaces the member
  /// with the same key, or is added when it has a new one.
  @Test(arguments: [
    ("duration with a fraction", #""duration": 300.0"#),
    ("duration with an exponent", #""duration": 3e2"#),
    ("leading zero", #""duration": 0300"#),
    ("zero", #""duration": 0"#),
    ("negative", #""duration": -5"#),
    ("too long", #""duration": 86401"#),
    ("huge", #""duration": 100000000000000000000"#),
    ("string duration", #""duration": "300""#),
    ("null title", #""title": null"#),
    ("unknown theme", #""theme": "Sky""#),
    ("escaped theme", #""theme": "\u0073ky""#),
    ("unknown key", #""futureKey": {"nested": [1, 2.5, true, null, "x"]}"#),
    ("escaped key", #""\u0074itle": "T""#),
    ("id without hyphens", #""id": "00000000000000000000000000000001""#),
    ("id with braces", #""id": "{00000000-0000-0000-0000-000000000001}""#),
    ("short id", #""id": "0000000-0000-0000-0000-000000000001""#),
    ("id with a non-hex digit", #""id": "g0000000-0000-0000-0000-000000000001""#),
    ("lone high surrogate", #""title": "\ud83d""#),
    ("lone low surrogate", #""title": "\ude00""#),
    ("reversed surrogates", #""title": "\ude00\ud83d""#),
    ("unknown escape", #""title": "\x41""#),
    ("short unicode escape", #""title": "\u41""#),
    ("raw tab", "\"title\": \"a\tb\""),
    ("raw line feed", "\"title\": \"a\nb\""),
  ])
  func leftToJSONDecoder(_ name: String, _ member: String) {
    let key = name == "escaped key" ? "title" : String(member.split(separator: "\"")[0])
    let members = Self.syncUpMembers.filter { !$0.hasPrefix("\"\(key)\"") } + [member]
    #expect(!Self.checkDecoding("[{" + members.joined(separator: ", ") + "}]"))
  }

  @Test func duplicateKeysAreLeftToJSONDecoder() {
    for member in Self.syncUpMembers {
      let json = "[{" + (Self.syncUpMembers + [member]).joined(separator: ", ") + "}]"
      #expect(!Self.checkDecoding(json), "\(member)")
    }
  }

  @Test func invalidBytesAndStructure() {
    let valid = "[{" + Self.syncUpMembers.joined(separator: ", ") + "}]"
    #expect(Self.checkDecoding(valid))
    var invalidUTF8 = Data(valid.utf8)
    invalidUTF8.insert(contentsOf: [0xC3, 0x28], at: invalidUTF8.count - 4)
    #expect(!Self.checkDecoding(invalidUTF8))
    var overlong = Data(valid.utf8)
    overlong.insert(contentsOf: [0xC0, 0xAF], at: overlong.count - 4)
    #expect(!Self.checkDecoding(overlong))
    var surrogate = Data(valid.utf8)
    surrogate.insert(contentsOf: [0xED, 0xA0, 0x80], at: surrogate.count - 4)
    #expect(!Self.checkDecoding(surrogate))
    for text in [
      "", " ", "\u{FEFF}[]", "[] []", "[],", "[", "{}", "null", "[{}]", "[1]", valid + "x",
      String(valid.dropLast()), valid.replacingFirst(",", with: ",,"),
      valid.replacingFirst("{", with: "{,"), valid.replacingFirst(":", with: "::"),
      "[" + valid.dropFirst().dropLast() + "," + "]",
    ] {
      #expect(!Self.checkDecoding(text), "\(text)")
    }
  }

  @Test func duplicateIdsAreLeftToJSONDecoder() throws {
    let attendee = Attendee(id: UUID(5), name: "A")
    let meeting = Meeting(id: UUID(6), date: Date(timeIntervalSince1970: 0), transcript: "")
    let syncUp = SyncUp(id: UUID(1), attendees: [attendee], meetings: [meeting])
    var random = SeededGenerator(seed: 1)
    let style = TestJSONStyle()
    let files: [TestJSON] = [
      .array([Self.tree(syncUp), Self.tree(syncUp.with(id: UUID(2)))]),
      .array([
        Self.tree(SyncUp(id: UUID(1), attendees: [attendee, Attendee(id: UUID(7), name: "B")]))
      ]),
    ]
    for file in files {
      #expect(Self.checkDecoding(file.text(style: style, random: &random)))
    }
    var twice = Self.tree(syncUp)
    twice.duplicateFirstElement(ofKey: "attendees")
    #expect(!Self.checkDecoding(TestJSON.array([twice]).text(style: style, random: &random)))
    twice = Self.tree(syncUp)
    twice.duplicateFirstElement(ofKey: "meetings")
    #expect(!Self.checkDecoding(TestJSON.array([twice]).text(style: style, random: &random)))
    let sameSyncUp = TestJSON.array([
      Self.tree(syncUp), Self.tree(syncUp.with(id: UUID(2))), Self.tree(syncUp),
    ])
    #expect(!Self.checkDecoding(sameSyncUp.text(style: style, random: &random)))
  }

  static func tree(_ syncUp: SyncUp) -> TestJSON {
    var random = SeededGenerator(seed: 0)
    guard case .array(let elements) = TestJSON.file([syncUp], random: &random) else {
      return .array([])
    }
    return elements[0]
  }

  // MARK: Randomized

  /// Random sync-ups: the fast writer's bytes are the encoder's, the fast reader takes them and
  /// decodes the reference's values, also when written with escapes, other whitespace, other
  /// key orders and lower-case ids.
  @Test func randomFilesMatchTheReference() throws {
    var generator = SyncUpsGenerator(seed: 0x5EED)
    var fastDecodes = 0
    var expectedFastDecodes = 0
    for round in 0..<300 {
      let unusual = round % 10 == 9
      let withUnknownKeys = round % 3 == 1
      let syncUps = generator.syncUps(unusualDates: unusual, unknownKeys: withUnknownKeys)
      let dates = syncUps.flatMap { $0.meetings.flatMap { [$0.date] + ($0.started.map { [$0] } ?? []) } }
      let writable = dates.allSatisfy {
        UTCSeconds.supportedRange.contains(Int($0.timeIntervalSince1970.rounded(.down)))
      }
      let encoded = try Self.checkEncoding(syncUps)
      let hasUnknownKeys = syncUps.contains {
        !$0.unknownKeys.isEmpty || $0.attendees.contains { !$0.unknownKeys.isEmpty }
          || $0.meetings.contains(where: \.holdsUnknownKeys)
      }
      #expect((encoded != nil) == (writable && !hasUnknownKeys), "round \(round)")
      let data = try SyncUpsFile.encode(syncUps)
      let readable = dates.allSatisfy {
        (1583...9999).contains(
          UTCSeconds.fields(of: Int($0.timeIntervalSince1970.rounded(.down))).year)
      }
      let fastReadable = readable && !hasUnknownKeys
      if fastReadable { expectedFastDecodes += 1 }
      if Self.checkDecoding(data) { fastDecodes += 1 }

      guard readable else { continue }
      // Everything is kept: records and unknown keys with their values; dates to the second.
      let stored = syncUps.map(Self.withWholeSeconds)
      #expect(try SyncUpsFile.decode(data).elements == stored, "round \(round)")
      let tree = TestJSON.file(syncUps, random: &generator.random)
      let style = TestJSONStyle(
        whitespace: Bool.random(using: &generator.random),
        escapes: Bool.random(using: &generator.random),
        shuffleKeys: Bool.random(using: &generator.random))
      let text = tree.text(style: style, random: &generator.random)
      #expect(Self.checkDecoding(text) == fastReadable, "round \(round): \(text)")
      #expect(try SyncUpsFile.decode(Data(text.utf8)).elements == stored, "round \(round)")
    }
    #expect(fastDecodes == expectedFastDecodes)
    #expect(expectedFastDecodes > 150)
  }

  /// Broken documents: truncated, with bytes replaced, removed or added, values of the wrong
  /// type, missing or repeated keys, repeated ids, values out of range. `decode` must throw
  /// exactly what the reference throws, or return exactly what it returns.
  @Test func corruptedFilesFailLikeTheReference() throws {
    var generator = SyncUpsGenerator(seed: 0xBAD)
    var failures = 0
    for round in 0..<300 {
      var syncUps = generator.syncUps(maximumCount: 3)
      if syncUps.isEmpty { syncUps.append(SyncUp(id: generator.uuid())) }
      let data = try SyncUpsFile.encode(syncUps)
      var bytes = [UInt8](data)
      var random = generator.random
      switch round % 6 {
      case 0:
        bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &random)...)
      case 1:
        let replacements: [UInt8] = [
          0x22, 0x5C, 0x2C, 0x7D, 0x5D, 0x30, 0x78, 0xFF, 0x00, 0x20, 0x2E, 0x65,
        ]
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] =
            replacements.randomElement(using: &random) ?? 0
        }
      case 2:
        bytes.remove(at: Int.random(in: 0..<bytes.count, using: &random))
      case 3:
        bytes.insert(
          [0x22, 0x2C, 0x5B, 0x7B, 0x31].randomElement(using: &random) ?? 0,
          at: Int.random(in: 0...bytes.count, using: &random))
      default:
        var tree = TestJSON.file(syncUps, random: &random)
        tree.corrupt(random: &random)
        bytes = Array(tree.text(style: TestJSONStyle(), random: &random).utf8)
      }
      generator.random = random
      let outcome = Outcome { try SyncUpsFile.decode(Data(bytes)) }
      if case .failure = outcome { failures += 1 }
      Self.checkDecoding(Data(bytes))
    }
    #expect(failures > 200)
  }
}

extension TestJSON {
  /// Repeats the first element of the array under `key` of this object.
  mutating func duplicateFirstElement(ofKey key: String) {
    guard case .object(var members) = self,
      let index = members.firstIndex(where: { $0.key == key }),
      case .array(let elements) = members[index].value, let first = elements.first
    else { return }
    members[index].value = .array([first] + elements)
    self = .object(members)
  }

  /// Breaks the document in one random place: a value of the wrong type or out of range, a
  /// key removed or repeated, an element repeated (so an id is).
  mutating func corrupt(random: inout SeededGenerator) {
    var paths: [[Int]] = []
    collectPaths(prefix: [], into: &paths)
    guard let path = paths.randomElement(using: &random) else { return }
    modify(at: path[...]) { value in
      let replacements: [TestJSON] = [
        .literal("null"), .literal("true"), .literal("0"), .literal("-1"), .literal("86401"),
        .literal("300.5"), .literal("1e20"), .string("x"), .string("pink"),
        .string("2009-02-30T00:00:00Z"), .array([]), .object([]),
        .string("00000000-0000-0000-0000-00000000000G"),
      ]
      switch value {
      case .object(var members) where !members.isEmpty && Bool.random(using: &random):
        let index = Int.random(in: 0..<members.count, using: &random)
        if Bool.random(using: &random) {
          members.remove(at: index)
        } else {
          members.append(members[index])
        }
        value = .object(members)
      case .array(let elements) where !elements.isEmpty && Bool.random(using: &random):
        let element = elements[Int.random(in: 0..<elements.count, using: &random)]
        value = .array(elements + [element])
      default:
        value = replacements.randomElement(using: &random) ?? .literal("null")
      }
    }
  }

  /// The paths of all values: indices into arrays and object members.
  private func collectPaths(prefix: [Int], into paths: inout [[Int]]) {
    paths.append(prefix)
    switch self {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        element.collectPaths(prefix: prefix + [index], into: &paths)
      }
    case .object(let members):
      for (index, member) in members.enumerated() {
        member.value.collectPaths(prefix: prefix + [index], into: &paths)
      }
    case .string, .literal:
      break
    }
  }

  private mutating func modify(at path: ArraySlice<Int>, _ body: (inout TestJSON) -> Void) {
    guard let first = path.first else {
      body(&self)
      return
    }
    switch self {
    case .array(var elements):
      elements[first].modify(at: path.dropFirst(), body)
      self = .array(elements)
    case .object(var members):
      members[first].value.modify(at: path.dropFirst(), body)
      self = .object(members)
    case .string, .literal:
      break
    }
  }
}

extension SyncUp {
  /// The same sync-up under another id.
  func with(id: UUID) -> SyncUp {
    SyncUp(
      id: id, attendees: attendees, duration: duration, meetings: meetings, theme: theme,
      title: title)
  }
}

extension String {
  /// The string with its first `target` replaced.
  func replacingFirst(_ target: Character, with replacement: String) -> String {
    guard let index = firstIndex(of: target) else { return self }
    return String(self[..<index]) + replacement + String(self[index...].dropFirst())
  }
}
