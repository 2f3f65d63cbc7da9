/// The name of a setting, as typed after `syncups config get|set|unset`.
enum ConfigKey: String, CaseIterable, Sendable, Equatable {
  /// Ring the terminal bell on each speaker change.
  case bell
  /// The default for `--color`.
  case color
  /// The length of sync-ups added without `--duration`.
  case defaultDuration = "default-duration"
  /// The theme of sync-ups added without `--theme`.
  case defaultTheme = "default-theme"

  /// The values `config set` offers for the setting (completion and errors); empty when the
  /// value is free (a duration).
  var choices: [String] {
    switch self {
    case .bell: ["on", "off"]
    case .color: ColorMode.allCases.map(\.rawValue)
    case .defaultDuration: []
    case .defaultTheme: ThemeNames.all
    }
  }
}
