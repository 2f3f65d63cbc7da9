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
    return ConfigValues(
      bell: bell, color: ColorMode(rawValue: color.rawValue) ?? .auto,
      defaultDuration: duration, defaultTheme: theme)
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
    case .color(let mode): try write(.colorSetting, ColorSetting(rawValue: mode.rawValue) ?? .auto)
    case .defaultDuration(let seconds): try write(.defaultDuration, seconds)
    case .defaultTheme(let name): try write(.defaultTheme, Theme(name: name) ?? .bubblegum)
    }
    reportChange(of: setting.key)
  }

  /// Puts a setting back to its default.
  func configUnset(_ key: ConfigKey) throws {
    try checkSettingsFile()
    switch key {
    case .bell: try write(.bellEnabled, true)
    case .color: try write(.colorSetting, .auto)
    case .defaultDuration: try write(.defaultDuration, SyncUp.defaultDuration)
    case .defaultTheme: try write(.defaultTheme, SyncUp.defaultTheme)
    }
    reportChange(of: key)
  }

  /// With `--json`, the setting's new value, as written.
  private func reportChange(of key: ConfigKey) {
    guard options.json else { return }
    Output.standard(JSONOutput.settingChange(key, settings).text())
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
