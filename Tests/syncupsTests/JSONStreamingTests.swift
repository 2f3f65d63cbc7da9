import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// `list --json` writes straight from the models (``JSONTextWriter``); its bytes must be those
/// of the ``JSONOutput`` tree the other commands print, pretty or compact, in one piece or
/// flushed in chunks.
@Suite("JSON streaming")
struct JSONStreamingTests {
  /// The streamed text of `syncUps`, collected from flushes of `threshold` bytes or more.
  static func streamed(_ syncUps: [SyncUp], pretty: Bool = true, threshold: Int = .max) -> String {
    var flushed: [UInt8] = []
    var writer = JSONTextWriter(pretty: pretty, flushThreshold: threshold) { bytes in
      flushed += bytes
      bytes.removeAll()
    }
    writer.syncUps(syncUps)
    writer.endDocument()
    return String(decoding: flushed + writer.bytes, as: UTF8.self)
  }

  @Test func fixturesMatchTheTree() {
    let fixtures = [
      RenderingFixtures.engineering, RenderingFixtures.design, RenderingFixtures.hostile,
    ]
    for pretty in [true, false] {
      #expect(
        Self.streamed(fixtures, pretty: pretty) == JSONOutput.syncUps(fixtures).text(pretty: pretty)
      )
      #expect(Self.streamed([], pretty: pretty) == JSONOutput.syncUps([]).text(pretty: pretty))
    }
  }

  @Test func flushedChunksAddUpToTheDocument() {
    let fixtures = [
      RenderingFixtures.engineering, RenderingFixtures.hostile, RenderingFixtures.design,
    ]
    let whole = JSONOutput.syncUps(fixtures).text()
    for threshold in [1, 7, 100, 4096] {
      #expect(Self.streamed(fixtures, threshold: threshold) == whole)
    }
  }

  @Test func meetingsAndAttendeesMatchTheTree() {
    let engineering = RenderingFixtures.engineering
    var writer = JSONTextWriter(pretty: true)
    writer.meetings(engineering.meetings.elements)
    writer.endDocument()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == JSONOutput.meetings(engineering.meetings).text())
    writer = JSONTextWriter(pretty: false)
    engineering.attendees[0].show(to: &writer)
    writer.endDocument()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == JSONOutput.attendee(engineering.attendees[0]).text(pretty: false))
  }

  /// Every character the escaping treats specially, and its neighbours, in every field, with
  /// dates before 1970, far in the past and far in the future, and fractions of a second.
  @Test func randomSyncUpsMatchTheTree() {
    var random = SeededGenerator(seed: 0x7E57)
    let specials: [Unicode.Scalar] =
      (0..<0x21).compactMap(Unicode.Scalar.init)
      + [
        "\"", "\\", "/", "~", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "\u{61B}", "\u{61C}",
        "\u{61D}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2010}", "\u{2027}", "\u{2028}",
        "\u{202E}", "\u{202F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "é", "会", "👍",
      ]
    func text() -> String {
      var text = ""
      for _ in 0..<Int.random(in: 0...10, using: &random) {
        text.unicodeScalars.append(specials.randomElement(using: &random) ?? "a")
      }
      return text
    }
    var next = 0
    func id() -> UUID {
      next += 1
      return UUID(next)
    }
    let dates: [Double] = [
      0, -1, -0.5, 1_770_628_500.75, -62_167_219_200, -62_167_219_201, 253_402_300_800, 1e12, -1e13,
    ]
    for _ in 0..<100 {
      let syncUps = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        SyncUp(
          id: id(),
          attendees: IdentifiedArrayOf(
            uniqueElements: (0..<Int.random(in: 0...3, using: &random)).map { _ in
              Attendee(id: id(), name: text())
            }),
          duration: Int.random(in: 1...86_400, using: &random),
          meetings: IdentifiedArrayOf(
            uniqueElements: (0..<Int.random(in: 0...3, using: &random)).map { _ in
              Meeting(
                id: id(),
                date: Date(timeIntervalSince1970: dates.randomElement(using: &random) ?? 0),
                transcript: text())
            }),
          theme: Theme.allCases.randomElement(using: &random) ?? .sky,
          title: text())
      }
      let pretty = Bool.random(using: &random)
      #expect(
        Self.streamed(syncUps, pretty: pretty) == JSONOutput.syncUps(syncUps).text(pretty: pretty))
    }
  }
}

/// SplitMix64, seeded, so that every run tests the same values.
private struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
