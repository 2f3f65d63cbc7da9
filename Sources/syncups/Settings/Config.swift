import SharedState
import SyncUpsCore

/// The `config` group: its subcommands are each their own type.
enum ConfigGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "config",
    abstract: "Read and change settings.",
    discussion: """
      Settings:
        bell               on or off: ring on each speaker change (default: on)
        color              auto, always or never (default: auto)
        default-duration   the length of new sync-ups (default: 5m)
        default-theme      the theme of new sync-ups (default: bubblegum)
        hook-timeout       how long one run of a hook may take before it is stopped
                           (default: 10s)
        order              listed, shuffled or rotated: the order meetings call the
                           attendees in (default: listed)
        overtime           on or off: let speakers run past their slot (default: off)
        repositories       the git repositories standup reads on this machine: paths
                           and globs such as '~/src/*', several; a relative path is
                           stored absolute (default: none). With --syncup NAME, that
                           sync-up's own, read instead (config get, set, unset)
        workdays           the days an item's age counts: mon-fri, sun-thu,
                           mon,tue,thu (default: mon-fri)
        me                 which attendee you are, by name, for update without --as
                           (default: unset)
      """,
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
    @SharedReader(.bellEnabled) var bell
    @SharedReader(.colorSetting) var color
    @SharedReader(.defaultDuration) var duration
    @SharedReader(.defaultTheme) var theme
    @SharedReader(.speakingOrder) var order
    @SharedReader(.overtimeAllowed) var overtime
    @SharedReader(.workingDays) var workdays
    @SharedReader(.hookTimeout) var hookTimeout
    @SharedReader(.me) var me
    @SharedReader(.repositories) var repositories
    return ConfigValues(
      bell: bell, color: color, defaultDuration: duration, defaultTheme: theme, order: order,
      overtime: overtime, workdays: workdays, hookTimeout: hookTimeout, me: me,
      repositories: repositories)
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
  /// its new `value`, typed as ``configValue(_:for:)`` gives it. Documented in syncups(1)
  /// (``ManPageReference``); keys are stable, later versions may only add keys.
  ///
  /// ```swift
  /// let values = ConfigValues(
  ///   bell: false, color: .auto, defaultDuration: 600, defaultTheme: .sky, order: .listed,
  ///   overtime: false)
  /// JSONOutput.settingChange(.bell, values).text(pretty: false)  // {"key":"bell","value":false}
  /// ```
  static func settingChange(_ key: ConfigKey, _ values: ConfigValues) -> JSONOutput {
    .object(["key": .string(key.rawValue), "value": configValue(values, for: key)])
  }

  /// The settings object (`config list`): each setting under the name `config get|set|unset`
  /// take, with its value typed as ``configValue(_:for:)`` gives it.
  /// Then `sync-up-repositories`: the sync-ups that read their own repositories, each with
  /// its `id`, `title` and `repositories`.
  static func config(_ values: ConfigValues) -> JSONOutput {
    var members = Dictionary(
      uniqueKeysWithValues: ConfigKey.allCases.map { ($0.rawValue, configValue(values, for: $0)) })
    members["sync-up-repositories"] = .array(
      values.ownRepositories.map {
        .object([
          "id": .string($0.id.uuidString), "title": .string($0.title),
          "repositories": .array($0.repositories.map(JSONOutput.string)),
        ])
      })
    return .object(members)
  }

  /// One setting's value (`config get --json`): a boolean for `bell` and `overtime`, whole seconds for
  /// `default-duration` and `hook-timeout`, the name for `color` and `default-theme`, the days
  /// as text for `workdays`, the name for `me` (null when unset), an array of the paths as
  /// typed for `repositories`.
  static func configValue(_ values: ConfigValues, for key: ConfigKey) -> JSONOutput {
    switch key {
    case .bell: .bool(values.bell)
    case .color: .string(values.color.rawValue)
    case .defaultDuration: .int(values.defaultDuration)
    case .defaultTheme: .string(values.defaultTheme.rawValue)
    case .hookTimeout: .int(values.hookTimeout)
    case .order: .string(values.order.rawValue)
    case .overtime: .bool(values.overtime)
    case .workdays: .string(values.workdays.rawValue)
    case .me: values.me.isEmpty ? .null : .string(values.me)
    case .repositories: .array(values.repositories.map(JSONOutput.string))
    }
  }
}
