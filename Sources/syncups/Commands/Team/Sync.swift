import SyncUpsCore

/// `sync`, `sync init [REMOTE]` and `sync init --clone URL`.
struct SyncCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "sync",
    abstract: "Share the sync-ups with a team through git.",
    discussion: """
      Without arguments: takes the data file's lock, commits local changes with a message \
      saying what changed, fetches, merges the team's branch with the syncups merge driver \
      (by id, never with conflict markers), pushes, and says what arrived. With --json, \
      prints an object saying the same, also when it fails. Offline, the changes are committed \
      and the push is pending (status 1); the next sync pushes them. A push that loses a race \
      is retried; what a killed sync left behind is put right by the next one.

      sync init makes the data file's directory a git repository (or uses the one it is in), \
      registers the merge driver, commits the data file and, given <remote>, sets it as \
      origin; an origin it has already synced with is replaced only with --force. \
      sync init --clone <url> starts from the team's repository instead, merging in \
      any sync-ups already here. Running sync init again is harmless; with --json it prints \
      its object too, also when it fails. See TEAMS in syncups(1).
      """,
    runs: Self.self,
    bindings: [
      .arguments(
        [
          ArgumentSpec(
            name: SyncAction.initWord,
            help: "The word init: set up sharing instead of syncing.",
            completion: .choices([SyncAction.initWord]), isOptional: true),
          ArgumentSpec(
            name: "remote",
            help: "With init: the team's repository (a URL or a path git can push to), set "
              + "as origin.",
            isOptional: true),
        ],
        \.action, parse: SyncAction.parse),
      .option(
        OptionSpec(
          long: "clone", valueName: "url",
          help: "With init: start from the team's repository at <url>, keeping the sync-ups "
            + "already here."),
        \.clone, parse: ValueParser.nonEmptyPath),
      .flag(
        OptionSpec(
          long: "force",
          help: "With init <remote>: replace an origin this repository has already synced "
            + "with."),
        \.force),
    ],
    examples: [
      ExampleSpec(
        "Share the sync-ups through a repository on a server:",
        "syncups sync init ssh://git.example.com/syncups.git && syncups sync"),
      ExampleSpec(
        "Join a team's repository, keeping the sync-ups already here:",
        "syncups sync init --clone ssh://git.example.com/syncups.git"),
      ExampleSpec("Sync before and after a meeting:", "syncups sync"),
    ]
  )

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
