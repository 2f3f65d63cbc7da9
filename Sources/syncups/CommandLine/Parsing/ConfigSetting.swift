/// A validated new value for one setting: what `syncups config set KEY VALUE` asks for.
///
/// ```swift
/// try ConfigSetting(key: .defaultDuration, value: "10m")  // .defaultDuration(600)
/// ```
enum ConfigSetting: Sendable, Equatable {
  /// Ring the bell (`on`/`off`; also `true`/`false`, `yes`/`no`, `1`/`0`).
  case bell(Bool)
  /// The colour mode.
  case color(ColorMode)
  /// A duration in whole seconds.
  case defaultDuration(Int)
  /// A canonical (lower-case) theme name.
  case defaultTheme(String)

  /// The key this setting is for.
  var key: ConfigKey {
    switch self {
    case .bell: .bell
    case .color: .color
    case .defaultDuration: .defaultDuration
    case .defaultTheme: .defaultTheme
    }
  }
}
