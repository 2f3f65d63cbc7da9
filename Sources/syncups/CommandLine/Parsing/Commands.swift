// The commands of the command table; each runs the `CommandContext` method that does its work.
import SyncUpsCore

struct ListCommand: RunnableCommand {
  @MainActor func run(in context: CommandContext) throws { try context.list() }
}

struct ShowCommand: RunnableCommand {
  var syncUp = ""
  @MainActor func run(in context: CommandContext) throws { try context.show(syncUp) }
}

struct AddCommand: RunnableCommand {
  var title = ""
  /// As given, blank ones included: dropping them is the feature's rule.
  var attendees: [String] = []
  var duration: DurationArgument?
  var theme: String?

  @MainActor func run(in context: CommandContext) throws {
    try context.add(
      title: title, attendees: attendees,
      duration: try duration.map {
        try context.seconds(of: $0, for: "--duration", path: ["add"])
      }, theme: theme)
  }
}

struct EditCommand: RunnableCommand {
  var syncUp = ""
  var edits = SyncUpEdits()

  func validate(path: [String]) throws(UsageError) {
    guard edits.isEmpty else { return }
    let options = CommandTable.edit.options.map(\.longName)
    throw UsageError("nothing to change (give \(Prose.alternatives(options)))", path: path)
  }

  @MainActor func run(in context: CommandContext) throws { try context.edit(syncUp, edits) }
}

struct DeleteCommand: RunnableCommand {
  var syncUp = ""
  var yes = false
  @MainActor func run(in context: CommandContext) throws { try context.delete(syncUp, yes: yes) }
}

struct StartCommand: RunnableCommand {
  var syncUp = ""
  /// What `start` was told beyond the sync-up.
  var options = MeetingOptions()
  var observesOutsideChanges: Bool { true }
  @MainActor func run(in context: CommandContext) throws { try context.start(syncUp, options) }
}

/// How `start` runs the meeting; what is not given comes from the settings.
struct MeetingOptions: Sendable, Equatable {
  /// `--absent NAME|ID`, as typed, in order.
  var absent: [String] = []
  /// `--order`.
  var order: SpeakingOrder?
  /// `--overtime` (true) or `--no-overtime` (false).
  var overtime: Bool?
}

struct MeetingsCommand: RunnableCommand {
  var syncUp = ""
  @MainActor func run(in context: CommandContext) throws { try context.meetings(syncUp) }
}

struct MeetingShowCommand: RunnableCommand {
  var syncUp = ""
  var meeting = ""
  var format = MeetingFormat.text
  @MainActor func run(in context: CommandContext) throws {
    try context.meetingShow(syncUp, meeting, format: format)
  }
}

/// What `meeting show --format` prints.
enum MeetingFormat: String, CaseIterable, Sendable {
  /// The text for people (``MeetingDetailRenderer``).
  case text
  /// A Markdown page (``MeetingMarkdownRenderer``).
  case markdown
}

struct MeetingDeleteCommand: RunnableCommand {
  var syncUp = ""
  var meeting = ""
  var yes = false
  @MainActor func run(in context: CommandContext) throws {
    try context.meetingDelete(syncUp, meeting, yes: yes)
  }
}

struct ThemesCommand: RunnableCommand {
  @MainActor func run(in context: CommandContext) throws { context.themes() }
}

struct ConfigListCommand: RunnableCommand {
  @MainActor func run(in context: CommandContext) throws { try context.configList() }
}

struct ConfigGetCommand: RunnableCommand {
  var key = ConfigKey.bell
  @MainActor func run(in context: CommandContext) throws { try context.configGet(key) }
}

struct ConfigSetCommand: RunnableCommand {
  var setting = ConfigSetting.bell(true)
  @MainActor func run(in context: CommandContext) throws { try context.configSet(setting) }
}

struct ConfigUnsetCommand: RunnableCommand {
  var key = ConfigKey.bell
  @MainActor func run(in context: CommandContext) throws { try context.configUnset(key) }
}

struct ImportCommand: RunnableCommand {
  var source = ImportSource.standardInput
  var merge = false
  @MainActor func run(in context: CommandContext) throws {
    try context.importData(source, merge: merge)
  }
}

/// Where `syncups import` reads from.
enum ImportSource: Sendable, Equatable {
  /// `-`: standard input.
  case standardInput
  /// A file path, as given.
  case file(String)
}

struct ExportCommand: RunnableCommand {
  var format = ExportFormat.json
  @MainActor func run(in context: CommandContext) throws { try context.exportData(format) }
}

/// What `export --format` writes.
enum ExportFormat: String, CaseIterable, Sendable {
  /// The data file's format, which `import` reads back.
  case json
  /// The SyncUps app's own `sync-ups.json`, which `import` reads back too.
  case app
  /// Every sync-up and its meetings as Markdown, for people.
  case markdown
}

struct StatsCommand: RunnableCommand {
  /// The sync-up to report on; every sync-up when nil.
  var syncUp: String?
  var last: Int?
  var since: SinceDate?

