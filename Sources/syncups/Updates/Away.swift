import SharedState
import SyncUpsCore

struct AwayCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "away",
    abstract: "Say when an attendee is away, list who is, or cancel it.",
    discussion: """
      With --from or --to, records that the attendee is away from the --from day (today \
      by default) to the --to day, or until cancelled without --to, with an optional note. 'syncups updates' lists them as \
      away on those days rather than missing, and stats count the meetings they missed \
      while away apart from other absences.

      Time away that shares a day with the attendee's time away already announced is \
      refused (exit status 1): cancel that first, or announce the days it does not cover.

      With --cancel, cancels their time away from the --from day (today by default) on: \
      time away that starts on that day or later goes, and time away under way then ends \
      the day before (the days already away stay counted).

      With --list, lists the time away that has not ended yet: the sync-up's, or every \
      sync-up's without one; only the attendee's, given one. With --json, prints the time \
      away objects with the attendee's id and name (and the sync-up's id with --list); \
      after --cancel, an array of those cancelled as they were, each with now: the time \
      away as it is now (ending the day before), or null for one gone.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.everySyncUpArgument, \.syncUp, parse: { text, _, _ in text }),
      .argument(
        ArgumentSpec(
          name: "name", help: "The attendee: a name (any case) or an id prefix.",
          completion: .attendee, isOptional: true),
        \.name, parse: { text, _, _ in text }),
      .option(
        OptionSpec.date(
          "from", help: "The first day away, or of what --cancel cancels, today by default"),
        \.from, parse: ValueParser.date),
      .option(
        OptionSpec.date("to", help: "The last day away; without it, until cancelled"),
        \.to, parse: ValueParser.date),
      .option(
        OptionSpec(long: "note", valueName: "text", help: "Why, or where to."),
        \.note, parse: ValueParser.notBlank),
      .flag(OptionSpec(long: "list", help: "List the time away that has not ended."), \.list),
      .flag(OptionSpec(long: "cancel", help: "Cancel the time away from --from on."), \.cancel),
    ],
    examples: [
      ExampleSpec(
        "Ana is on holiday for a week:",
        "syncups away eng ana --from 2026-12-07 --to 2026-12-11 --note holiday"),
      ExampleSpec("Ben is in another meeting tomorrow:", "syncups away eng ben --from tomorrow --to tomorrow"),
      ExampleSpec("Ana is back early, from today:", "syncups away eng ana --cancel"),
      ExampleSpec("Who is away, in every sync-up:", "syncups away --list"),
    ]
  )

  var syncUp: String?
  var name: String?
  var from: DateArgument?
  var to: DateArgument?
  var note: String?
  var list = false
  var cancel = false

  func validate(path: [String]) throws(UsageError) {
    if list {
      guard !cancel, from == nil, to == nil, note == nil else {
        throw UsageError("'--list' cannot be used with other options", path: path)
      }
      return
    }
    guard syncUp != nil, name != nil else {
      throw UsageError("give the sync-up and the attendee's name, or '--list'", path: path)
    }
    if cancel {
      guard to == nil, note == nil else {
        throw UsageError("'--cancel' takes only '--from'", path: path)
      }
    } else if from == nil && to == nil {
      throw UsageError(
        "give '--from DAY' or '--to DAY' (or '--cancel', or '--list')", path: path)
    }
  }

  @MainActor func run(in context: CommandContext) throws {
    let syncUps = try context.readSyncUps()
    let today = LocalCalendar.current.today
    if list { return try listTimeAway(syncUps, today: today, in: context) }
    let target = try context.syncUp(syncUp ?? "", in: syncUps)
    let attendee = try context.attendee(name ?? "", in: target.attendees, of: target)
    let first = (from ?? .relativeDay(0)).day(side: .future)
    let last = to?.day(side: .future)
    if let last, last < first {
      throw UsageError(
        "'--to' (\(last.text)) is before '--from' (\(first.text))", path: ["away"])
    }
    if !cancel, let overlapping = attendee.away.first(where: { $0.overlaps(from: first, to: last) }) {
      throw CommandFailure(
        "\(UserText.attendee(attendee)) is away \(overlapping.span) already in "
          + "\(UserText.name(target)); cancel that first ('syncups away \(sanitize(syncUp ?? "")) "
          + "\(sanitize(name ?? "")) --cancel --from DAY') to announce it again")
    }
    if cancel, attendee.timeAway(from: first).isEmpty {
      throw CommandFailure(
        "\(UserText.attendee(attendee)) has no time away from \(first.longText) on in "
          + "\(UserText.name(target))")
    }
    let action: SyncUpDetail.Action =
      cancel
      ? .cancelTimeAway(attendee: attendee.id, from: first)
      : .announceTimeAway(attendee: attendee.id, from: first, to: last, note: note)
    let stored = try context.changeSyncUps { syncUps in
      guard let shared = syncUps[id: target.id], shared.wrappedValue.attendees[id: attendee.id] != nil
      else {
        throw CommandFailure(context.deletedMeanwhile(UserText.name(target)))
      }
      let store = context.makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(action)
      return shared.wrappedValue
    }
    let changed = try require(stored.attendees[id: attendee.id], "the attendee")
    let who = UserText.attendee(changed)
    if cancel {
      if context.options.json {
        let cancelled = attendee.timeAway(from: first).map { away in
          JSONOutput.timeAway(
            away, of: changed,
            adding: ["now": changed.away[id: away.id].map { .model(ShownModel($0)) } ?? .null])
        }
        return Output.standard(JSONOutput.array(cancelled).text())
      }
      context.say("Cancelled \(who)'s time away from \(first.longText) on in \(UserText.name(stored)).")
    } else {
      let added = try require(changed.away.last, "the time away")
      if context.options.json {
        return Output.standard(JSONOutput.timeAway(added, of: changed).text())
      }
      context.say("\(who) is away \(added.span) in \(UserText.name(stored)).")
    }
  }

  /// `--list`: the time away not ended by `today`, of the sync-up named or of each.
  @MainActor private func listTimeAway(
    _ syncUps: IdentifiedArrayOf<SyncUp>, today: CalendarDay, in context: CommandContext
  ) throws {
    let targets = try syncUp.map { [try context.syncUp($0, in: syncUps)] } ?? syncUps.elements
    var rows: [(syncUp: SyncUp, attendee: Attendee, away: TimeAway)] = []
    for target in targets {
      let attendees = try name.map { [try context.attendee($0, in: target.attendees, of: target)] }
        ?? target.attendees.elements
      for attendee in attendees {
        for away in attendee.away where away.to.map({ $0 >= today }) ?? true {
          rows.append((target, attendee, away))
        }
      }
    }
    if context.options.json {
      return Output.standard(
        JSONOutput.array(
          rows.map { JSONOutput.timeAway($0.away, of: $0.attendee, in: $0.syncUp) }
        ).text())
    }
    guard !rows.isEmpty else { return context.say("Nobody is away.") }
    var output: [String] = []
    let headed = syncUp == nil
    for target in targets {
      let own = rows.filter { $0.syncUp.id == target.id }
      guard !own.isEmpty else { continue }
      var table = TextTable(alignments: [.left, .left, .left])
      for row in own {
        table.append([
          UserText.cell(row.attendee.name, placeholder: UserText.unnamed, style: context.style),
          TextTable.Cell(row.away.span),
          UserText.cell(row.away.note ?? "", placeholder: "", style: context.style),
        ])
      }
      let indent = headed ? "  " : ""
      if headed {
        output.append(
          UserText.cell(target.title, placeholder: SyncUp.untitled, style: context.style).text
            + "  " + target.id.shortID)
      }
      // A row without a note would end in the note column's padding.
      output += table.lines().map { indent + String($0.reversed().drop { $0 == " " }.reversed()) }
    }
    Output.standard(output.joined(separator: "\n") + "\n")
  }
}

extension TimeAway {
  /// Its days for people: `on Thu 26 Nov 2026` for one day, `from Mon 7 Dec 2026 to Fri 11
  /// Dec 2026`, or `from Mon 7 Dec 2026 until cancelled`.
  var span: String {
    if to == from { return "on \(from.longText)" }
    return "from \(from.longText)" + (to.map { " to \($0.longText)" } ?? " until cancelled")
  }
}

extension JSONOutput {
  /// A time away object as it shows itself, with `attendee` and `name`: whose it is;
  /// `syncUp`, the sync-up's id, when given; and `extra`, a command's own.
  static func timeAway(
    _ away: TimeAway, of attendee: Attendee, in syncUp: SyncUp? = nil,
    adding extra: [String: JSONOutput] = [:]
  ) -> JSONOutput {
    var members: [String: JSONOutput] = extra.merging([
      "attendee": .string(attendee.id.uuidString), "name": .string(attendee.name),
    ]) { $1 }
    if let syncUp { members["syncUp"] = .string(syncUp.id.uuidString) }
    return .model(ShownModel(away, adding: members))
  }
}
