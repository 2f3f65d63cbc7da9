#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing

@Suite("Models")
struct ModelTests {
  /// One row of the SPEC's theme table.
  struct ThemeRow: Sendable {
    var theme: Theme
    var hex: String
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var text: TextColor
    var displayName: String
  }

  static let themeTable: [ThemeRow] = [
    ThemeRow(theme: .bubblegum, hex: "#EE80D1", red: 0xEE, green: 0x80, blue: 0xD1, text: .black, displayName: "Bubblegum"),
    ThemeRow(theme: .buttercup, hex: "#FFF196", red: 0xFF, green: 0xF1, blue: 0x96, text: .black, displayName: "Buttercup"),
    ThemeRow(theme: .indigo, hex: "#360071", red: 0x36, green: 0x00, blue: 0x71, text: .white, displayName: "Indigo"),
    ThemeRow(theme: .lavender, hex: "#CFCEFF", red: 0xCF, green: 0xCE, blue: 0xFF, text: .black, displayName: "Lavender"),
    ThemeRow(theme: .magenta, hex: "#A51377", red: 0xA5, green: 0x13, blue: 0x77, text: .white, displayName: "Magenta"),
    ThemeRow(theme: .navy, hex: "#001441", red: 0x00, green: 0x14, blue: 0x41, text: .white, displayName: "Navy"),
    ThemeRow(theme: .orange, hex: "#FF8B42", red: 0xFF, green: 0x8B, blue: 0x42, text: .black, displayName: "Orange"),
    ThemeRow(theme: .oxblood, hex: "#4A070B", red: 0x4A, green: 0x07, blue: 0x0B, text: .white, displayName: "Oxblood"),
    ThemeRow(theme: .periwinkle, hex: "#8682FF", red: 0x86, green: 0x82, blue: 0xFF, text: .black, displayName: "Periwinkle"),
    ThemeRow(theme: .poppy, hex: "#FF5E5E", red: 0xFF, green: 0x5E, blue: 0x5E, text: .black, displayName: "Poppy"),
    ThemeRow(theme: .purple, hex: "#914BF2", red: 0x91, green: 0x4B, blue: 0xF2, text: .white, displayName: "Purple"),
    ThemeRow(theme: .seafoam, hex: "#CBEAE5", red: 0xCB, green: 0xEA, blue: 0xE5, text: .black, displayName: "Seafoam"),
    ThemeRow(theme: .sky, hex: "#6E92FF", red: 0x6E, green: 0x92, blue: 0xFF, text: .black, displayName: "Sky"),
    ThemeRow(theme: .tan, hex: "#C29B7E", red: 0xC2, green: 0x9B, blue: 0x7E, text: .black, displayName: "Tan"),
    ThemeRow(theme: .teal, hex: "#228F9E", red: 0x22, green: 0x8F, blue: 0x9E, text: .black, displayName: "Teal"),
    ThemeRow(theme: .yellow, hex: "#FFDF4D", red: 0xFF, green: 0xDF, blue: 0x4D, text: .black, displayName: "Yellow"),
  ]

