import Foundation
import Testing

@testable import syncups

@Suite("History rendering and options")
struct HistoryRenderingTests {
  @Test(arguments: [
    ("*fix* [x]", "\\*fix\\* \\[x\\]"),
    ("  padded  ", "padded"),
    (
      "a_b `c` <d> ~e~ |f| #g !h &i $j \\k",
      "a\\_b \\`c\\` \\<d\\> \\~e\\~ \\|f\\| \\#g \\!h \\&i \\$j \\\\k"
    ),
    ("- not a list", "\\- not a list"),
    ("+ nor this", "\\+ nor this"),
    ("=== nor a heading line", "\\=== nor a heading line"),
    ("12. nor a numbered list", "12\\. nor a numbered list"),
    ("3) nor this", "3\\) nor this"),
    ("v1.2 - a minus and (brackets) stay", "v1.2 - a minus and (brackets) stay"),
    ("bell\u{7}", "bell\\\\u{07}"),
  ])
  func markdownEscapesWhatCouldFormat(text: String, escaped: String) {
    #expect(MarkdownText.escape(text) == escaped)
  }

  @Test func sparklinesScaleFromTheShortestToTheLongest() {
    #expect(Sparkline.text([300, 280, 310, 295], unicode: true) == "▅▁█▄")
    #expect(Sparkline.text([300, 280, 310, 295], unicode: false) == "+.@=")
    #expect(Sparkline.text(Array(0...7), unicode: true) == "▁▂▃▄▅▆▇█")
    #expect(Sparkline.text([60, 60], unicode: true) == "▄▄")
    #expect(Sparkline.text([], unicode: true) == "")
    #expect(Sparkline.text([0, .max], unicode: false) == ".@")
  }

  @Test func sinceTakesADayOrATimeBeforeNow() {
    #expect(SinceDate(parsing: "2026-11-01") == .day(year: 2026, month: 11, day: 1))
    #expect(SinceDate(parsing: "2024-02-29") == .day(year: 2024, month: 2, day: 29))
    #expect(SinceDate(parsing: "12h") == .ago(seconds: 43_200))
    #expect(SinceDate(parsing: "7d") == .ago(seconds: 604_800))
    #expect(SinceDate(parsing: "4w") == .ago(seconds: 2_419_200))
    for bad in [
      "", "d", "0d", "-1d", "+1d", "1.5d", "7 d", "7D", "3y", "2026-13-01", "2026-02-29",
      "2026-1-01", "26-11-01", "2026/11/01", "99999999999999999w",
    ] {
      #expect(SinceDate(parsing: bad) == nil, "\(bad)")
    }
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(SinceDate.ago(seconds: 3_600).date(now: now) == Date(timeIntervalSince1970: 1_799_996_400))
  }
}
