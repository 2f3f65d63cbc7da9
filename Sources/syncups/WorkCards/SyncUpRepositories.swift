#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// The repositories one sync-up's work cards read on this machine, and where that list comes
/// from: `--repositories` for one run, else the sync-up's own (`config set repositories PATH…
/// --syncup NAME`), else the `repositories` setting. A sync-up's own list is kept by its id, so
/// a renamed sync-up keeps it; one kept for a sync-up since deleted is read by nothing and
/// listed nowhere, and applies again should the sync-up come back (a teammate's change merged
/// by `sync` restores it).
///
/// ```swift
/// let read = SyncUpRepositories.of(syncUp, given: [])
/// read.paths   // ["~/work/*"]
/// read.source  // .syncUp
/// ```
struct SyncUpRepositories: Equatable {
  /// Where a list of repositories comes from.
  enum Source: String {
    /// `--repositories`, for one run.
    case option
    /// The sync-up's own, in the settings file.
    case syncUp
    /// The `repositories` setting.
    case setting
  }

  /// Paths and globs, as the setting keeps them.
  var paths: [String]
  var source: Source

  /// What `syncUp` reads: `given` (`--repositories`) when there are some, else its own, else
  /// the `repositories` setting.
  @MainActor static func of(_ syncUp: SyncUp, given: [String] = []) -> Self {
    @SharedReader(.repositories) var setting
    if !given.isEmpty { return Self(paths: given, source: .option) }
    if let paths = own(of: syncUp.id) { return Self(paths: paths, source: .syncUp) }
    return Self(paths: setting, source: .setting)
  }

  /// Gives `syncUp` its own `paths`, or, when nil, takes them away (the setting leaves the
  /// file); saved at once.
  @MainActor static func write(_ paths: [String]?, of syncUp: SyncUp) throws {
    try SettingsFile.write(.syncUpRepositories(syncUp.id), paths)
  }

  /// The sync-up `id`'s own paths; nil when it has none (an empty list is none).
  @MainActor private static func own(of id: UUID) -> [String]? {
    @SharedReader(.syncUpRepositories(id)) var own
    return own?.isEmpty == false ? own : nil
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
    Output.standard(ConfigValues.text(ofRepositories: read.paths) + "\n")
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
