import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// Sync-ups shared by the rendering and JSON tests.
enum RenderingFixtures {
  /// A UUID whose last group is `n` in decimal digits.
  static func id(_ n: Int) -> UUID {
    let digits = String(n)
    return UUID(
      uuidString: "00000000-0000-0000-0000-"
        + String(repeating: "0", count: 12 - digits.count) + digits)!
  }

  /// `id` with its first 8 hex digits replaced by `prefix`.
  static func id(_ prefix: String, _ id: UUID) -> UUID {
    UUID(uuidString: prefix + id.uuidString.dropFirst(8))!
  }

  /// Mon 9 Feb 2026, 09:15:00 UTC.
  static let monday = Date(timeIntervalSince1970: 1_770_628_500)
  /// Fri 6 Feb 2026, 17:40:30 UTC.
  static let friday = Date(timeIntervalSince1970: 1_770_399_630)

  static let engineering = SyncUp(
    id: id(1),
    attendees: [
      Attendee(id: id(11), name: "Blob"),
      Attendee(id: id(12), name: "Blob Jr"),
      Attendee(id: id(13), name: "Blob Sr"),
    ],
    duration: 600,
    meetings: [
      Meeting(
        id: id(21), date: monday,
        transcript: "Blob: shipped the release\nBlob Jr: reviewing the docs"),
      Meeting(id: id(22), date: friday, transcript: ""),
    ],
    theme: .bubblegum,
    title: "Engineering"
  )

  static let design = SyncUp(
    id: id(2),
    attendees: [Attendee(id: id(14), name: "Ana"), Attendee(id: id(15), name: "Ben")],
    duration: 90,
    theme: .seafoam,
    title: "Design"
  )

  /// A sync-up whose every user-written text tries to drive the terminal.
  /// A recorded meeting: its own attendees (not today's), each turn against its slot, the
  /// length against the plan.
  static let recorded = Meeting(
    id: id(41), date: friday,
    transcript: "Ana: shipped it\nCy: on call",
    started: friday, duration: 312, plannedDuration: 300, endedEarly: false,
    attendees: [
      MeetingAttendee(id: id(51), name: "Ana", absent: false),
      MeetingAttendee(id: id(52), name: "Ben", absent: true),
      MeetingAttendee(id: id(53), name: "Cy", absent: false),
      MeetingAttendee(id: id(54), name: "Dee", absent: false),
    ],
    turns: [
      Meeting.Turn(attendee: id(51), name: "Ana", seconds: 125, slot: 100),
      Meeting.Turn(attendee: id(53), name: "Cy", seconds: 60, slot: 100),
    ])

  static let hostile = SyncUp(
    id: id(3),
    attendees: [
      Attendee(id: id(16), name: "\u{1B}]0;pwned\u{07}"),
      Attendee(id: id(17), name: "Eve\u{202E}gnp.exe"),
    ],
    duration: 300,
    meetings: [
      Meeting(
        id: id(23), date: monday,
        transcript: "\u{1B}[31mred\u{1B}[0m\r\n\u{9B}2Jnext\u{7F}\nlast\u{2066}",
        started: monday, duration: 300, plannedDuration: 300, endedEarly: false,
        attendees: [
          MeetingAttendee(id: id(16), name: "\u{1B}]0;pwned\u{07}", absent: false),
          MeetingAttendee(id: id(17), name: "Eve\u{202E}gnp.exe", absent: false),
        ],
        turns: [
          Meeting.Turn(attendee: id(16), name: "\u{1B}]0;pwned\u{07}", seconds: 150, slot: 150),
          Meeting.Turn(attendee: id(17), name: "Eve\u{202E}gnp.exe", seconds: 150, slot: 150),
        ])
    ],
    theme: .navy,
    title: "\u{1B}[2JEvil\u{9B}31m\u{07}"
  )

  static let defaultConfig = ConfigValues()

  /// ``engineering`` and ``design`` renumbered so that their short ids, and those of
  /// engineering's two meetings, differ: what the human output of `list`, `show` and
  /// `meetings` is tested with.
  static let shortIDs = (
    engineering: engineering.renumbered("3F2A9C1E", meetings: ["9A0C55D2", "41B7E0F3"]),
    design: design.renumbered("B80D44A7")
  )
}

private let esc = "\u{1B}"

extension SyncUp {
  /// A copy whose id starts with `prefix` (8 hex digits), as do its meetings' ids with
  /// `meetingPrefixes` in order: output that shows short ids then tells them apart.
  func renumbered(_ prefix: String, meetings meetingPrefixes: [String] = []) -> SyncUp {
    let renumberedMeetings = zip(meetings, meetingPrefixes).map { meeting, prefix in
      Meeting(
        id: RenderingFixtures.id(prefix, meeting.id), date: meeting.date,
        transcript: meeting.transcript)
    }
    return SyncUp(
      id: RenderingFixtures.id(prefix, id), attendees: attendees, duration: duration,
      meetings: IdentifiedArray(
        uniqueElements: renumberedMeetings + meetings.dropFirst(meetingPrefixes.count)),
      theme: theme, title: title)
  }
}

