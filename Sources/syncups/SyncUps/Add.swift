import SyncUpsCore

struct AddCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "add",
    abstract: "Add a sync-up at the end of the list.",
    discussion: """
      The title and attendee names may not be blank. Without --attendee, the sync-up gets \
      one blank attendee, as in the SyncUps app. Attendees who share a name (in any case) \
      are warned about, with their ids, which tell them apart. --git-author names one of the \
      attendees given (see edit). With --json, prints the new sync-up object.
      """,
    runs: Self.self,
    bindings: [
      .option(
        OptionSpec(
          long: "title", valueName: "title", help: "The sync-up's title.", isRequired: true),
        \.title, parse: ValueParser.notBlank),
      .repeating(
        OptionSpec(long: "attendee", valueName: "name", help: "Add an attendee; repeat for more."),
        \.attendees, parse: ValueParser.notBlank),
      .option(
        OptionSpec(
          long: "duration", valueName: "duration",
          help: "The meeting's length: \(CommandTable.durationHelp), and at least 1s per "
            + "attendee (default: the default-duration setting, else "
            + "\(ConfigKey.defaultDuration.defaultText))."),
        \.duration, parse: ValueParser.duration),
      .option(
        OptionSpec(
          long: "theme", valueName: "theme",
          help: "The colour theme (default: the default-theme setting, else "
            + "\(ConfigKey.defaultTheme.defaultText)).",
          completion: .theme),
        \.theme, parse: ValueParser.themeName),
      .repeating(
        OptionSpec(long: "git-author", valueName: "name=author", help: EditCommand.gitAuthorHelp),
        \.gitAuthors, parse: ValueParser.addedGitAuthor),
    ],
    examples: [
      ExampleSpec(
        "Add a fifteen-minute sync-up with a teal theme:",
        "syncups add --title Design --attendee Ana --duration 15m --theme teal")
    ]
  )

  var title = ""
  /// As given, blank ones included: dropping them is the feature's rule.
  var attendees: [String] = []
  var duration: DurationArgument?
  var theme: String?
  /// `--git-author`, each an ``AttendeeChange/addGitAuthor(attendee:author:)``.
  var gitAuthors: [AttendeeChange] = []

  /// Fills in the app's new sync-up form as a person would, then confirms it: one
  /// transaction on the data file (``CommandContext/changeSyncUps(_:)``).
  @MainActor func run(in context: CommandContext) throws {
    let duration = try duration.map {
      try context.seconds(of: $0, for: "--duration", path: ["add"])
    }
    let added = try context.changeSyncUps { syncUps in
      let store = context.makeStore(SyncUpsList.State(), SyncUpsList())
      store.send(.addSyncUpButtonTapped)
      @MainActor func form(_ action: SyncUpForm.Action) { store.send(.addSyncUp(.presented(action))) }
      form(.titleChanged(title))
      if let duration { form(.durationChanged(duration)) }
      if let theme, let theme = Theme(name: theme) { form(.themeChanged(theme)) }
      for (offset, name) in attendees.enumerated() {
        if offset == 0, let blank = store.state.addSyncUp?.syncUp.attendees.first {
          form(.attendeeNameChanged(id: blank.id, name: name))
        } else {
          form(.addAttendee(name: name))
        }
      }
      for case .addGitAuthor(let reference, let author) in gitAuthors {
        let draft = try require(store.state.addSyncUp?.syncUp, "the new sync-up's form did not open")
        let attendee = try context.attendee(reference, in: draft.attendees, of: draft)
        form(.gitAuthorsChanged(id: attendee.id, attendee.gitAuthors.adding(author)))
      }
      let draft = try require(store.state.addSyncUp?.syncUp, "the new sync-up's form did not open")
      try context.checkDuration(of: draft.withoutBlankAttendees(), command: "add")
      store.send(.confirmAddSyncUpButtonTapped)
      return try require(syncUps.wrappedValue[id: draft.id], "the new sync-up was not added")
    }
    context.report(added, verb: "Added")
    context.warnIfTitleIsShared(by: added)
    context.warnIfAttendeeNamesRepeat(in: added)
  }
}
