import SharedState
import SyncUpsCore

struct HooksListCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List the hooks that would run, and the repository's untrusted ones.",
    discussion: """
      Prints each hook program found, by event: the user's, then the data repository's, each \
      marked when it would not run (missing: a link to nothing, not executable, untrusted, \
      changed since trusted, hooks turned off), then the files no event runs (a misspelt name). With --json, prints an \
      object: enabled, userDirectory, repositoryDirectory (null when there is none), \
      repositoryTrust (none, untrusted, trusted, changed, or unreadable when the \
      trust file cannot be read), hooks, an array of objects with \
      event, path, repository, missing, executable and runs, and strays, the paths no event runs.
      """,
    runs: Self.self)

  var touchesFiles: Bool { false }

  @MainActor func run(in context: CommandContext) throws {
    let installed = context.installedHooks
    let enabled = context.hooks.isEnabled
    // A trust file that cannot be read trusts nothing; trusting again would not mend it.
    let unreadableTrust: String? =
      installed.repositoryDirectory == nil ? nil : HookTrust.fileProblem(context.environment)
    func runs(_ hook: InstalledHooks.Hook) -> Bool {
      enabled && hook.isExecutable && installed.runnable(for: hook.event).contains(hook)
    }
    if context.options.json {
      Output.standard(
        JSONOutput.object([
          "enabled": .bool(enabled),
          "userDirectory": .string(installed.userDirectory),
          "repositoryDirectory": installed.repositoryDirectory.map(JSONOutput.string) ?? .null,
          "repositoryTrust": .string(
            unreadableTrust == nil ? Self.trustWord(installed.repositoryTrust) : "unreadable"),
          "strays": .array(installed.strays.map(JSONOutput.string)),
          "hooks": .array(
            installed.hooks.map {
              .object([
                "event": .string($0.event.rawValue), "path": .string($0.path),
                "repository": .bool($0.isFromRepository), "missing": .bool($0.isMissing),
                "executable": .bool($0.isExecutable),
                "runs": .bool(runs($0)),
              ])
            }),
        ]
      ).text())
      return
    }
    var lines: [String] = []
    if !enabled { lines.append("Hooks are off for this run (--no-hooks or SYNCUPS_NO_HOOKS).") }
    lines.append("User hooks: \(sanitize(installed.userDirectory))")
    if let repository = installed.repositoryDirectory {
      lines.append(
        "Repository hooks: \(sanitize(repository)) "
          + "(\(unreadableTrust ?? Self.trustText(installed.repositoryTrust)))")
    }
    if installed.hooks.isEmpty && installed.strays.isEmpty { lines.append("No hooks.") }
    let width = installed.hooks.map(\.event.rawValue.count).max() ?? 0
    for hook in installed.hooks {
      var notes: [String] = []
      if hook.isMissing {
        let target = (try? currentFileSystem.symlinkTarget(hook.path)).map { " '\(sanitize($0))'" } ?? ""
        notes.append("missing: it links to\(target), which does not exist")
      } else if !hook.isExecutable {
        notes.append("not executable")
      }
      if hook.isFromRepository && unreadableTrust != nil {
        notes.append("trust unreadable")
      } else if hook.isFromRepository && installed.repositoryTrust != .trusted {
        notes.append(installed.repositoryTrust == .changed ? "changed since trusted" : "untrusted")
      }
      if !enabled { notes.append("hooks off") }
      let padding = String(repeating: " ", count: width - hook.event.rawValue.count)
      lines.append(
        "\(hook.event.rawValue)\(padding)  \(sanitize(hook.path))"
          + (notes.isEmpty ? "" : "  (not run: \(notes.joined(separator: ", ")))"))
    }
    for stray in installed.strays {
      lines.append("\(sanitize(stray))  (never run: no event has that name)")
    }
    Output.standard(lines.joined(separator: "\n") + "\n")
  }

  /// The trust of the repository's hooks as `--json` gives it.
  static func trustWord(_ trust: InstalledHooks.Trust) -> String {
    switch trust {
    case .none: "none"
    case .untrusted: "untrusted"
    case .trusted: "trusted"
    case .changed: "changed"
    }
  }

  /// The trust of the repository's hooks for people.
  static func trustText(_ trust: InstalledHooks.Trust) -> String {
    switch trust {
    case .none: "none"
    case .untrusted: "untrusted: 'syncups hooks trust' runs them"
    case .trusted: "trusted"
    case .changed: "changed since trusted: 'syncups hooks trust' again runs them"
    }
  }
}