// MARK: - Colour

@Suite("Colour policy")
struct RenderingColorPolicyTests {
  /// (`--color`, `color` setting, environment, stdout is a terminal, colour?)
  static let table: [(ColorSetting?, ColorSetting, [String: String], Bool, Bool)] = [
    // --color always and never beat everything.
    (.always, .auto, [:], false, true),
    (.always, .never, ["NO_COLOR": "1", "TERM": "dumb"], false, true),
    (.never, .auto, [:], true, false),
    (.never, .always, ["TERM": "xterm-256color"], true, false),
    // --color auto overrides the setting, and is turned off by NO_COLOR and TERM=dumb.
    (.auto, .always, [:], false, false),
    (.auto, .never, [:], true, true),
    (.auto, .auto, ["NO_COLOR": "1"], true, false),
    (.auto, .auto, ["TERM": "dumb"], true, false),
    // No --color: the setting decides; always and never beat the environment.
    (nil, .always, ["NO_COLOR": "1"], false, true),
    (nil, .always, ["TERM": "dumb"], false, true),
    (nil, .never, [:], true, false),
    (nil, .auto, [:], true, true),
    (nil, .auto, ["NO_COLOR": "yes"], true, false),
    // No --color and the setting at its default: auto.
    (nil, .auto, [:], false, false),
    (nil, .auto, ["NO_COLOR": "1"], true, false),
    (nil, .auto, ["NO_COLOR": ""], true, true),
    (nil, .auto, ["TERM": "dumb"], true, false),
    (nil, .auto, ["TERM": "xterm"], true, true),
  ]

  @Test(arguments: table)
  func precedence(
    flag: ColorSetting?, setting: ColorSetting, environment: [String: String], isTerminal: Bool,
    expected: Bool
  ) {
    #expect(
      ColorPolicy.isEnabled(
        flag: flag, setting: setting, environment: environment, isTerminal: isTerminal)
        == expected)
    let style = TerminalStyle.resolve(
      flag: flag, setting: setting, environment: environment, isTerminal: isTerminal)
    #expect(style.isColored == expected)
  }

  @Test(arguments: [
    ([:], ColorDepth.ansi16),
    (["TERM": "xterm"], .ansi16),
    (["TERM": "dumb"], .ansi16),
    (["TERM": "xterm-256color"], .ansi256),
    (["TERM": "screen-256color"], .ansi256),
    (["COLORTERM": "truecolor"], .trueColor),
    (["COLORTERM": "24bit", "TERM": "xterm"], .trueColor),
    (["COLORTERM": "truecolor", "TERM": "xterm-256color"], .trueColor),
    (["COLORTERM": "yes", "TERM": "xterm-256color"], .ansi256),
  ])
  func depth(environment: [String: String], expected: ColorDepth) {
    #expect(ColorDepth.detect(environment: environment) == expected)
    let style = TerminalStyle.resolve(
      flag: .always, setting: .auto, environment: environment, isTerminal: false)
    #expect(style.depth == expected)
  }

  @Test func offMeansNoDepth() {
    let style = TerminalStyle.resolve(
      flag: .never, setting: .auto, environment: ["COLORTERM": "truecolor"], isTerminal: true)
    #expect(style == .plain)
  }
}

@Suite("Terminal style")
struct RenderingTerminalStyleTests {
  @Test func plainWritesNoEscapes() {
    let style = TerminalStyle.plain
    #expect(style.bold("Attendees") == "Attendees")
    #expect(style.dim("(no name)") == "(no name)")
    #expect(style.themed("Navy", .navy) == "Navy")
    #expect(style.swatch(.navy) == "")
    #expect(style.swatchWidth == 0)
  }

