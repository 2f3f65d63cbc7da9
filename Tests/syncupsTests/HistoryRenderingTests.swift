import Foundation
import SyncUpsCore
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
}

/// `meetings` and `meeting show`: the list of past meetings and a past meeting's page.
@Suite("Past meetings")
struct PastMeetingRenderingTests {
  let engineering = RenderingFixtures.shortIDs.engineering
  let design = RenderingFixtures.shortIDs.design

  @Test func meetings() {
    #expect(
      PastMeetingList.render(engineering.meetings, style: .plain, utcOffset: { _ in 0 })
        == """
        1  Mon 9 Feb 2026, 09:15  9A0C55D2  Blob: shipped the release
        2  Fri 6 Feb 2026, 17:40  41B7E0F3  (no notes)

        """)
  }

  @Test func meetingsCutNotesToTheWidth() {
    #expect(
      PastMeetingList.render(
        engineering.meetings, style: .plain, width: 50, utcOffset: { _ in 0 }) == """
          1  Mon 9 Feb 2026, 09:15  9A0C55D2  Blob: shipped…
          2  Fri 6 Feb 2026, 17:40  41B7E0F3  (no notes)

          """)
  }

  @Test func meetingsShowTheFirstLineWithText() {
    let meeting = Meeting(
      id: RenderingFixtures.id(30), date: RenderingFixtures.monday, transcript: "\n  \nBlob: hi")
    #expect(
      PastMeetingList.render([meeting], style: .plain, utcOffset: { _ in 0 })
        == "1  Mon 9 Feb 2026, 09:15  00000000  Blob: hi\n")
  }

  @Test func noMeetings() {
    #expect(PastMeetingList.render([], style: .plain) == "")
    #expect(
      PastMeetingList.emptyMessage(reference: "'Design review'")
        == "No meetings yet. Run one with: syncups start 'Design review'\n")
  }

  @Test func meetingShow() {
    let meeting = engineering.meetings[0]
    #expect(
      PastMeetingPage.render(
        meeting, of: engineering, style: .plain, utcOffset: { _ in 0 }) == """
          Meeting
            Sync-up  Engineering
            Date     Mon 9 Feb 2026, 09:15

          Attendees
            Not recorded for this meeting.

          Transcript
            Blob: shipped the release
            Blob Jr: reviewing the docs

          """)
  }

  /// The text of `meeting show` for the recorded meeting, up to its items or transcript.
  static let recordedHead = """
    Meeting
      Sync-up  Engineering
      Date     Fri 6 Feb 2026, 17:40
      Length   5 min, 12 secs of 5 min planned, 12 secs over

    Attendees
      Ana  2 min, 5 secs of 1 min, 40 secs  25 secs over
      Ben  absent
      Cy   1 min of 1 min, 40 secs
      Dee  did not speak


    """

  @Test func meetingShowOfARecordedMeeting() {
    #expect(
      PastMeetingPage.render(
        RenderingFixtures.recorded, of: engineering, style: .plain, utcOffset: { _ in 0 })
        == Self.recordedHead + """
          Transcript
            Ana: shipped it
            Cy: on call

          """)
    var early = RenderingFixtures.recorded
    early.duration = 185
    early.endedEarly = true
    let style = TerminalStyle(depth: .ansi256)
    let text = PastMeetingPage.render(early, of: engineering, style: style, utcOffset: { _ in 0 })
    #expect(text.contains("  Length   3 min, 5 secs of 5 min planned, ended early\n"))
    #expect(
      text.contains("  Ana  2 min, 5 secs of 1 min, 40 secs  \u{1B}[1;31m25 secs over\u{1B}[0m\n"))
    #expect(text.contains("  Ben  \u{1B}[2mabsent\u{1B}[0m\n"))
  }

  @Test func meetingShowSaysWhenAScheduledMeetingStartedAndWhoRanIt() {
    var meeting = RenderingFixtures.recorded
    let date = meeting.date
    // Saved at 17:40:30 after starting at 17:35:00, five minutes after its scheduled 17:30.
    meeting.started = date.addingTimeInterval(-330)
    meeting.scheduled = date.addingTimeInterval(-630)
    meeting.facilitator = Meeting.Facilitator(attendee: RenderingFixtures.id(1), name: "Ana")
    let text = PastMeetingPage.render(meeting, of: engineering, style: .plain, utcOffset: { _ in 0 })
    #expect(
      text.hasPrefix("""
        Meeting
          Sync-up      Engineering
          Date         Fri 6 Feb 2026, 17:40
          Started      17:35, 5 min late for 17:30
          Length       5 min, 12 secs of 5 min planned, 12 secs over
          Facilitator  Ana

        Attendees

        """))
    // Two minutes late or less is on time; without a facilitator the labels stay narrow.
    meeting.scheduled = date.addingTimeInterval(-450)
    meeting.facilitator = nil
    let onTime = PastMeetingPage.render(meeting, of: engineering, style: .plain, utcOffset: { _ in 0 })
    #expect(onTime.contains("\n  Started  17:35, on time for 17:33\n  Length   5 min"))
    // In Markdown, after the attendees.
    meeting.scheduled = date.addingTimeInterval(-630)
    meeting.facilitator = Meeting.Facilitator(attendee: RenderingFixtures.id(1), name: "Ana_1")
    let page = MeetingMarkdownRenderer.render(meeting, of: engineering, utcOffset: { _ in 0 })
    #expect(
      page.contains("""
        **Attendees:** Ana, ~~Ben~~ (absent), Cy, Dee

        **Started:** 17:35, 5 min late for 17:30. **Facilitator:** Ana\\_1.

        ## Ana
        """))
  }

  @Test func meetingsShowTheirLengthOnceRecorded() {
    var early = RenderingFixtures.recorded
    early.duration = 185
    early.endedEarly = true
    let old = engineering.meetings[0]
    #expect(
      PastMeetingList.render([RenderingFixtures.recorded, early, old], style: .plain, utcOffset: { _ in 0 })
        == """
        1  Fri 6 Feb 2026, 17:40  00000000  5:12 over   Ana: shipped it
        2  Fri 6 Feb 2026, 17:40  00000000  3:05 early  Ana: shipped it
        3  Mon 9 Feb 2026, 09:15  9A0C55D2              Blob: shipped the release

        """)
  }

  @Test func meetingShowKeepsInnerBlankLinesAndDropsTrailingOnes() {
    let meeting = Meeting(
      id: RenderingFixtures.id(31), date: RenderingFixtures.friday,
      transcript: "Ana: one\n\nBen: two\n\n")
    let text = PastMeetingPage.render(
      meeting, of: design, style: .plain, utcOffset: { _ in 0 })
    #expect(text.hasSuffix("Transcript\n  Ana: one\n\n  Ben: two\n"))
  }

  /// Engineering with the recorded meeting and four items: a blocker of Ana's (named by the
  /// meeting: she is not on the sync-up) and an action of Blob's raised in it, the action
  /// resolved in it too, an item of nobody's resolved in it, and one of another meeting.
  static var withItems: SyncUp {
    var syncUp = RenderingFixtures.engineering
    syncUp.meetings.insert(RenderingFixtures.recorded, at: 0)
    let meeting = RenderingFixtures.recorded.id
    let date = RenderingFixtures.friday
    syncUp.items = [
      Item(
        id: RenderingFixtures.id(61), kind: .blocker, text: "waiting on *keys*",
        owner: RenderingFixtures.id(51), opened: date, openedIn: meeting),
      Item(
        id: RenderingFixtures.id(62), kind: .action, text: "write the docs",
        owner: RenderingFixtures.id(11), opened: date, openedIn: meeting, resolved: date,
        resolvedIn: meeting, resolution: "done"),
      Item(
        id: RenderingFixtures.id(63), kind: .action, text: "old thing", opened: date,
        resolved: date, resolvedIn: meeting),
      Item(
        id: RenderingFixtures.id(64), kind: .blocker, text: "elsewhere", opened: date,
        openedIn: RenderingFixtures.id(99)),
    ]
    return syncUp
  }

  @Test func meetingShowListsTheItemsRaisedAndResolved() {
    #expect(
      PastMeetingPage.render(
        RenderingFixtures.recorded, of: Self.withItems, style: .plain, utcOffset: { _ in 0 })
        == Self.recordedHead + """
        Items raised
          Blocker  Ana   waiting on *keys*
          Action   Blob  write the docs

        Items resolved
          Action  Blob    write the docs — done
          Action  nobody  old thing

        Transcript
          Ana: shipped it
          Cy: on call

        """)
  }

  @Test func meetingShowAsMarkdownListsTheItemsAfterTheNotes() {
    #expect(
      MeetingMarkdownRenderer.render(
        RenderingFixtures.recorded, of: Self.withItems, utcOffset: { _ in 0 }) == """
        # Engineering — Fri 6 Feb 2026, 17:40

        **Attendees:** Ana, ~~Ben~~ (absent), Cy, Dee

        ## Ana

        Spoke for 2 min, 5 secs of a 1 min, 40 secs slot (25 secs over).

        - shipped it

        ## Cy

        Spoke for 1 min of a 1 min, 40 secs slot.

        - on call

        ## Items raised

        - **Blocker** (Ana): waiting on \\*keys\\*
        - **Action** (Blob): write the docs

        ## Items resolved

        - **Action** (Blob): write the docs — done
        - **Action**: old thing

        **Total:** 5 min, 12 secs of 5 min planned (12 secs over).

        """)
  }

  @Test func meetingShowAsJSONAddsTheItemsWithTheirOwnersNames() throws {
    let text = JSONOutput.meeting(
      RenderingFixtures.recorded,
      with: MeetingItems(RenderingFixtures.recorded, of: Self.withItems), of: Self.withItems,
      age: { $0.text.count }
    ).text()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let raised = try #require(object["itemsRaised"] as? [[String: Any]])
    let resolved = try #require(object["itemsResolved"] as? [[String: Any]])
    #expect(raised.map { $0["text"] as? String } == ["waiting on *keys*", "write the docs"])
    #expect(raised.map { $0["ownerName"] as? String } == ["Ana", "Blob"])
    #expect(resolved.map { $0["text"] as? String } == ["write the docs", "old thing"])
    #expect(resolved.map { $0["resolution"] as? String } == ["done", nil])
    #expect(resolved[1]["ownerName"] is NSNull)
    // Each as every item object is: its position in the sync-up's items and its age.
    #expect(raised.map { $0["number"] as? Int } == [1, 2])
    #expect(raised.map { $0["ageWorkingDays"] as? Int } == [17, 14])
    #expect(object["transcript"] as? String == "Ana: shipped it\nCy: on call")
    // A meeting that dealt with no item has both lists, empty.
    let other = JSONOutput.meeting(
      RenderingFixtures.engineering.meetings[0],
      with: MeetingItems(RenderingFixtures.engineering.meetings[0], of: Self.withItems),
      of: Self.withItems, age: { _ in 0 }
    ).text()
    #expect(other.hasSuffix(#""itemsRaised" : [],\#n  "itemsResolved" : []\#n}\#n"#))
  }

  /// The open items come after the sync-up's attendees, aged from the Friday they were
  /// opened to Monday 9 February 2026: 1 working day Monday to Friday, 2 Sunday to Thursday.
  @Test(arguments: [("mon-fri", "1 day"), ("sun-thu", "2 days")])
  func exportAsMarkdownListsTheOpenItemsWithTheirAge(workdays: String, age: String) throws {
    let days = try #require(WorkingDays(rawValue: workdays))
    let monday = Date(timeIntervalSince1970: 1_770_631_200)
    let text = SyncUpMarkdownRenderer.render(
      Self.withItems, age: { $0.age(at: monday, workingDays: days, utcOffset: { _ in 0 }) },
      utcOffset: { _ in 0 })
    #expect(
      text.hasPrefix("""
        # Engineering

        **Length:** 10 min. **Attendees:** Blob, Blob Jr, Blob Sr

        **Open items:**

        - **Blocker** (Ana), \(age): waiting on \\*keys\\*
        - **Blocker**, \(age): elsewhere

        ## Fri 6 Feb 2026, 17:40

        """))
  }

  @Test func meetingShowWithoutNotes() {
    let text = PastMeetingPage.render(
      engineering.meetings[1], of: engineering, style: .plain, utcOffset: { _ in 0 })
    #expect(text.hasSuffix("Transcript\n  No notes were taken.\n"))
  }
}