  func validate(path: [String]) throws(UsageError) {
    guard last != nil && since != nil else { return }
    throw UsageError("'--last' and '--since' cannot be used together", path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    try context.stats(syncUp, last: last, since: since)
  }
}

/// `status [--format TEMPLATE]`: reads what running meetings publish, never the data file.
struct StatusCommand: RunnableCommand {
  var format: StatusTemplate?
  var touchesFiles: Bool { false }
  @MainActor func run(in context: CommandContext) throws { try context.status(format: format) }
}

/// `merge-driver BASE OURS THEIRS [PATH]`: git's merge driver for the data file. It reads and
/// writes the three files git names, never the data file, so the data file's settings do not
/// apply.
struct MergeDriverCommand: RunnableCommand {
  var base = ""
  var ours = ""
  var theirs = ""
  var path: String?
  var touchesFiles: Bool { false }
  @MainActor func run(in context: CommandContext) throws {
    try context.mergeDriver(base: base, ours: ours, theirs: theirs, path: path)
  }
}

struct CompletionsCommand: RunnableCommand {
  var shell = Shell.bash
  var touchesFiles: Bool { false }
  @MainActor func run(in context: CommandContext) throws {
    Output.standard(CompletionScript.text(for: shell))
  }
}

/// `help [command…]`, `-h`, `--help`, a bare `syncups` or a group without a subcommand.
struct HelpCommand: RunnableCommand {
  /// The path of canonical names of the command to explain; empty for the top level.
  var topic: [String] = []
  var touchesFiles: Bool { false }
  @MainActor func run(in context: CommandContext) throws {
    Output.standard(HelpRenderer.render(path: topic, width: Program.terminalColumns()))
  }
}

/// `version`, `--version`.
struct VersionCommand: RunnableCommand {
  var touchesFiles: Bool { false }
  @MainActor func run(in context: CommandContext) throws {
    Output.standard(
      context.options.json
        ? JSONOutput.object(["version": .string(CommandTable.version)]).text()
        : "\(CommandTable.programName) \(CommandTable.version)\n")
  }
}

/// The hidden `__complete` helper used by completion scripts.
struct CompleteCommand: RunnableCommand {
  var request = CompletionRequest.syncUps
  @MainActor func run(in context: CommandContext) throws { context.complete(request) }
}

/// What the hidden `syncups __complete` command is asked to list for a completion script.
enum CompletionRequest: Sendable, Equatable {
  /// `__complete syncups`: every sync-up title, one per line, in list order.
  case syncUps
  /// `__complete meetings <syncup>`: the sync-up's meetings, newest first, one per line as
  /// the position `meeting show` takes, a tab, and the date for people.
  case meetings(syncUp: String)
  /// `__complete attendees <syncup>`: the names of the sync-up's attendees that are not blank.
  case attendees(syncUp: String)

  /// The words accepted as the first argument.
  static let kinds = ["syncups", "meetings", "attendees"]
}

/// `sync`, `sync init [REMOTE]` and `sync init --clone URL`.
struct SyncCommand: RunnableCommand {
  var action = SyncAction.sync
  /// `--clone URL`: the team's repository to start from (with `init` only).
  var clone: String?
  /// `--force`: with `init REMOTE`, replace an origin the repository has synced with.
  var force = false

  func validate(path: [String]) throws(UsageError) {
    if force, case .initialize(remote: nil) = action {
      throw UsageError("'--force' goes with a remote: 'syncups sync init --force REMOTE'", path: path)
    }
    if force, action == .sync {
      throw UsageError("'--force' is an option of 'sync init': 'syncups sync init --force REMOTE'", path: path)
    }
    guard clone != nil else { return }
    switch action {
    case .sync:
      throw UsageError("'--clone' is an option of 'sync init': 'syncups sync init --clone URL'", path: path)
    case .initialize(remote: let remote?):
      throw UsageError(
        "give the remote either as '\(remote)' or with '--clone', not both", path: path)
    case .initialize(remote: nil):
      return
    }
  }

  @MainActor func run(in context: CommandContext) throws {
    switch action {
    case .sync: try context.sync()
    case .initialize(let remote):
      if let clone {
        try context.syncClone(clone)
      } else {
        try context.syncInit(remote: remote, force: force)
      }
    }
  }
}

/// What `syncups sync` is asked to do: its optional words.
enum SyncAction: Sendable, Equatable {
  /// No words: commit, fetch, merge and push.
  case sync
  /// `init [REMOTE]`: set up sharing.
  case initialize(remote: String?)

  /// The word that asks for ``initialize(remote:)``.
  static let initWord = "init"

  static func parse(_ words: [String], path: [String]) throws(UsageError) -> SyncAction {
    guard let first = words.first else { return .sync }
    guard first == initWord else {
      throw UsageError(
        "unknown argument '\(first)' (expected '\(initWord)', or nothing to sync)",
        suggestion: Suggestion.closest(to: first, among: [initWord]).map { "sync " + $0 },
        path: path)
    }
    return .initialize(remote: words.count > 1 ? words[1] : nil)
  }
}
