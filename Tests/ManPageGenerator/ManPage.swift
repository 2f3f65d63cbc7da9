import syncups

/// The `syncups(1)` manual page in mdoc(7), generated from the ``CommandTable`` and
/// ``ManPageReference``. `man/syncups.1` is this text.
///
/// ```swift
/// try manPage().write(to: "man/syncups.1")  // hypothetical writer
/// ```
package func manPage() -> String {
  ManPageWriter().page()
}

/// Builds the manual page line by line.
struct ManPageWriter {
  /// The date in the `.Dd` line; change it with the page's content.
  static let date = "November 23, 2026"

  private var lines: [String] = []

  /// The whole page, ending in a newline.
  func page() -> String {
    var writer = self
    writer.build()
    return writer.lines.joined(separator: "\n") + "\n"
  }

  private mutating func build() {
    let name = CommandTable.programName
    let root = CommandTable.root
    emit(".Dd \(Self.date)", ".Dt \(name.uppercased()) 1", ".Os")

    emit(
      ".Sh NAME", ".Nm \(name)", ".Nd \(Mdoc.argument(lowercasedFirst(root.abstract.dropLast())))")

    emit(".Sh SYNOPSIS", ".Nm", ".Op Ar options", ".Ar command", ".Op Ar arguments")

    emit(".Sh DESCRIPTION")
    discussion(root.discussion)
    emit(".Pp", "The commands are described in", ".Sx COMMANDS ,")
    emit("the global options in", ".Sx OPTIONS .")

    emit(".Sh COMMANDS")
    // Under the headings `syncups --help` lists them under.
    for section in CommandTable.sections {
      let listed = section.listedCommands
      guard !listed.isEmpty else { continue }
      emit(".Ss \(section.name.prefix(1).uppercased() + section.name.dropFirst()) commands")
      emit(".Bl -tag -width Ds")
      for (path, command) in listed {
        commandItem(path, command)
      }
      emit(".El")
    }

    emit(".Sh OPTIONS", "These options are accepted before or after any command.")
    emit(".Bl -tag -width Ds")
    for option in CommandTable.globalOptions {
      optionItem(option)
    }
    emit(".El")

    emit(".Sh SETTINGS", Mdoc.text(ManPageReference.settingsIntroduction))
    emit(".Bl -tag -width Ds")
    for key in ConfigKey.allCases {
      emit(".It Li \(Mdoc.argument(key.rawValue))", Mdoc.text(ManPageReference.settingText(key)))
    }
    emit(".El")

    jsonOutput()

    emit(".Sh DATES AND TIMES", Mdoc.text(ManPageReference.datesIntroduction))
    tagList(ManPageReference.dates, macro: "Li")
    emit(".Sh TEAMS")
    for (index, paragraph) in ManPageReference.teams.enumerated() {
      if index > 0 { emit(".Pp") }
      emit(Mdoc.text(paragraph))
    }

    emit(".Sh HOOKS")
    for (index, paragraph) in ManPageReference.hooks.enumerated() {
      if index > 0 { emit(".Pp") }
      emit(Mdoc.text(paragraph))
    }
    emit(".Bl -tag -width Ds")
    for event in HookEvent.allCases {
      emit(".It Li \(Mdoc.argument(event.rawValue))", Mdoc.text(event.summary))
      emit(".Bd -literal -offset indent")
      for line in event.sampleText.split(separator: "\n") { emit(Mdoc.literal(String(line))) }
      emit(".Ed")
    }
    emit(".El")
    emit(".Sh EXTENSIONS")
    for (index, paragraph) in ManPageReference.extensions.enumerated() {
      if index > 0 { emit(".Pp") }
      emit(Mdoc.text(paragraph))
    }

    emit(".Sh ENVIRONMENT")
    tagList(ManPageReference.environment, macro: "Ev")
    emit(".Sh FILES")
    tagList(ManPageReference.files, macro: "Pa")
    emit(".Sh EXIT STATUS")
    tagList(ManPageReference.exitStatus, macro: "Li")

    emit(".Sh EXAMPLES")
    for (index, example) in ManPageReference.examples.enumerated() {
      if index > 0 { emit(".Pp") }
      emit(Mdoc.text(example.explanation))
      emit(".Bd -literal -offset indent", Mdoc.literal("$ " + example.command), ".Ed")
    }

    emit(".Sh SEE ALSO", ".Xr jq 1")
  }

  // MARK: - Commands and options