  @Test func trueColor() {
    let style = TerminalStyle(depth: .trueColor)
    #expect(style.bold("Attendees") == "\(esc)[1mAttendees\(esc)[0m")
    #expect(style.dim("(no name)") == "\(esc)[2m(no name)\(esc)[0m")
    #expect(style.themed("Navy", .navy) == "\(esc)[48;2;0;20;65;38;2;255;255;255mNavy\(esc)[0m")
    #expect(
      style.themed("Bubblegum", .bubblegum)
        == "\(esc)[48;2;238;128;209;38;2;0;0;0mBubblegum\(esc)[0m")
    #expect(style.swatch(.poppy) == "\(esc)[48;2;255;94;94m  \(esc)[0m")
    #expect(style.swatchWidth == 3)
  }

  @Test func ansi256() {
    let style = TerminalStyle(depth: .ansi256)
    #expect(style.bold("Attendees") == "\(esc)[1mAttendees\(esc)[0m")
    #expect(style.themed("Navy", .navy) == "\(esc)[48;5;17;38;5;231mNavy\(esc)[0m")
    #expect(style.themed("Bubblegum", .bubblegum) == "\(esc)[48;5;212;38;5;16mBubblegum\(esc)[0m")
    #expect(style.swatch(.poppy) == "\(esc)[48;5;203m  \(esc)[0m")
  }

  @Test func ansi16() {
    let style = TerminalStyle(depth: .ansi16)
    #expect(style.themed("Navy", .navy) == "\(esc)[44;97mNavy\(esc)[0m")
    #expect(style.themed("Bubblegum", .bubblegum) == "\(esc)[105;30mBubblegum\(esc)[0m")
    #expect(style.swatch(.oxblood) == "\(esc)[41m  \(esc)[0m")
  }

  /// Every theme's colour in the 256-colour and 16-colour palettes.
  @Test func paletteOfEveryTheme() {
    let expected: [Theme: (Int, Int)] = [
      .bubblegum: (212, 13), .buttercup: (228, 11), .indigo: (53, 5), .lavender: (189, 15),
      .magenta: (126, 5), .navy: (17, 4), .orange: (209, 11), .oxblood: (52, 1),
      .periwinkle: (105, 12), .poppy: (203, 9), .purple: (99, 13), .seafoam: (253, 15),
      .sky: (69, 12), .tan: (144, 3), .teal: (31, 6), .yellow: (221, 11),
    ]
    for theme in Theme.allCases {
      let (red, green, blue) = theme.rgb
      #expect(
        ANSIPalette.nearest256(red: red, green: green, blue: blue) == expected[theme]?.0,
        "\(theme)")
      #expect(
        ANSIPalette.nearest16(red: red, green: green, blue: blue) == expected[theme]?.1,
        "\(theme)")
    }
  }

  @Test func paletteOfTextColorsAndGreys() {
    #expect(ANSIPalette.nearest256(red: 0, green: 0, blue: 0) == 16)
    #expect(ANSIPalette.nearest256(red: 255, green: 255, blue: 255) == 231)
    #expect(ANSIPalette.nearest256(red: 128, green: 128, blue: 128) == 244)
    #expect(ANSIPalette.nearest256(red: 255, green: 0, blue: 0) == 196)
    #expect(ANSIPalette.nearest16(red: 0, green: 0, blue: 0) == 0)
    #expect(ANSIPalette.nearest16(red: 255, green: 255, blue: 255) == 15)
    #expect(ANSIPalette.nearest16(red: 128, green: 128, blue: 128) == 8)
    #expect(ANSIPalette.nearest16(red: 200, green: 200, blue: 200) == 7)
    #expect(ANSIPalette.nearest16(red: 0, green: 160, blue: 0) == 2)
    #expect(ANSIPalette.nearest16(red: 30, green: 0, blue: 0) == 0)
  }
}

// MARK: - Sanitizing

@Suite("Sanitizing user text")
struct RenderingSanitizeTests {
  @Test(arguments: [
    ("Morning Sync", "Morning Sync"),
    ("Café 会议 👩‍💻 C:\\temp", "Café 会议 👩‍💻 C:\\temp"),
    ("a\u{1B}b", "a\\u{1B}b"),
    ("\u{1B}[2J", "\\u{1B}[2J"),
    ("\u{1B}]0;x\u{07}", "\\u{1B}]0;x\\u{07}"),
    ("ding\u{07}", "ding\\u{07}"),
    ("\u{9B}31m", "\\u{9B}31m"),
    ("\u{85}\u{80}\u{9F}", "\\u{85}\\u{80}\\u{9F}"),
    ("del\u{7F}", "del\\u{7F}"),
    ("\u{0}", "\\u{00}"),
    ("a\nb\tc\r", "a\\u{0A}b\\u{09}c\\u{0D}"),
    ("abc\u{202E}fed", "abc\\u{202E}fed"),
    ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}"),
    ("\u{2066}x\u{2067}\u{2068}\u{2069}", "\\u{2066}x\\u{2067}\\u{2068}\\u{2069}"),
    ("\u{200E}\u{200F}\u{61C}", "\\u{200E}\\u{200F}\\u{61C}"),
    ("one\u{2028}two\u{2029}", "one\\u{2028}two\\u{2029}"),
  ])
  func escapes(input: String, expected: String) {
    #expect(sanitize(input) == expected)
  }

  @Test func linesSplitAtLineFeeds() {
    #expect(sanitizedLines("Blob: hi\r\nBlob Jr: \u{7}") == ["Blob: hi", "Blob Jr: \\u{07}"])
    #expect(sanitizedLines("a\n\nb\n") == ["a", "", "b", ""])
    #expect(sanitizedLines("a\rb") == ["a\\u{0D}b"])
    #expect(sanitizedLines("") == [""])
  }
}