  @Test func themesComeInTheSpecOrder() {
    #expect(Theme.allCases == Self.themeTable.map(\.theme))
    #expect(Theme.allCases.map(\.rawValue) == [
      "bubblegum", "buttercup", "indigo", "lavender", "magenta", "navy", "orange", "oxblood",
      "periwinkle", "poppy", "purple", "seafoam", "sky", "tan", "teal", "yellow",
    ])
  }

  @Test(arguments: themeTable)
  func themeColoursAndNames(row: ThemeRow) {
    let theme = row.theme
    #expect(theme.hex == row.hex)
    #expect(theme.rgb.red == row.red)
    #expect(theme.rgb.green == row.green)
    #expect(theme.rgb.blue == row.blue)
    #expect(theme.accentColor == row.text)
    #expect(theme.displayName == row.displayName)
    #expect(theme.id == theme.rawValue)
  }

  @Test func textColours() {
    #expect(TextColor.allCases == [.black, .white])
    #expect(TextColor.black.rgb == (0, 0, 0))
    #expect(TextColor.white.rgb == (255, 255, 255))
    #expect(TextColor.black.hex == "#000000")
    #expect(TextColor.white.hex == "#FFFFFF")
  }

  @Test func themeNamesMatchIgnoringCase() {
    #expect(Theme(name: "seafoam") == .seafoam)
    #expect(Theme(name: "Seafoam") == .seafoam)
    #expect(Theme(name: "PERIWINKLE") == .periwinkle)
    #expect(Theme(name: "pink") == nil)
    #expect(Theme(name: "") == nil)
    #expect(Theme(name: " sky") == nil)
  }

  @Test func themesAreStoredByCaseName() throws {
    let data = try JSONEncoder().encode([Theme.oxblood])
    #expect(String(decoding: data, as: UTF8.self) == #"["oxblood"]"#)
    #expect(try JSONDecoder().decode([Theme].self, from: Data(#"["teal"]"#.utf8)) == [.teal])
  }

  @Test func themeDecodingIsCaseSensitiveAndNamesTheValidThemes() {
    #expect {
      try JSONDecoder().decode([Theme].self, from: Data(#"["Teal"]"#.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.codingPath.map(\.intValue) == [0]
        && context.debugDescription == """
          Unknown theme "Teal"; expected one of: bubblegum, buttercup, indigo, lavender, \
          magenta, navy, orange, oxblood, periwinkle, poppy, purple, seafoam, sky, tan, teal, \
          yellow
          """
    }
  }

  @Test func newSyncUpDefaults() {
    let syncUp = SyncUp(id: UUID(1))
    #expect(syncUp.id == UUID(1))
    #expect(syncUp.attendees.isEmpty)
    #expect(syncUp.duration == 300)
    #expect(syncUp.meetings.isEmpty)
    #expect(syncUp.theme == .bubblegum)
    #expect(syncUp.title == "")
    #expect(SyncUp.defaultDuration == 300)
    #expect(SyncUp.defaultTheme == .bubblegum)
    #expect(SyncUp.durationRange == 1...86_400)
  }

  /// The slots a meeting gives, shortest to longest: 4 seconds among 3 give 1, 1 and 2.
  @Test(arguments: [
    (duration: 300, attendees: 0, expected: 300...300),
    (duration: 300, attendees: 1, expected: 300...300),
    (duration: 300, attendees: 3, expected: 100...100),
    (duration: 300, attendees: 7, expected: 42...43),
    (duration: 60, attendees: 6, expected: 10...10),
    (duration: 4, attendees: 3, expected: 1...2),
    (duration: 5, attendees: 6, expected: 0...1),
  ])
  func slotLengths(duration: Int, attendees: Int, expected: ClosedRange<Int>) {
    let syncUp = SyncUp(
      id: UUID(1),
      attendees: IdentifiedArrayOf(
        uniqueElements: (0..<attendees).map { Attendee(id: UUID(100 + $0), name: "A\($0)") }
      ),
      duration: duration
    )
    #expect(syncUp.slotLengths == expected)
  }

  @Test(arguments: [
    (duration: 1, attendees: 0, tooShort: false),
    (duration: 1, attendees: 1, tooShort: false),
    (duration: 5, attendees: 5, tooShort: false),
    (duration: 4, attendees: 5, tooShort: true),
    (duration: 1, attendees: 5, tooShort: true),
  ])
  func aMeetingNeedsASecondPerAttendee(duration: Int, attendees: Int, tooShort: Bool) {
    let syncUp = SyncUp(
      id: UUID(1),
      attendees: IdentifiedArrayOf(
        uniqueElements: (0..<attendees).map { Attendee(id: UUID(100 + $0), name: "A\($0)") }
      ),
      duration: duration
    )
    #expect(syncUp.minimumDuration == max(attendees, 1))
    if tooShort {
      #expect(
        throws: SyncUp.DurationTooShort(
          duration: duration, attendeeCount: attendees, minimumDuration: attendees)
      ) { try syncUp.checkDuration() }
    } else {
      #expect(throws: Never.self) { try syncUp.checkDuration() }
    }
  }

  @Test func aMeetingNeedsASecondForEachAttendeePresent() {
    let syncUp = SyncUp(
      id: UUID(1),
      attendees: IdentifiedArrayOf(
        uniqueElements: (0..<5).map { Attendee(id: UUID(100 + $0), name: "A\($0)") }),
      duration: 3)
    #expect(throws: Never.self) { try syncUp.checkDuration(present: 3) }
    #expect(
      throws: SyncUp.DurationTooShort(duration: 3, attendeeCount: 4, minimumDuration: 4)
    ) { try syncUp.checkDuration(present: 4) }
    #expect(throws: Never.self) { try SyncUp(id: UUID(2), duration: 1).checkDuration(present: 0) }
  }

  @Test func attendeesSharingANameAreGroupedIgnoringCaseAndBlankNames() {
    let attendees: IdentifiedArrayOf<Attendee> = [
      Attendee(id: UUID(1), name: "Blob"), Attendee(id: UUID(2), name: "Ana"),
      Attendee(id: UUID(3), name: "blob"), Attendee(id: UUID(4), name: ""),
      Attendee(id: UUID(5), name: " "), Attendee(id: UUID(6), name: "ANA"),
      Attendee(id: UUID(7), name: "BLOB"), Attendee(id: UUID(8), name: "Cy"),
    ]
    #expect(attendees.sharingNames.map { $0.map(\.id) } == [
      [UUID(1), UUID(3), UUID(7)], [UUID(2), UUID(6)],
    ])
    #expect(attendees.prefix(2).sharingNames.isEmpty)
  }

  @Test func aTooShortMeetingSaysWhy() {
    let error = SyncUp.DurationTooShort(duration: 1, attendeeCount: 5, minimumDuration: 5)
    #expect(
      error.message
        == "a meeting of 1 second is too short for 5 attendees: each needs at least a second")
  }

  @Test func valueSemanticsAndIdentity() {
    var syncUp = SyncUp(
      id: UUID(1),
      attendees: [Attendee(id: UUID(2), name: "Blob")],
      title: "Morning Sync"
    )
    let copy = syncUp
    syncUp.attendees[id: UUID(2)]?.name = "Blob Sr"
    syncUp.meetings.insert(
      Meeting(id: UUID(3), date: Date(timeIntervalSince1970: 0), transcript: ""), at: 0
    )
    #expect(copy.attendees[id: UUID(2)]?.name == "Blob")
    #expect(copy != syncUp)
    #expect(Set([copy, syncUp, copy]).count == 2)
    #expect(syncUp.meetings.ids == [UUID(3)])
  }
}
