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

/// The settings file as the `config` subcommands read and change it: each setting is a shared
/// key of the `defaultAppStorage` dependency, which the command line points at the file.
@MainActor
enum SettingsFile {
  /// Every setting now (defaults where unset).
  static var values: ConfigValues {
    ConfigValues(Dictionary(uniqueKeysWithValues: ConfigKey.allCases.map { ($0, $0.current) }))
  }

  /// Fails, before anything is read or written, when the settings file cannot be loaded: a
  /// value printed or written over it would hide what is wrong with it.
  static func check() throws {
    @SharedReader(.bellEnabled) var bell
    if let error = $bell.loadError { throw CommandFailure(storage: error) }
  }

  /// Writes `value` under `key` at once.
  static func write<Key: SharedKey>(_ key: SharedKeyDefault<Key>, _ value: Key.Value) throws {
    let setting = Shared<Key.Value>(key)
    setting.withLock { $0 = value }
    do {
      try setting.save()
    } catch {
      throw CommandFailure(storage: error)
    }
  }

  /// Writes the default the setting's key declares.
  static func reset<Key: SharedKey>(_ key: SharedKeyDefault<Key>) throws {
    try write(key, key.defaultValue())
  }

  /// After `config set` or `config unset`, with `--json`: the setting's new value, as written.
  static func reportChange(of key: ConfigKey, in context: CommandContext) {
    guard context.options.json else { return }
    Output.standard(JSONOutput.settingChange(key, values).text())
  }
}

extension JSONOutput {
  /// `config set` and `config unset`: the setting's `key`, as typed on the command line, and
  /// its new `value`, typed as ``ConfigValues/json(for:)`` gives it. Documented in syncups(1)
  /// (``ManPageReference``); keys are stable, later versions may only add keys.
  ///
  /// ```swift
  /// let values = ConfigValues([.bell: false])
  /// JSONOutput.settingChange(.bell, values).text(pretty: false)  // {"key":"bell","value":false}
  /// ```
  static func settingChange(_ key: ConfigKey, _ values: ConfigValues) -> JSONOutput {
    .object(["key": .string(key.rawValue), "value": values.json(for: key)])
  }
}