// MARK: - Text measures

@Suite("Display width")
struct RenderingDisplayWidthTests {
  @Test(arguments: [
    ("", 0),
    ("Sync", 4),
    ("Café", 4),
    ("e\u{301}", 1),
    ("会议", 4),
    ("한국어", 6),
    ("ｶﾀｶﾅ", 4),
    ("ＳＹＮＣ", 8),
    ("👍", 2),
    ("👩‍💻", 2),
    ("🇫🇷", 2),
    ("❤️", 2),
    ("❤", 1),
    ("1️⃣", 2),
    ("a\u{200B}b", 2),
    ("Sync 会议 👍", 12),
  ])
  func width(text: String, expected: Int) {
    #expect(displayWidth(text) == expected)
  }

  @Test(arguments: [
    ("Engineering", 11, "Engineering"),
    ("Engineering", 10, "Engineeri…"),
    ("Engineering", 6, "Engin…"),
    ("会议记录", 8, "会议记录"),
    ("会议记录", 7, "会议记…"),
    ("会议记录", 6, "会议…"),
    ("会议记录", 5, "会议…"),
    ("👩‍💻👩‍💻👩‍💻", 4, "👩‍💻…"),
    ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
    ("abc", 1, "…"),
    ("abc", 0, ""),
  ])
  func truncation(text: String, width: Int, expected: String) {
    let result = truncated(text, toWidth: width)
    #expect(result == expected)
    #expect(displayWidth(result) <= width)
  }
}

/// Durations as the command line writes them read back as the same durations.
@Suite("Durations read back")
struct RenderingDurationTextTests {
  @Test func compactReadsBack() throws {
    for seconds in stride(from: 1, through: 86_400, by: 37) {
      #expect(try DurationParser.seconds(DurationText.compact(seconds)) == seconds)
    }
  }
}

@Suite("Terminal safety")
struct RenderingTerminalSafetyTests {
  /// Everything a command prints for the hostile sync-up, with colour as NO_COLOR leaves it.
  private func everyOutput(style: TerminalStyle) -> [String] {
    let hostile = RenderingFixtures.hostile
    return [
      SyncUpListRenderer.render([hostile], style: style, width: 60),
      SyncUpListRenderer.render([hostile], style: style),
      SyncUpDetailRenderer.render(hostile, style: style),
      PastMeetingList.render(hostile.meetings, style: style, width: 60),
      PastMeetingList.render(hostile.meetings, style: style),
      PastMeetingPage.render(hostile.meetings[0], of: hostile, style: style),
      DeletionQuestion.syncUp(hostile),
      DeletionQuestion.meeting(hostile.meetings[0], of: hostile),
      ThemeListRenderer.render(style: style),
      ConfigRenderer.list(RenderingFixtures.defaultConfig),
    ]
  }

  @Test func noColorOutputHasNoEscapeByte() {
    let style = TerminalStyle.resolve(
      flag: nil, setting: .auto, environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"],
      isTerminal: true)
    for output in everyOutput(style: style) {
      #expect(!output.utf8.contains(0x1B))
      #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
      #expect(!output.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
      #expect(!output.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
      #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
  }

  @Test func userTextIsShownEscaped() {
    let hostile = RenderingFixtures.hostile
    #expect(
      PastMeetingPage.render(
        hostile.meetings[0], of: hostile, style: .plain, utcOffset: { _ in 0 }) == """
          Meeting
            Sync-up  \\u{1B}[2JEvil\\u{9B}31m\\u{07}
            Date     Mon 9 Feb 2026, 09:15
            Length   5 min of 5 min planned

          Attendees
            \\u{1B}]0;pwned\\u{07}  2 min, 30 secs of 2 min, 30 secs
            Eve\\u{202E}gnp.exe    2 min, 30 secs of 2 min, 30 secs

          Transcript
            \\u{1B}[31mred\\u{1B}[0m
            \\u{9B}2Jnext\\u{7F}
            last\\u{2066}

          """)
  }

  @Test func coloredOutputHasOnlyOurEscapes() {
    // With colour on, every ESC starts one of the SGR sequences we write.
    for output in everyOutput(style: TerminalStyle(depth: .trueColor)) {
      var rest = Substring(output)
      while let index = rest.firstIndex(of: "\u{1B}") {
        rest = rest[index...].dropFirst()
        #expect(rest.hasPrefix("["))
        let parameters = rest.dropFirst().prefix { $0 != "m" }
        #expect(parameters.allSatisfy { $0.isNumber || $0 == ";" }, "\(parameters)")
      }
    }
  }
}
