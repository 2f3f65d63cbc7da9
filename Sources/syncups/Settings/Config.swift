#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// The `config` group: its subcommands are each their own type.
enum ConfigGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "config",
    abstract: "Read and change settings.",
    discussion: "Settings:\n" + ConfigKey.helpTable,
    subcommands: [
      ConfigListCommand.spec,
      ConfigGetCommand.spec,
      ConfigSetCommand.spec,
      ConfigUnsetCommand.spec,
    ]
  )
}

/// What the `config` commands read of the settings file and tell of a change.
extension SettingsFile {
  /// Every setting now (defaults where unset).
  static var values: ConfigValues {
    ConfigValues(Dictionary(uniqueKeysWithValues: ConfigKey.allCases.map { ($0, $0.current) }))
  }

  /// After `config set` or `config unset`, with `--json`: the setting's new value, as written.
  static func reportChange(of key: ConfigKey, in context: CommandContext) {
    guard context.options.json else { return }
    Output.standard(JSONOutput.settingChange(key, values).text())
  }
}

extension ConfigSetCommand: ReplacesSetting {
  var replacedSetting: ConfigKey? { syncUp == nil ? setting.key : nil }
}

extension ConfigUnsetCommand: ReplacesSetting {
  var replacedSetting: ConfigKey? { syncUp == nil ? key : nil }
}

extension JSONOutput {
  /// `config set` and `config unset`: the setting's `key`, as typed on the command line, and
  /// its new `value`, typed as ``ConfigValues/json(for:)`` gives it. Documented in syncups(1)
  /// (``ManPageReference``); keys are stable, later versions may only add keys.
  ///
  /// ```swift
  /// let values = ConfigValues([.bell: BellSetting.off])
  /// JSONOutput.settingChange(.bell, values).text(pretty: false)  // {"key":"bell","value":false}
  /// ```
  static func settingChange(_ key: ConfigKey, _ values: ConfigValues) -> JSONOutput {
    .object(["key": .string(key.rawValue), "value": values.json(for: key)])
  }

  /// The settings object (`config list`): each setting under the name `config get|set|unset`
  /// take, with its value typed as ``ConfigValues/json(for:)`` gives it.
  /// Then `sync-up-repositories`: the sync-ups that read their own repositories, each with
  /// its `id`, `title` and `repositories`.
  static func config(_ values: ConfigValues) -> JSONOutput {
    var members = Dictionary(
      uniqueKeysWithValues: ConfigKey.allCases.map { ($0.rawValue, values.json(for: $0)) })
    members["sync-up-repositories"] = .array(
      values.ownRepositories.map {
        .object([
          "id": .string($0.id.uuidString), "title": .string($0.title),
          "repositories": .array($0.repositories.map(JSONOutput.string)),
        ])
      })
    return .object(members)
  }
}
