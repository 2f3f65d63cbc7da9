import SyncUpsCore

/// The name of a setting, as typed after `syncups config get|set|unset`.
package enum ConfigKey: String, CaseIterable, Sendable, Equatable {
  /// Ring the terminal bell on each speaker change.
  case bell
  /// The default for `--color`.
  case color
  /// The length of sync-ups added without `--duration`.
  case defaultDuration = "default-duration"
  /// The theme of sync-ups added without `--theme`.
  case defaultTheme = "default-theme"
  /// How long one run of a hook may take.
  case hookTimeout = "hook-timeout"
  /// The order meetings call the attendees in, without `start --order`.
  case order
  /// Whether speakers may run past their slot, without `start --overtime`/`--no-overtime`.
  case overtime
  /// The git repositories work cards read: several paths and globs.
  case repositories
  /// The days of the week an item's age counts.
  case workdays
  /// Which attendee this machine's user is, for `update` without `--as`.
  case me

  /// The values `config set` offers for the setting (completion and errors); empty when the
  /// value is free (a duration).
  var choices: [String] {
    switch self {
    case .bell, .overtime: ["on", "off"]
    case .color: ColorSetting.allCases.map(\.rawValue)
    case .defaultDuration, .hookTimeout, .me, .repositories: []
    case .defaultTheme: Theme.allCases.map(\.rawValue)
    case .order: SpeakingOrder.allCases.map(\.rawValue)
    // Common weeks; any list of days and ranges will do.
    case .workdays: ["mon-fri", "sun-thu", "mon-sat"]
    }
  }
}

/// A validated new value for one setting: what `syncups config set KEY VALUE` asks for.
///
/// ```swift
/// try ValueParser.setting(["default-duration", "10m"], path: [])  // .defaultDuration(.seconds(600))
/// ```
enum ConfigSetting: Sendable, Equatable {
  /// Ring the bell (`on`/`off`; also `true`/`false`, `yes`/`no`, `1`/`0`).
  case bell(Bool)
  case color(ColorSetting)
  /// A duration as typed: a bare number is seconds with `--json`, else minutes.
  case defaultDuration(DurationArgument)
  case defaultTheme(Theme)
  /// Whole seconds; a bare number is seconds.
  case hookTimeout(Int)
  case order(SpeakingOrder)
  /// Allow overtime (`on`/`off`, with the same spellings as `bell`).
  case overtime(Bool)
  /// Paths and globs, as typed (`~` is expanded when they are read).
  case repositories([String])
  case workdays(WorkingDays)
  /// An attendee's name or id prefix, checked against a sync-up's attendees when used.
  case me(String)

  /// The key this setting is for.
  var key: ConfigKey {
    switch self {
    case .bell: .bell
    case .color: .color
    case .defaultDuration: .defaultDuration
    case .defaultTheme: .defaultTheme
    case .hookTimeout: .hookTimeout
    case .order: .order
    case .overtime: .overtime
    case .repositories: .repositories
    case .workdays: .workdays
    case .me: .me
    }
  }
}