  private mutating func commandItem(_ path: [String], _ command: CommandSpec) {
    emit(".It Xo", ".Nm", ".Cm \(path.map(Mdoc.argument).joined(separator: " "))")
    for argument in command.arguments {
      let text = "Ar \(Mdoc.argument(argument.name))" + (argument.isRepeating ? " ..." : "")
      emit(argument.isOptional ? ".Op \(text)" : ".\(text)")
    }
    for option in command.options {
      var text = Mdoc.flag(option.longName)
      if let valueName = option.valueName { text += " Ar \(Mdoc.argument(valueName))" }
      if option.isRepeatable { text += " ..." }
      emit(option.isRequired ? ".\(text)" : ".Op \(text)")
    }
    emit(".Xc")
    emit(Mdoc.text(command.abstract))
    if !command.discussion.isEmpty {
      emit(".Pp")
      discussion(command.discussion)
    }
    if !command.arguments.isEmpty || !command.options.isEmpty {
      emit(".Bl -tag -width Ds")
      for argument in command.arguments {
        emit(".It Ar \(Mdoc.argument(argument.name))", Mdoc.text(argument.help))
      }
      for option in command.options {
        optionItem(option)
      }
      emit(".El")
    }
  }

  private mutating func optionItem(_ option: OptionSpec) {
    var head = ".It "
    if let shortName = option.shortName { head += Mdoc.flag(shortName) + " , " }
    head += Mdoc.flag(option.longName)
    if let valueName = option.valueName { head += " Ar \(Mdoc.argument(valueName))" }
    emit(head, Mdoc.text(option.help))
  }

  // MARK: - JSON

  private mutating func jsonOutput() {
    emit(".Sh JSON OUTPUT", "With", ".Fl \\-json ,")
    emit(
      Mdoc.text(
        "commands print JSON to standard output; messages still go to standard error. "
          + "Keys are stable: later versions only add keys, so ignore the ones you do not know."))
    emit(".Bl -tag -width Ds")
    emit(".It Cm list", "An array of sync-up objects, in list order.")
    emit(".It Cm show , add , edit", "A sync-up object:")
    fieldList(ManPageReference.syncUpFields)
    emit(".It Cm meetings", "An array of meeting objects, newest first.")
    emit(".It Cm meeting show", "A meeting object:")
    fieldList(ManPageReference.meetingFields)
    emit(Mdoc.text("with the items it dealt with:"))
    fieldList(ManPageReference.meetingShowFields)
    emit(
      ".It Cm items",
      Mdoc.text(
        "An array of item objects, each sync-up's oldest first, in list order. An item object "
          + "is the same wherever one is printed: its stored keys,"))
    fieldList(ManPageReference.itemFields)
    emit(Mdoc.text("then what tells where it stands:"))
    fieldList(ManPageReference.itemObjectFields)
    emit(
      ".It Cm item add , item resolve , item reopen , item edit , item delete",
      Mdoc.text("The item object, as it is after the change (as it was, for item delete)."))
    emit(".It Cm update", Mdoc.text("The update object written:"))
    fieldList(ManPageReference.updateFields + ManPageReference.updateNameField)
    emit(".It Cm updates", Mdoc.text("An array with an object for each day, oldest first:"))
    fieldList(ManPageReference.updatesDayFields)
    emit(
      ".It Cm away",
      Mdoc.text(
        "The time away object added; with --list, an array of them, each sync-up's in "
          + "speaking order; after --cancel, the attendee object:"))
    fieldList(ManPageReference.timeAwayFields + ManPageReference.timeAwayOwnerFields)
    emit(
      ".It Cm schedule set , schedule show , schedule clear , schedule skip , schedule unskip , schedule move",
      Mdoc.text("An object:"))
    fieldList(ManPageReference.scheduleObjectFields)
    emit(Mdoc.text("A schedule object, as the sync-up object holds it:"))
    fieldList(ManPageReference.scheduleFields)
    emit(".It Cm next", Mdoc.text("An array of meeting objects, by start:"))
    fieldList(ManPageReference.nextFields)
    emit(".It Cm standup", "An object:")
    fieldList(ManPageReference.standupFields)
    emit(Mdoc.text("A work card:"))
    fieldList(ManPageReference.workCardFields)
    emit(".It Cm themes", "An array of the 16 theme objects, in order:")
    fieldList(ManPageReference.themeFields)
    emit(".It Cm config list", "An object with every setting:")
    fieldList(ManPageReference.configFields)
    emit(
      ".It Cm config get",
      Mdoc.text(
        "The setting's value alone, typed as in config list. With --syncup, and after config "
          + "set or config unset with --syncup, an object:"))
    fieldList(ManPageReference.syncUpRepositoriesFields)
    emit(".It Cm version", "An object:")
    fieldList(ManPageReference.versionFields)
    emit(".It Cm config set , config unset", "An object with the setting's new value:")
    fieldList(ManPageReference.settingChangeFields)
    emit(".It Cm delete", "When the sync-up was deleted, an object saying what went:")
    fieldList(ManPageReference.syncUpDeletionFields)
    emit(".It Cm meeting delete", "When the meeting was deleted, an object saying what went:")
    fieldList(ManPageReference.meetingDeletionFields)
    emit(".It Cm import", "An object with the counts:")
    fieldList(ManPageReference.importFields)
    emit(".It Cm start")
    emit(
      Mdoc.text(
        "JSON Lines, one object per line, written as each event happens; every object has "
          + "event and, except started, elapsed (Number: whole seconds of real meeting time "
          + "so far, rounded to the nearest like every time a meeting gives, pauses and the end "
          + "prompt left out; a script's lines with SYNCUPS_CLOCK=immediate all come at 0):"))
    fieldList(ManPageReference.meetingEventFields)
    emit(
      ".It Cm status",
      Mdoc.text(
        "An array of status objects, one per meeting running, by when they started; nothing "
          + "at all when none runs (status 1):"))
    fieldList(ManPageReference.statusFields)
    emit(".It Cm watch")
    emit(
      Mdoc.text(
        "JSON Lines, one object per line: first a snapshot, then one object per change as the "
          + "watcher sees it; every object has event, and all but snapshot and ended have "
          + "speaker (String: who speaks now) and elapsed (Number: whole seconds of meeting "
          + "time, pauses left out):"))
    fieldList(ManPageReference.watchEventFields)
    emit(".It Cm stats")
    emit(
      Mdoc.text(
        "With a sync-up, a stats object; without, an array of them, one per sync-up in list "
          + "order:"))
    fieldList(ManPageReference.statsFields)
    emit(".It Cm stats --trend")
    emit(
      Mdoc.text(
        "With a sync-up, a trend object; without, an array of them, one per sync-up in list "
          + "order; report embeds the same array for the sync-ups it shows:"))
    fieldList(ManPageReference.trendFields)
    emit(
      ".It Cm merge-driver",
      Mdoc.text(
        "Only with \(MergeDriverCommand.reportVariable) set, whatever --json says: each "
          + "conflict appended to that file as a line of JSON:"))
    fieldList(ManPageReference.mergeConflictFields)
    emit(".It Cm export")
    emit(
      Mdoc.text(
        "JSON whatever --json says: the data file's format, or the SyncUps app's with --format "
          + "app, both of which import reads back; the app's format cannot hold items, and a "
          + "note on standard error says how many were left out. --json with --format "
          + "markdown, as with meeting show --format markdown, is a usage error."))
    emit(".It Cm sync", "An object saying what the sync did, also when it fails partway:")
    fieldList(ManPageReference.syncFields)
    emit(".It Cm sync init", "An object saying how sharing is set up, also when it fails:")
    fieldList(ManPageReference.syncSetupFields)
    emit(".It Cm doctor", "An object saying what was checked, also when a check fails (status 1):")
    fieldList(ManPageReference.doctorFields)
    emit(".El")
  }

