#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SharedState
import SyncUpsCore

struct UpdateCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "update",
    abstract: "Write an attendee's update for a day: done, next and blockers.",
    discussion: """
      For someone who cannot be at the meeting, or who writes it the evening before. The \
      update is for today (the local date) unless --date says another day, and is from the \
      attendee the me setting names ('syncups config set me NAME') unless --as names \
      another. Writing again for the same day replaces that day's update, and says so.

      Without --done, --next or --blocker, on a terminal, opens $VISUAL (else $EDITOR, else \
      vi) on a template with the day's update so far; what is saved when the editor ends is \
      the update. Headings are read in any case, Blocker: as well as Blockers:. Lines \
      starting with # are left out. An update left empty writes nothing: \
      'Aborting: the update is empty.' and exit status 1, as git commit does; one saved \
      as it was writes nothing either, and says so. Not on a terminal, give the text with \
      the options.

      Each blocker (repeat --blocker for more, or a line each in the editor) opens a \
      blocker item owned by the attendee (see 'syncups items'), once: writing the same \
      blocker again for that day opens no second one, and a blocker the attendee has an \
      open item for already (the same text but for case and white space) is that item, \
      which ages on: 'Blocker 7 is still open'. Each item opened runs the item-opened \
      hook. With --json, prints the update object, with opened and stillOpen: the item \
      objects opened and those still open.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .option(CommandTable.asOption, \.writer, parse: { text, _, _ in text }),
      .option(
        OptionSpec(long: "done", valueName: "text", help: "What they did."),
        \.done, parse: ValueParser.notBlank),
      .option(
        OptionSpec(long: "next", valueName: "text", help: "What they will do next."),
        \.next, parse: ValueParser.notBlank),
      .repeating(
        OptionSpec(
          long: "blocker", valueName: "text",
          help: "Something in their way; repeat for more. Opens a blocker item."),
        \.blockers, parse: ValueParser.line),
      .option(
        OptionSpec.date("date", help: "The day the update is for, today by default"),
        \.date, parse: ValueParser.date),
    ],
    examples: [
      ExampleSpec(
        "Ana writes her update before going on a trip:",
        "syncups update eng --as ana --done 'login page' --blocker 'no API keys'"),
      ExampleSpec("Write yours in your editor:", "syncups update eng"),
      ExampleSpec("Write tomorrow's this evening:", "syncups update eng --date tomorrow"),
    ]
  )

  var syncUp = ""
  var writer: String?
  var done: String?
  var next: String?
  var blockers: [String] = []
  var date: DateArgument?

  @MainActor func run(in context: CommandContext) throws {
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    let attendee = try context.writer(writer, in: target)
    let day = (date ?? .relativeDay(0)).day(side: .future)
    var text = UpdateText(done: done, next: next, blockers: blockers)
    if done == nil && next == nil && blockers.isEmpty {
      guard isatty(0) == 1 else {
        throw UsageError(
          "give the update with '--done TEXT', '--next TEXT' or '--blocker TEXT', or run on a "
            + "terminal to write it in an editor", path: ["update"])
      }
      let before = target.update(of: attendee.id, for: day)
      let template = UpdateText(before).template(for: attendee, day: day, of: target)
      let edited = try Editor.edit(template, environment: context.environment, name: "update")
      text = UpdateText(parsing: edited)
      if let before, text == UpdateText(parsing: template) {
        if context.options.json {
          let members = ["opened": JSONOutput.array([]), "stillOpen": .array([])]
          Output.standard(JSONOutput.update(before, of: target, adding: members).text())
        } else {
          context.say(
            "No changes: \(Self.whose(attendee, day: day, in: target)) is left as it was.")
        }
        return
      }
    }
    guard !text.isEmpty else { throw CommandFailure("Aborting: the update is empty.") }
    let (stored, replaced, opened) = try context.changeSyncUps { syncUps in
      guard let shared = syncUps[id: target.id] else {
        throw CommandFailure(context.deletedMeanwhile(UserText.name(target)))
      }
      let replaced = shared.wrappedValue.update(of: attendee.id, for: day) != nil
      let items = shared.wrappedValue.items.ids
      let store = context.makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(
        .writeUpdate(
          attendee: attendee.id, day: day, done: text.done, next: text.next,
          blockers: text.blockers))
      let opened = shared.wrappedValue.items.filter { !items.contains($0.id) }
      return (shared.wrappedValue, replaced, opened)
    }
    let update = try require(stored.update(of: attendee.id, for: day), "the update written")
    // The blockers written that were open already, each once.
    var stillOpen: [Item] = []
    for blocker in update.blockers {
      guard let item = stored.openBlocker(of: attendee.id, saying: blocker),
        !opened.contains(where: { $0.id == item.id }), !stillOpen.contains(item)
      else { continue }
      stillOpen.append(item)
    }
    if context.options.json {
      let items = { (items: [Item]) in
        JSONOutput.array(items.map { context.itemObject($0, of: stored) })
      }
      let members = ["opened": items(Array(opened)), "stillOpen": items(stillOpen)]
      Output.standard(JSONOutput.update(update, of: stored, adding: members).text())
    } else {
      let whose = Self.whose(attendee, day: day, in: stored)
      context.say(replaced ? "Replaced \(whose)." : "Wrote \(whose).")
      func position(_ item: Item) -> String {
        stored.items.index(id: item.id).map { " \($0 + 1)" } ?? ""
      }
      for item in opened {
        context.say("Opened blocker\(position(item)): \(sanitize(item.text))")
      }
      for item in stillOpen {
        context.say("Blocker\(position(item)) is still open: \(sanitize(item.text))")
      }
    }
    for item in opened {
      context.hooks.fire(.itemOpened, context.itemObject(item, of: stored), syncUp: stored.id)
    }
  }
}

extension UpdateCommand {
  /// `Ana's update for Fri 27 Nov 2026 in Eng`.
  static func whose(_ attendee: Attendee, day: CalendarDay, in syncUp: SyncUp) -> String {
    "\(UserText.attendee(attendee))'s update for \(day.longText) in \(UserText.name(syncUp))"
  }
}

/// The texts of an update as `update` takes them, from its options or from the file the
/// editor saved.
///
/// ```text
/// Done:
/// the login page
///
/// Next:
/// the signup page
///
/// Blockers:
/// waiting on API keys
/// ```
struct UpdateText: Equatable {
  var done: String?
  var next: String?
  var blockers: [String]

  init(done: String?, next: String?, blockers: [String]) {
    self.done = done
    self.next = next
    self.blockers = blockers
  }

  /// The texts of `update`, none without one.
  init(_ update: WrittenUpdate?) {
    self.init(done: update?.done, next: update?.next, blockers: update?.blockers ?? [])
  }

  /// Whether it says nothing: every text blank.
  var isEmpty: Bool {
    (done ?? "").isBlank && (next ?? "").isBlank && blockers.allSatisfy(\.isBlank)
  }

  /// The headings of the template's sections, as written.
  private static let headings = ["Done:", "Next:", "Blockers:"]
  /// The headings each section is found under, in lower case: the template's, and the labels
  /// the card and `updates` show (``WrittenUpdate/parts``), so that either may be typed.
  private static let recognized = [["done:"], ["next:"], ["blockers:", "blocker:"]]

  /// The section `line` (in lower case) starts a heading of, and that heading.
  private static func heading(starting line: String) -> (Int, String)? {
    for (index, headings) in recognized.enumerated() {
      if let heading = headings.first(where: line.hasPrefix) { return (index, heading) }
    }
    return nil
  }

  /// The file the editor opens: a section for each text, then `#` lines saying how to write
  /// it.
  func template(for attendee: Attendee, day: CalendarDay, of syncUp: SyncUp) -> String {
    let sections = [done ?? "", next ?? "", blockers.joined(separator: "\n")]
    let body = zip(Self.headings, sections).map { heading, text in
      heading + "\n" + (text.isEmpty ? "" : text + "\n")
    }.joined(separator: "\n")
    return body + """

      # \(UserText.attendee(attendee))'s update for \(day.longText) in \(syncUp.title.isBlank ? SyncUp.untitled : syncUp.title).
      # Write what was done under Done:, what comes next under Next:, and each
      # blocker on a line of its own under Blockers: (each opens a blocker item).
      # Lines starting with # are left out; an empty update writes nothing.

      """
  }

  /// The texts in `file`: each section's lines up to the next heading (headings in any case,
  /// `Blocker:` as well as `Blockers:`; text before the first counts as done), `#` lines left
  /// out, white space around a text dropped; a blocker per line (any line break ends one), a
  /// leading `- ` or `* ` dropped.
  init(parsing file: String) {
    var sections: [[Substring]] = [[], [], []]
    var current = 0
    // Any line break ends a line: CRLF, a lone CR or a Unicode line separator as well as LF,
    // so that no blocker holds one.
    for line in file.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      if line.hasPrefix("#") { continue }
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      let lowered = trimmed.lowercased()
      if let (index, heading) = Self.heading(starting: lowered) {
        current = index
        let rest = trimmed.dropFirst(heading.count).drop { $0 == " " }
        if !rest.isEmpty { sections[current].append(rest) }
        continue
      }
      sections[current].append(line)
    }
    func text(_ lines: [Substring]) -> String? {
      let joined = lines.joined(separator: "\n")
      let kept = joined.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace)
      return kept.isEmpty ? nil : String(kept.reversed())
    }
    done = text(sections[0])
    next = text(sections[1])
    blockers = sections[2].map { line in
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      let bare = trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") ? trimmed.dropFirst(2) : trimmed
      return String(bare)
    }.filter { !$0.isBlank }
  }
}

extension CommandTable {
  /// `--as NAME` of `update`: whose update.
  static let asOption = OptionSpec(
    long: "as", valueName: "name",
    help: "The attendee it is from: a name (any case) or an id prefix (default: the me "
      + "setting).",
    completion: .attendee)

}

extension CommandContext {
  /// The attendee of `syncUp` that `reference` names (`--as`), else the one the `me` setting
  /// names.
  ///
  /// - Throws: ``UsageError`` when neither names anyone; ``CommandFailure`` when the name
  ///   given is no attendee of the sync-up (for the setting, saying how to change it).
  func writer(_ reference: String?, in syncUp: SyncUp) throws -> Attendee {
    if let reference { return try attendee(reference, in: syncUp.attendees, of: syncUp) }
    @SharedReader(.me) var me
    guard !me.isBlank else {
      throw UsageError(
        "whose update is it? give '--as NAME', or say once who you are with "
          + "'syncups config set me NAME'", path: ["update"])
    }
    do {
      return try resolveAttendee(me, in: syncUp.attendees, of: syncUp)
    } catch {
      throw CommandFailure(
        "the me setting is '\(sanitize(me))', but \(error.message); give '--as NAME', or "
          + "change it with 'syncups config set me NAME'")
    }
  }
}

extension JSONOutput {
  /// An update object as the update shows itself, with `name`: its attendee's name, or null
  /// for one no longer on the sync-up; and `members`, a command's own.
  static func update(
    _ update: WrittenUpdate, of syncUp: SyncUp, adding members: [String: JSONOutput] = [:]
  ) -> JSONOutput {
    let name = syncUp.attendees[id: update.attendee].map { JSONOutput.string($0.name) } ?? .null
    return .model(ShownModel(update, adding: members.merging(["name": name]) { $1 }))
  }
}

extension UserText {
  /// An attendee as a line of text names them: the name sanitized, or ``unnamed``.
  static func attendee(_ attendee: Attendee) -> String {
    attendee.name.isBlank ? unnamed : sanitize(attendee.name)
  }
}
