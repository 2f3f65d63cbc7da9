#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// What the `config` commands do with a sync-up's own repositories (``SyncUpRepositories``).
extension SyncUpRepositories {
  /// Gives `syncUp` its own `paths`, or, when nil, takes them away (the setting leaves the
  /// file); saved at once.
  @MainActor static func write(_ paths: [String]?, of syncUp: SyncUp) throws {
    try SettingsFile.write(.syncUpRepositories(syncUp.id), paths)
  }

  /// The sync-ups among `syncUps` that have their own repositories, in their order, as
  /// `config list` shows them; those kept for sync-ups not among them are left out.
  @MainActor static func listed(in syncUps: IdentifiedArrayOf<SyncUp>) -> [ConfigValues.Own] {
    syncUps.compactMap { syncUp in
      own(of: syncUp.id).map {
        ConfigValues.Own(
          id: syncUp.id, title: syncUp.title, reference: shellReference(to: syncUp, in: syncUps),
          repositories: $0)
      }
    }
  }

  /// `config get repositories --syncup NAME`: what `syncUp` reads, as shell words as
  /// `config get repositories` prints them, and on standard error where they come from; with
  /// `--json`, ``JSONOutput/repositories(_:of:)``.
  @MainActor static func print(of syncUp: SyncUp, in context: CommandContext) {
    let read = of(syncUp)
    guard !context.options.json else {
      return Output.standard(JSONOutput.repositories(read, of: syncUp).text())
    }
    let title = sanitize(syncUp.title)
    context.note(
      read.source == .syncUp
        ? "\(title)'s own repositories, read instead of the repositories setting."
        : "The repositories setting: \(title) has none of its own.")
    Output.standard(ShellWords.typedBack(read.paths) + "\n")
  }

  /// After `config set|unset repositories --syncup NAME`, with `--json`: what `syncUp` reads
  /// now, as `config get --json` prints it.
  @MainActor static func reportChange(of syncUp: SyncUp, in context: CommandContext) {
    guard context.options.json else { return }
    Output.standard(JSONOutput.repositories(of(syncUp), of: syncUp).text())
  }

  /// `--syncup NAME` of `config get|set|unset`, into the command's `keyPath`, with help
  /// saying what it does there.
  static func option<Command>(
    help: String, _ keyPath: WritableKeyPath<Command, String?> & Sendable
  ) -> CommandBinding<Command> {
    .option(
      OptionSpec(long: "syncup", valueName: "syncup", help: help, completion: .syncUp), keyPath,
      parse: ValueParser.notBlank)
  }

  /// Fails the parse of `config get|set|unset KEY --syncup NAME` for a key other than
  /// `repositories`, the only setting a sync-up can have its own of.
  static func check(_ key: ConfigKey, syncUp: String?, path: [String]) throws(UsageError) {
    guard syncUp != nil, key != .repositories else { return }
    throw UsageError(
      "'--syncup' is only read with 'repositories', not '\(key.rawValue)'", path: path)
  }
}

extension JSONOutput {
  /// The repositories a sync-up reads (`config get|set|unset repositories --syncup NAME
  /// --json`): `key` (`repositories`), `syncUp` (its id), `value` (the paths and globs) and
  /// `from` (`syncUp` for its own, `setting` for the `repositories` setting). Documented in
  /// syncups(1); later versions may only add keys.
  static func repositories(_ read: SyncUpRepositories, of syncUp: SyncUp) -> JSONOutput {
    .object([
      "key": .string(ConfigKey.repositories.rawValue), "syncUp": .string(syncUp.id.uuidString),
      "value": .array(read.paths.map(JSONOutput.string)), "from": .string(read.source.rawValue),
    ])
  }
}
