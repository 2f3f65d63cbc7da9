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

/// The settings file as the `config` subcommands read and change it: each setting is a shared
/// key of the `defaultAppStorage` dependency, which the command line points at the file.
@MainActor
enum SettingsFile {
  /// Every setting now (defaults where unset).
  static var values: ConfigValues {
    ConfigValues(Dictionary(uniqueKeysWithValues: ConfigKey.allCases.map { ($0, $0.current) }))
  }

  /// Fails, before anything is read or written, when the settings file cannot be loaded: a
  /// value printed or written over it would hide what is wrong with it. (A setting the file
  /// holds of another type is only warned of: ``warnOfUnreadableSettings(in:for:)``.)
  static func check() throws {
    // Any JSON will do for this reader: it fails only when the whole file does.
    @SharedReader(.appStorage(ConfigKey.bell.rawValue)) var file = JSONValue.null
    if let error = $file.loadError { throw CommandFailure(storage: error) }
  }

  /// Warns, once for the command, of each setting the settings file holds in a form it cannot
  /// read (`"default-duration": "x"`): its default is used instead, and the file is left as it
  /// is, for `config set` to put right. The setting `command` puts right is not warned of.
  ///
  /// ```text
  /// Warning: /home/ana/.config/syncups/config.json: "default-duration" is "x", not a whole
  /// number of seconds; using its default, 5m.
  /// ```
  static func warnOfUnreadableSettings(
    in context: CommandContext, for command: any RunnableCommand
  ) {
    // The file is read once; only a setting it holds is made a shared key of, to see
    // whether it reads as its type, so a command run without a settings file makes none.
    @Dependency(\.defaultAppStorage) var store
    let file = store.storedSettings
    guard !file.isEmpty else { return }
    let replaced = (command as? any ReplacesSetting)?.replacedSetting
    for key in ConfigKey.allCases where key != replaced {
      guard let stored = file[key.rawValue], key.isUnreadable else { continue }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      let text = (try? encoder.encode(stored)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
      context.note(
        "Warning: \(sanitize(context.settingsFile.path)): \"\(key.rawValue)\" is "
          + "\(sanitize(text)), not \(key.expected); using its default, \(key.defaultText).")
    }
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

/// `config set` and `config unset`: the setting they replace, whose old value is not warned
/// of, even when the settings file holds it of the wrong type.
protocol ReplacesSetting {
  /// Nil when the command changes no setting of its own (a sync-up's repositories).
  var replacedSetting: ConfigKey? { get }
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
  /// let values = ConfigValues([.bell: false])
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
