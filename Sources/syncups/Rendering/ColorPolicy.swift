import SyncUpsCore

/// Decides whether human output is coloured.
///
/// The first rule that applies wins:
/// 1. `--color always` or `--color never`;
/// 2. `--color auto`: off when `NO_COLOR` is set to a non-empty value or `TERM` is `dumb`,
///    else on exactly when standard output is a terminal (the `color` setting is not consulted:
///    the option overrides it);
/// 3. no `--color`: the `color` setting, and when it is `auto` or not set, the rules of
///    `--color auto`.
///
/// So `NO_COLOR` and `TERM=dumb` turn off colour that would otherwise appear because the output
/// is a terminal, but never an explicit `always` — neither the option nor the setting — as
/// <https://no-color.org> asks ("user-level configuration files and per-instance command-line
/// arguments should override `NO_COLOR`") and as `syncups --help` documents for `--color`.
///
/// ```swift
/// ColorPolicy.isEnabled(flag: nil, setting: .auto, environment: [:], isTerminal: true)  // true
/// ColorPolicy.isEnabled(
///   flag: nil, setting: .auto, environment: ["NO_COLOR": "1"], isTerminal: true)      // false
/// ```
enum ColorPolicy {
  /// Whether to colour, from the `--color` option (`flag`), the `color` setting, the
  /// environment (only `NO_COLOR` and `TERM` are read) and whether standard output is a
  /// terminal.
  static func isEnabled(
    flag: ColorSetting?, setting: ColorSetting, environment: [String: String], isTerminal: Bool
  ) -> Bool {
    switch flag ?? setting {
    case .always: true
    case .never: false
    case .auto: isTerminal && !environmentForbidsColor(environment)
    }
  }

  /// Whether `NO_COLOR` (set and not empty) or `TERM=dumb` asks for no colour.
  static func environmentForbidsColor(_ environment: [String: String]) -> Bool {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return true }
    return environment["TERM"] == "dumb"
  }
}
