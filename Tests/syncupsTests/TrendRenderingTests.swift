import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// The trend lines' bars and text, and the report's pieces, drawn in the process.
@Suite("Trend rendering")
struct TrendRenderingTests {
  @Test func barsScaleBetweenTheLowestAndHighestWithGapsForMissingWeeks() {
    // All equal: every bar the middle one, of eight and of the five ASCII levels.
    #expect(Sparkline.line([600, 600, 600], bars: Sparkline.blocks) == "▄▄▄")
    #expect(Sparkline.line([600, 600, 600], bars: Sparkline.ascii) == "---")
    // One outlier takes the top; the others stay at the bottom.
    #expect(Sparkline.line([600, 610, 600, 1800, 605], bars: Sparkline.blocks) == "▁▁▁█▁")
    #expect(Sparkline.line([600, 610, 600, 1800, 605], bars: Sparkline.ascii) == "___#_")
    // A week without meetings is a space, not the lowest bar.
    #expect(Sparkline.line([1, nil, 3, nil], bars: Sparkline.blocks) == "▁ █ ")
    #expect(Sparkline.line([nil, nil], bars: Sparkline.blocks) == "  ")
    #expect(Sparkline.line([], bars: Sparkline.blocks) == "")
    // Counts from zero: one of two is half way, zeros the lowest, all zeros all lowest.
    #expect(Sparkline.line([0, 1, 2], bars: Sparkline.blocks, fromZero: true) == "▁▄█")
    #expect(Sparkline.line([2, 2], bars: Sparkline.blocks, fromZero: true) == "██")
    #expect(Sparkline.line([0, 0, nil], bars: Sparkline.ascii, fromZero: true) == "__ ")
    // The stats line keeps its drawing.
    #expect(Sparkline.text([300, 280, 310, 295], unicode: true) == "▅▁█▄")
    #expect(Sparkline.text([300, 280, 310, 295], unicode: false) == "+.@=")
  }

  @Test func asciiIsDrawnWhenAskedOrWhenTheLocaleIsNotUTF8() {
    #expect(TrendRenderer.usesASCII(asked: true, environment: ["LANG": "en_US.UTF-8"]))
    #expect(!TrendRenderer.usesASCII(asked: false, environment: ["LANG": "en_US.UTF-8"]))
    #expect(!TrendRenderer.usesASCII(asked: false, environment: ["LC_CTYPE": "C.utf8"]))
    // LC_ALL wins over LANG; an empty one is skipped; none at all is the C locale.
    #expect(TrendRenderer.usesASCII(asked: false, environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
    #expect(!TrendRenderer.usesASCII(asked: false, environment: ["LC_ALL": "", "LANG": "de_DE.UTF-8"]))
    #expect(TrendRenderer.usesASCII(asked: false, environment: ["LANG": "POSIX"]))
    #expect(TrendRenderer.usesASCII(asked: false, environment: [:]))
  }

  /// Two weeks from Monday 2 November 2026, the first with one meeting of 9:00 and the
  /// second with two of 10:00 and 12:30 (one over), an open blocker of 12 working days.
  static func trend(scheduled: Bool = false) throws -> SyncUpTrend {
    let ana = Attendee(id: UUID(0xA1), name: "Ana")
    func meeting(_ number: Int, _ date: String, _ length: Int, late: Int? = nil) -> Meeting {
      let start = try! Date(date, strategy: .iso8601)
      return Meeting(
        id: UUID(0xE0 + number), date: start, transcript: "",
        scheduled: late.map { start.addingTimeInterval(Double(-$0)) }, duration: length,
        plannedDuration: 600,
        attendees: [MeetingAttendee(id: ana.id, name: "Ana", absent: false)],
        turns: [Meeting.Turn(attendee: ana.id, name: "Ana", seconds: length, slot: 600)])
    }
    let blocker = Item(
      id: UUID(0xF1), kind: .blocker, text: "the keys", opened: try Date("2026-10-01T09:00:00Z", strategy: .iso8601))
    let syncUp = SyncUp(
      id: UUID(0xD0), attendees: [ana], duration: 600, items: [blocker],
      meetings: [
        meeting(3, "2026-11-10T09:00:00Z", 750, late: scheduled ? 150 : nil),
        meeting(2, "2026-11-09T09:00:00Z", 600, late: scheduled ? 0 : nil),
        meeting(1, "2026-11-03T09:00:00Z", 540, late: scheduled ? 300 : nil),
      ],
      title: "Design")
    return try SyncUpTrend(
      syncUp, weeks: 3, today: CalendarDay("2026-11-11")!,
      calendar: LocalCalendar(utcOffset: { _ in 0 }), workingDays: .mondayToFriday,
      age: { _ in 12 })
  }

  @Test func theLinesOfAHistory() throws {
    // The bars of the weeks are as wide as the four of the ages: padded with a space.
    let text = TrendRenderer.render(
      try Self.trend(), bars: Sparkline.blocks, style: .plain, byPerson: false)
    #expect(
      text == """
        Design  00000000  3 weeks from Mon 26 Oct 2026
          meetings   ▄█   3
          length     ▁█   avg 10:30 of 10:00 · over 1× · longest 12:30 (10 Nov)
          attended   ▄▄   100% of 3 places
          over       ▁█   1 of 3 turns ran over
          opened     ▁▁   0 blockers
          resolved   ▁▁   0 blockers
          ages      ▁▁▁█  1 open: 0–2 days 0, 3–5 0, 6–10 0, over 10 1 · oldest 12 days: the keys

        """)
    let ascii = TrendRenderer.render(
      try Self.trend(), bars: Sparkline.ascii, style: .plain, byPerson: true)
    #expect(ascii.contains("\n  meetings   -#   3\n"))
    // One attendee: the table is left out and says why.
    #expect(
      ascii.hasSuffix(
        "\n\n  Per-person figures need a sync-up of 3 attendees or more.\n"))
  }

  @Test func startsAreShownWhenMeetingsRecordThePlannedInstant() throws {
    let rows = TrendRenderer.rows(try Self.trend(scheduled: true), bars: Sparkline.blocks)
    // Late by 5:00 and 2:30 (a mean of 3:45); on time at 0.
    #expect(
      rows.first { $0.label == "starts" }
        == TrendRenderer.Row(label: "starts", bars: " ██", figures: "on time 1 · late 2, avg 3:45 late"))
    #expect(try TrendRenderer.rows(Self.trend(), bars: Sparkline.blocks).map(\.label).contains("starts") == false)
  }

  @Test func theMarkdownBlockIsTheLinesInACodeBlock() throws {
    let block = TrendRenderer.markdownBlock(try Self.trend())
    #expect(block.hasPrefix("```text\n3 weeks from Mon 26 Oct 2026\n  meetings   ▄█   3\n"))
    #expect(block.hasSuffix("oldest 12 days: the keys\n```"))
  }

  @Test func reportTextIsEscapedAndItsDataCannotCloseTheScript() {
    #expect(ReportHTML.escape("<b>\"Tom\" & 'Jo'</b>") == "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jo&#39;&lt;/b&gt;")
    #expect(ReportHTML.scriptSafe(#"{"text":"</script><!--"}"#) == #"{"text":"\u003c/script>\u003c!--"}"#)
    #expect(ReportHTML.label("Maximilian Alexander") == "Maximilian Alex…")
    #expect(ReportHTML.label("Ana") == "Ana")
  }
}
