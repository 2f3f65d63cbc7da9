import SharedState
import SyncUpsCore

struct EditCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "edit",
    abstract: "Change a sync-up.",
    discussion: """
      Attendee changes are applied in the order given. The title and new names may not be \
      blank. Removing the last attendee leaves one blank attendee. A new length or a change of \
      attendees must give each attendee at least a second; other changes are made even to a \
      sync-up stored shorter. A name an attendee shares with another (in any case) is warned \
      about, with their ids, which tell them apart. Removing an attendee who owns open items \
      warns, naming them: hand them over with 'syncups item edit SYNC-UP N --owner NAME'. \
      Git identities are what standup finds an \
      attendee's commits by: each is looked for, case and all, anywhere in a commit's \
      "Name <email>"; an attendee without one is found by their name. The facilitators are \
      resolved once the attendee changes are made; a name that is nobody's exits with status \
      64 and changes nothing. A meeting's facilitator is the next on the rota after the last \
      meeting's, passing over anyone away that day. With --json, prints the changed sync-up \
      object.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .option(
        OptionSpec(long: "title", valueName: "title", help: "The new title."),
        \.edits.title, parse: ValueParser.notBlank),
      .option(
        OptionSpec(
          long: "duration", valueName: "duration",
          help: "The new length: \(CommandTable.durationHelp), and at least 1s per attendee "
            + "once the attendee changes are made."),
        \.edits.duration, parse: ValueParser.duration),
      .option(
        OptionSpec(
          long: "theme", valueName: "theme", help: "The new colour theme.", completion: .theme),
        \.edits.theme, parse: ValueParser.themeName),
      .repeating(
        OptionSpec(long: "add-attendee", valueName: "name", help: "Add an attendee; repeatable."),
        \.edits.attendeeChanges, parse: ValueParser.addedAttendee),
      .repeating(
        OptionSpec(
          long: "remove-attendee", valueName: "name-or-id",
          help: "Remove the attendee with this name or id; repeatable.", completion: .attendee),
        \.edits.attendeeChanges, parse: ValueParser.removedAttendee),
      .repeating(
        OptionSpec(
          long: "rename-attendee", valueName: "old=new",
          help: "Rename an attendee (split at the first '='); repeatable.",
          completion: .attendee),
        \.edits.attendeeChanges, parse: ValueParser.renamedAttendee),
      .repeating(
        OptionSpec(
          long: "git-author", valueName: "name=author", help: Self.gitAuthorHelp,
          completion: .attendee),
        \.edits.attendeeChanges, parse: ValueParser.addedGitAuthor),
      .repeating(
        OptionSpec(
          long: "no-git-author", valueName: "name[=author]",
          help: "Take that git identity from an attendee, or all of theirs when none is "
            + "named; repeatable.",
          completion: .attendee),
        \.edits.attendeeChanges, parse: ValueParser.removedGitAuthor),
      .repeating(
        OptionSpec(
          long: "attendee-zone", valueName: "name=zone",
          help: "Set the IANA time zone an attendee lives in (Ben=Asia/Kolkata), shown as "
            + "their local time of the meetings by 'next'; NAME= removes it; repeatable.",
          completion: .attendee),
        \.edits.attendeeChanges, parse: ValueParser.attendeeZone),
      .option(CommandTable.facilitatorsOption, \.edits.facilitators, parse: ValueParser.facilitators),
      .flag(
        CommandTable.noFacilitatorsOption, \.edits.facilitators,
        value: FacilitatorsEdit?.some(.removed)),
    ],
    examples: [
      ExampleSpec(
        "Rename an attendee and lengthen the meeting:",
        "syncups edit eng --rename-attendee Blob=Blobby --duration 12m"),
      ExampleSpec(
        "Find Blob's commits from home and from work (for standup):",
        "syncups edit eng --git-author Blob=blob@home --git-author Blob=blob@work"),
      ExampleSpec(
        "Have Ana, then Ben, then Cy facilitate the meetings, in turn:",
        "syncups edit eng --facilitators \"Ana,Ben,Cy\""),
    ]
  )

  /// What `--git-author` does, on `edit` and `add`.
  static let gitAuthorHelp =
    "Give an attendee a git identity their commits are found by (split at the first '='): "
    + "an e-mail address or a name, as git log --author matches it; repeatable, several per "
    + "attendee. Without one, only commits whose author has the attendee's whole name are "
    + "theirs, and their card says (by name)."

  var syncUp = ""
  var edits = SyncUpEdits()

  /// Warns of each attendee removed from `before` who owns open items, which nobody on
  /// `edited` owns now, saying how to hand them over:
  /// `Warning: Ana, removed, owns 2 open items of 'Eng' (1, 4): hand each over with 'syncups
  /// item edit eng N --owner NAME'.`
  @MainActor private func warnOfOrphanedItems(
    removedFrom before: SyncUp, in edited: SyncUp, among all: IdentifiedArrayOf<SyncUp>,
    context: CommandContext
  ) {
    for attendee in before.attendees where edited.attendees[id: attendee.id] == nil {
      let positions = edited.items.enumerated().filter {
        $0.element.isOpen && $0.element.owner == attendee.id
      }.map { String($0.offset + 1) }
      guard !positions.isEmpty else { continue }
      let count = positions.count == 1 ? "1 open item" : "\(positions.count) open items"
      let reference = shellReference(to: edited, in: all)
      context.say(
        "Warning: \(UserText.attendee(attendee)), removed, owns \(count) of "
          + "\(UserText.name(edited)) (\(positions.joined(separator: ", "))): hand "
          + (positions.count == 1 ? "it" : "each") + " over with 'syncups item edit "
          + "\(reference) N --owner NAME'.")
    }
  }

  func validate(path: [String]) throws(UsageError) {
    guard edits.isEmpty else { return }
    let options = Self.spec.options.map(\.longName)
    throw UsageError("nothing to change (give \(Prose.alternatives(options)))", path: path)
  }

  /// Opens the sync-up's edit form, makes the changes in the order given and saves it: one
  /// transaction on the data file (``CommandContext/changeSyncUps(_:)``).
  @MainActor func run(in context: CommandContext) throws {
    let (before, edited, all) = try context.changeSyncUps { syncUps in
      let target = try context.syncUp(syncUp, in: syncUps.wrappedValue)
      let shared = try require(syncUps[id: target.id], "'\(sanitize(target.title))' vanished")
      let store = context.makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(.editButtonTapped)
      @MainActor func form(_ action: SyncUpForm.Action) { store.send(.destination(.presented(.edit(action)))) }
      if let title = edits.title { form(.titleChanged(title)) }
      if let duration = edits.duration {
        form(.durationChanged(try context.seconds(of: duration, for: "--duration", path: ["edit"])))
      }
      if let theme = edits.theme, let theme = Theme(name: theme) { form(.themeChanged(theme)) }
      for change in edits.attendeeChanges {
        let attendees = store.state.destination?.edit?.syncUp.attendees ?? []
        switch change {
        case .add(let name):
          form(.addAttendee(name: name))
        case .remove(let reference):
          form(.removeAttendee(id: try context.attendee(reference, in: attendees, of: target).id))
        case .rename(let from, let to):
          let id = try context.attendee(from, in: attendees, of: target).id
          form(.attendeeNameChanged(id: id, name: to))
        case .addGitAuthor(let reference, let author):
          let attendee = try context.attendee(reference, in: attendees, of: target)
          form(.gitAuthorsChanged(id: attendee.id, attendee.gitAuthors.adding(author)))
        case .removeGitAuthor(let reference, let author):
          let attendee = try context.attendee(reference, in: attendees, of: target)
          var authors = attendee.gitAuthors
          if let author {
            guard let index = authors.firstIndex(of: author) else {
              throw CommandFailure(
                "\(sanitize(attendee.name)) has no git author '\(sanitize(author))'"
                  + (authors.isEmpty
                    ? "" : " (theirs: \(authors.map { "'\(sanitize($0))'" }.joined(separator: ", ")))"))
            }
            authors.remove(at: index)
          } else {
            authors.removeAll()
          }
          form(.gitAuthorsChanged(id: attendee.id, authors))
        case .zone(let reference, let zone):
          let attendee = try context.attendee(reference, in: attendees, of: target)
          form(.attendeeZoneChanged(id: attendee.id, zone: zone))
        }
      }
      if let facilitators = edits.facilitators {
        let attendees = store.state.destination?.edit?.syncUp.attendees ?? []
        form(.facilitatorsChanged(try context.rota(facilitators, among: attendees, of: target)))
      }
      // Only a new length or a change of who attends can make the meeting too short: a
      // sync-up stored too short (imported, or written by hand) can still be renamed.
      let draft = store.state.destination?.edit?.syncUp
      if draft?.duration != target.duration || draft?.attendees.ids != target.attendees.ids {
        try context.checkDuration(of: draft, command: "edit")
      }
      store.send(.doneEditingButtonTapped)
      return (target, shared.wrappedValue, syncUps.wrappedValue)
    }
    context.report(edited, verb: "Updated")
    warnOfOrphanedItems(removedFrom: before, in: edited, among: all, context: context)
    if edits.title != nil { context.warnIfTitleIsShared(by: edited) }
    if edits.attendeeChanges.contains(where: \.givesAName) {
      context.warnIfAttendeeNamesRepeat(in: edited)
    }
  }
}
