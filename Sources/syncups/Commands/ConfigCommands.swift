import SharedState
import SyncUpsCore

/// `config list|get|set|unset`: the settings file.
extension CommandContext {
  /// The settings now (defaults where unset).
  private var settings: ConfigValues {
    @SharedReader(.bellEnabled) var bell
    @SharedReader(.colorSetting) var color
    @SharedReader(.defaultDuration) var duration
    @SharedReader(.defaultTheme) var theme
    @SharedReader(.speakingOrder) var order
    @SharedReader(.overtimeAllowed) var overtime
    return ConfigValues(
      bell: bell, color: color, defaultDuration: duration, defaultTheme: theme, order: order,
      overtime: overtime)
  }

  private func checkSettingsFile() throws {
    @SharedReader(.bellEnabled) var bell
    if let error = $bell.loadError { throw CommandFailure(storage: error) }
  }

  func configList() throws {
    try checkSettingsFile()
    Output.standard(options.json ? JSONOutput.config(settings).text() : ConfigRenderer.list(settings))
  }

  func configGet(_ key: ConfigKey) throws {
    try checkSettingsFile()
    let values = settings
    Output.standard(
      options.json
        ? JSONOutput.configValue(values, for: key).text() : ConfigRenderer.value(values, for: key))
  }

  func configSet(_ setting: ConfigSetting) throws {
    try checkSettingsFile()
    switch setting {
    case .bell(let on): try write(.bellEnabled, on)
    case .color(let mode): try write(.colorSetting, mode)
    case .defaultDuration(let duration): try write(.defaultDuration, try seconds(of: duration))
    case .defaultTheme(let theme): try write(.defaultTheme, theme)
    case .order(let order): try write(.speakingOrder, order)
    case .overtime(let on): try write(.overtimeAllowed, on)
    }
    reportChange(of: setting.key)
  }

  /// The seconds `config set default-duration` stores: a bare number is seconds with `--json`,
  /// the unit `config get --json` prints, so a value read with one goes back with the other.
  private func seconds(of duration: DurationArgument) throws -> Int {
    // A bare number was checked as seconds when parsed.
    if options.json, case .bareNumber(let seconds) = duration { return seconds }
    return try seconds(
      of: duration, for: ConfigKey.defaultDuration.rawValue, path: ["config", "set"])
  }

  /// Puts a setting back to its default.
  func configUnset(_ key: ConfigKey) throws {
    try checkSettingsFile()
    switch key {
    case .bell: try reset(.bellEnabled)
    case .color: try reset(.colorSetting)
    case .defaultDuration: try reset(.defaultDuration)
    case .defaultTheme: try reset(.defaultTheme)
    case .order: try reset(.speakingOrder)
    case .overtime: try reset(.overtimeAllowed)
    }
    reportChange(of: key)
  }

  /// With `--json`, the setting's new value, as written.
  private func reportChange(of key: ConfigKey) {
    guard options.json else { return }
    Output.standard(JSONOutput.settingChange(key, settings).text())
  }

  /// Writes the default the setting's key declares.
  private func reset<Key: SharedKey>(_ key: SharedKeyDefault<Key>) throws {
    try write(key, key.defaultValue())
  }

  private func write<Key: SharedKey>(_ key: SharedKeyDefault<Key>, _ value: Key.Value) throws {
    let setting = Shared<Key.Value>(key)
    setting.withLock { $0 = value }
    do {
      try setting.save()
    } catch {
      throw CommandFailure(storage: error)
    }
  }
}
