#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

extension SyncUp {
  /// The open items `owner` owns (nil: those nobody here owns), oldest first.
  func openItems(ownedBy owner: Attendee.ID?) -> [Item] {
    items.elements.filter { item in
      guard item.isOpen else { return false }
      guard let owner else { return item.owner.map { attendees[id: $0] == nil } ?? true }
      return item.owner == owner
    }
  }
}

/// The human output of `standup`: a heading with the window, then a block per attendee,
/// each line cut to the terminal's width.
///
/// ```text
/// Engineering: work since Fri 20 Nov 2026, 00:00
///
/// Blob: 2 commits in web, api
///   web  4f3e1a8  Add the retry
///   api  90e8344  Log the retries
///   blocked 2 days: waiting on API keys
///
/// Ana: no commits
///   action 1 day: send the notes
/// ```
enum StandupText {
  static func render(
    _ work: WorkCards, of syncUp: SyncUp, age: (Item) -> Int, utcOffset: Int,
    style: TerminalStyle, width: Int?, limit: Int? = nil, facilitator: Attendee? = nil
  ) -> String {
    var lines = [style.bold(heading(work, of: syncUp, utcOffset: utcOffset))]
    if let facilitator { lines.append(facilitatorLine(facilitator)) }
    for (attendee, card) in work.cards {
      lines.append("")
      lines += card.lines(of: attendee, style: style, limit: limit)
      for item in syncUp.openItems(ownedBy: attendee.id) {
        lines.append("  " + sanitize(item.agendaText(age: age(item))))
      }
    }
    let unowned = syncUp.openItems(ownedBy: nil)
    if !unowned.isEmpty {
      lines += ["", style.bold("Nobody's")]
      lines += unowned.map { "  " + sanitize($0.agendaText(age: age($0))) }
    }
    if let footnote = WorkCard.byNameFootnote(work.cards.map(\.attendee)) {
      lines += ["", style.dim(footnote)]
    }
    guard let width else { return lines.joined(separator: "\n") + "\n" }
    return lines.map { truncated($0, toWidth: width) }.joined(separator: "\n") + "\n"
  }

  /// A Markdown page: the heading, a section per attendee with their commits and open items
  /// (as `meeting show --format markdown` lists items), escaped.
  static func markdown(
    _ work: WorkCards, of syncUp: SyncUp, age: @escaping (Item) -> Int, utcOffset: Int,
    limit: Int? = nil, facilitator: Attendee? = nil
  ) -> String {
    var blocks = ["## " + MarkdownText.escape(heading(work, of: syncUp, utcOffset: utcOffset))]
    if let facilitator { blocks.append(MarkdownText.escape(facilitatorLine(facilitator))) }
    for (attendee, card) in work.cards {
      blocks.append("### " + MarkdownText.escape(WorkCard.heading(of: attendee)))
      blocks += card.markdownBlocks(limit: limit)
      let items = syncUp.openItems(ownedBy: attendee.id)
      if !items.isEmpty {
        blocks.append(
          MeetingMarkdownRenderer.itemList(items, of: syncUp, resolutions: false, age: age))
      }
    }
    let unowned = syncUp.openItems(ownedBy: nil)
    if !unowned.isEmpty {
      blocks.append("### Nobody's")
      blocks.append(
        MeetingMarkdownRenderer.itemList(unowned, of: syncUp, resolutions: false, age: age))
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// `Facilitator: Ana`: who facilitates the next meeting.
  static func facilitatorLine(_ facilitator: Attendee) -> String {
    "Facilitator: " + UserText.attendee(facilitator)
  }

  /// `Engineering: work since Fri 20 Nov 2026, 00:00`.
  static func heading(_ work: WorkCards, of syncUp: SyncUp, utcOffset: Int) -> String {
    sanitize(SyncUp.shownTitle(syncUp.title)) + ": work " + span(work.window) { _ in utcOffset }
  }

  /// `since Fri 20 Nov 2026, 00:00`, with `until …` for a window that ends; local times,
  /// `utcOffset(date)` seconds east of UTC.
  static func span(_ window: WorkWindow, utcOffset: (Date) -> Int) -> String {
    var text = "since " + DateText.meeting(window.since, utcOffset: utcOffset(window.since))
    if let until = window.until {
      text += " until " + DateText.meeting(until, utcOffset: utcOffset(until))
    }
    return text
  }
}

extension JSONOutput {
  /// `meeting show --work --json`'s `work`: `since`, `until` and `attendees`, each a card
  /// (``WorkCard/jsonMembers(of:)``).
  static func work(_ work: WorkCards) -> JSONOutput {
    .object([
      "since": .string(DateText.iso8601(work.window.since)),
      "until": work.window.until.map { .string(DateText.iso8601($0)) } ?? .null,
      "attendees": .array(work.cards.map { .object($1.jsonMembers(of: $0)) }),
    ])
  }

  /// `standup --json`: `syncUp` (its id), `title`, `since` and `until` (ISO 8601; `until`
  /// null for up to now), `facilitator` (with a rota: the next meeting's name, or null),
  /// `repositories` (as read, as typed) and `attendees`, each a card
  /// (``WorkCard/jsonMembers(of:)``) with `openItems` (item objects, ``item(_:)``); then
  /// `unownedItems`. Documented in syncups(1).
  static func standup(
    _ work: WorkCards, of syncUp: SyncUp, age: (Item) -> Int, limit: Int? = nil,
    facilitator: Attendee? = nil
  ) -> JSONOutput {
    func items(_ items: [Item]) -> JSONOutput {
      .array(items.map { item(ShownItem($0, of: syncUp, age: age)) })
    }
    var members: [String: JSONOutput] = [
      "syncUp": .string(syncUp.id.uuidString),
      "title": .string(syncUp.title),
      "since": .string(DateText.iso8601(work.window.since)),
      "until": work.window.until.map { .string(DateText.iso8601($0)) } ?? .null,
      "repositories": .array(work.repositories.map(JSONOutput.string)),
      "attendees": .array(
        work.cards.map { attendee, card in
          .object(
            card.jsonMembers(of: attendee, limit: limit).merging(
              ["openItems": items(syncUp.openItems(ownedBy: attendee.id))]) { $1 })
        }),
      "unownedItems": items(syncUp.openItems(ownedBy: nil)),
    ]
    if syncUp.facilitators != nil {
      members["facilitator"] = facilitator.map { .string($0.name) } ?? .null
    }
    return .object(members)
  }
}
