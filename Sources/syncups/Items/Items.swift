#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct ItemsCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "items",
    abstract: "List the blockers and actions a sync-up follows through.",
    discussion: """
      Lists the open items of the sync-up named, or of every sync-up that has any, each \
      under its title. Each line holds the item's position (1 is the oldest; 'item resolve', \
      'item reopen', 'item edit' and 'item delete' take it, or the item's id), its kind, its \
      owner, its age and its text. An item's age is the number of working days since the \
      day it was opened (0 on that day; a resolved item's, up to the day it was resolved), \
      counted in the local time zone over the days of the workdays setting \
      (\(ConfigKey.workdays.defaultText) by default). With --format markdown, prints each \
      sync-up's items under its title as a Markdown list, to paste into chat or a wiki. With \
      --json (or --format json), prints an array of item objects, each with its number, its age and its owner's \
      name, and its sync-up when no sync-up is named.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.everySyncUpArgument, \.syncUp, parse: { text, _, _ in text }),
      .flag(OptionSpec(long: "open", help: "Only the open items (the default)."), \.open),
      .flag(OptionSpec(long: "resolved", help: "Only the resolved items."), \.resolved),
      .flag(OptionSpec(long: "all", help: "Open and resolved items."), \.all),
      .option(
        CommandTable.ownerOption(
          help: "Only the items of this attendee: a name (any case) or an id prefix."),
        \.owner, parse: { text, _, _ in text }),
      .option(
        OptionSpec(
          long: "kind", valueName: "kind", help: "Only blockers, or only actions.",
          completion: .choices(Item.Kind.allCases.map(\.rawValue))),
        \.kind, parse: ValueParser.choice),
      .option(.format(OutputFormat.self), \.format, parse: ValueParser.choice),
    ],
    examples: [
      ExampleSpec("What is still open in a sync-up:", "syncups items eng"),
      ExampleSpec("Everyone's open blockers:", "syncups items --kind blocker"),
    ]
  )

  /// Which items by state.
  enum State: Sendable, Equatable {
    case open, resolved, all

    func includes(_ item: Item) -> Bool {
      switch self {
      case .open: item.isOpen
      case .resolved: !item.isOpen
      case .all: true
      }
    }
  }

  /// The sync-up to list; every sync-up with items when nil.
  var syncUp: String?
  var open = false
  var resolved = false
  var all = false
  var owner: String?
  var kind: Item.Kind?
  var format = OutputFormat.text

  /// Which items by state: that of the one of `--open`, `--resolved` and `--all` given.
  var state: State { all ? .all : resolved ? .resolved : .open }

  func validate(path: [String]) throws(UsageError) {
    let given = [("--open", open), ("--resolved", resolved), ("--all", all)].filter(\.1)
    guard given.count > 1 else { return }
    throw UsageError(
      "\(Prose.list(given.map { "'\($0.0)'" })) cannot be used together: give one", path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    let answer = try answer(from: context.readSyncUps(), in: context)
    if let answer {
      Output.standard(answer)
    } else {
      context.say("No \(state == .all ? "" : "\(state) ")\(kind.map { "\($0)s" } ?? "items").")
    }
  }

  /// What `items` prints on standard output for `syncUps`, ages counted at the `date`
  /// dependency's now in local dates (``CommandContext/itemAge()``, the local time
  /// zone's, which `TZ` names); nil when no item is selected (and not `--json`).
  @MainActor func answer(
    from syncUps: IdentifiedArrayOf<SyncUp>, in context: CommandContext) throws -> String? {
    let format = try context.outputFormat(format, path: ["items"])
    let age = context.itemAge()
    let targets = try syncUp.map { [try context.syncUp($0, in: syncUps)] } ?? syncUps.elements
    let owners = try owner.map { try ownerIDs($0, in: targets, context: context) }
    let lists = targets.map { syncUp in
      ItemList(
        syncUp: syncUp,
        entries: syncUp.items.elements.enumerated().compactMap { index, item in
          guard state.includes(item), kind.map({ $0 == item.kind }) ?? true,
            owners.map({ item.owner.map($0.contains) ?? false }) ?? true
          else { return nil }
          return ItemList.Entry(
            position: index + 1, item: item,
            age: age(item))
        })
    }.filter { !$0.entries.isEmpty }
    if format == .json {
      let several = syncUp == nil
      return JSONOutput.array(
        lists.flatMap { list in
          list.entries.map {
            JSONOutput.item(ShownItem($0.item, of: list.syncUp, age: age, namingSyncUp: several))
          }
        }
      ).text()
    }
    guard !lists.isEmpty else { return nil }
    let headed = syncUp == nil
    if format == .markdown {
      return lists.map { $0.markdown() }.joined(separator: "\n")
    }
    let style = context.style
    return lists.map { $0.render(heading: headed, style: style) }.joined(separator: "\n")
  }

  /// The ids of the attendees `reference` names: in the sync-up named, as `start --absent`
  /// finds them; across sync-ups, in each sync-up that has such an attendee.
  @MainActor private func ownerIDs(
    _ reference: String, in syncUps: [SyncUp], context: CommandContext
  ) throws -> Set<Attendee.ID> {
    if syncUp != nil, let only = syncUps.first {
      return [try context.attendee(reference, in: only.attendees, of: only).id]
    }
    var ids = Set<Attendee.ID>()
    for syncUp in syncUps {
      do {
        ids.insert(try resolveAttendee(reference, in: syncUp.attendees, of: syncUp).id)
      } catch .noAttendee {
        continue
      } catch {
        throw CommandFailure(error.message)
      }
    }
    guard !ids.isEmpty else {
      throw CommandFailure("no attendee '\(sanitize(reference))' in any sync-up")
    }
    return ids
  }
}

/// The human output of `items` for one sync-up: a line per item, numbered by its position in
/// the sync-up's items, with its kind, owner, age and text; under the sync-up's title and
/// short id when `items` lists every sync-up.
///
/// ```text
/// Eng  00000000
///   1  blocker  Ana  3 days    waiting on API keys
///   4  action   -    resolved  write the release notes
/// ```
struct ItemList {
  struct Entry {
    var position: Int
    var item: Item
    /// In working days.
    var age: Int
  }

  var syncUp: SyncUp
  var entries: [Entry]

  /// The lines, each ending in a newline.
  func render(heading: Bool, style: TerminalStyle) -> String {
    var table = TextTable(alignments: [.right, .left, .left, .left, .left])
    for entry in entries {
      table.append([
        TextTable.Cell(String(entry.position)), TextTable.Cell(entry.item.kind.rawValue),
        ownerCell(entry.item, style: style),
        TextTable.Cell(entry.item.isOpen ? Item.daysText(entry.age) : "resolved"),
        UserText.cell(entry.item.text, placeholder: "(no text)", style: style),
      ])
    }
    let indent = heading ? "  " : ""
    let lines = table.lines().map { indent + $0 }
    let title =
      heading
      ? [UserText.cell(syncUp.title, placeholder: SyncUp.untitled, style: style).text + "  "
        + syncUp.id.shortID] : []
    return (title + lines).joined(separator: "\n") + "\n"
  }

  /// The items as Markdown under the sync-up's title, each with its position:
  /// `- #1 **Blocker** (Ana), 3 days: waiting on API keys`, a resolved one with
  /// `resolved` for its age and its resolution after a dash.
  func markdown() -> String {
    let title = "## " + MarkdownText.escape(SyncUp.shownTitle(syncUp.title))
    let lines = entries.map { entry in
      "- #\(entry.position) "
        + MeetingMarkdownRenderer.itemLine(
          entry.item, of: syncUp, resolution: true,
          age: entry.item.isOpen ? Item.daysText(entry.age) : "resolved")
    }
    return title + "\n\n" + lines.joined(separator: "\n") + "\n"
  }

  /// The owner's name (``SyncUp/ownerName(of:)``); the short id of an owner found nowhere;
  /// `-` for none.
  private func ownerCell(_ item: Item, style: TerminalStyle) -> TextTable.Cell {
    guard let owner = item.owner else { return TextTable.Cell("-") }
    guard let name = syncUp.ownerName(of: item) else { return TextTable.Cell(owner.shortID) }
    return UserText.cell(name, placeholder: UserText.unnamed, style: style)
  }
}
