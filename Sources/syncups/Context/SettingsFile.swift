#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState

/// The settings file as every command reads it and the `config` subcommands change it: each
/// setting is a shared key of the `defaultAppStorage` dependency, which the command line points
/// at the file.
@MainActor
enum SettingsFile {
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
}

/// `config set` and `config unset`: the setting they replace, whose old value is not warned
/// of, even when the settings file holds it of the wrong type.
protocol ReplacesSetting {
  /// Nil when the command changes no setting of its own (a sync-up's repositories).
  var replacedSetting: ConfigKey? { get }
}