  private mutating func fieldList(_ fields: [(String, String)]) {
    emit(".Bl -tag -width Ds")
    for (name, description) in fields {
      emit(".It Li \(Mdoc.argument(name))", Mdoc.text(description))
    }
    emit(".El")
  }

  // MARK: - Text

  private mutating func tagList(_ items: [(String, String)], macro: String) {
    emit(".Bl -tag -width Ds")
    for (term, description) in items {
      emit(".It \(macro) \(Mdoc.argument(term))", Mdoc.text(description))
    }
    emit(".El")
  }

  /// A discussion: paragraphs become `.Pp`, indented `term   description` lines a tag list.
  private mutating func discussion(_ text: String) {
    var inList = false
    for (index, paragraph) in text.split(separator: "\n\n").enumerated() {
      if index > 0 { emit(".Pp") }
      for line in paragraph.split(separator: "\n") {
        if line.hasPrefix("  ") {
          let trimmed = line.drop { $0 == " " }
          let term = trimmed.prefix { _ in true }.split(separator: "  ", maxSplits: 1)
          if !inList {
            emit(".Bl -tag -width Ds")
            inList = true
          }
          emit(".It \(Mdoc.argument(String(term[0])))")
          if term.count > 1 {
            emit(Mdoc.text(String(term[1].drop { $0 == " " })))
          }
        } else {
          if inList {
            emit(".El")
            inList = false
          }
          emit(Mdoc.text(String(line)))
        }
      }
      if inList {
        emit(".El")
        inList = false
      }
    }
  }

  private func lowercasedFirst(_ text: Substring) -> String {
    guard let first = text.first else { return "" }
    return first.lowercased() + text.dropFirst()
  }

  private mutating func emit(_ newLines: String...) {
    lines += newLines
  }
}
