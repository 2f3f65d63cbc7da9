import SyncUpsCore

/// Every setting's current value, as `config list` and `config get` print them.
///
/// ```swift
/// let values = ConfigValues(
///   bell: true, color: .auto, defaultDuration: 300, defaultTheme: .sky, order: .listed,
///   overtime: false)
/// values.text(for: .defaultDuration)  // "5m"
/// ```
struct ConfigValues: Sendable, Equatable {
  /// Whether the bell rings on each speaker change.
  var bell: Bool
  /// When to colour output.
  var color: ColorSetting
  /// The length of new sync-ups, in whole seconds.
  var defaultDuration: Int
  /// The theme of new sync-ups.
  var defaultTheme: Theme
  /// The order meetings call the attendees in.
  var order: SpeakingOrder
  /// Whether speakers may run past their slot.
  var overtime: Bool
  /// The days an item's age counts.
  var workdays = WorkingDays.mondayToFriday
  /// How long one run of a hook may take, in whole seconds.
  var hookTimeout = 10
  /// Which attendee this machine's user is; empty when unset.
  var me = ""
  /// The repositories work cards read, as typed.
  var repositories: [String] = []

  /// A setting's value in the form `config set` accepts: `on`/`off`, `auto`/`always`/`never`,
  /// a duration such as `5m` or `1m30s`, a theme name.
  func text(for key: ConfigKey) -> String {
    switch key {
    case .bell: bell ? "on" : "off"
    case .color: color.rawValue
    case .defaultDuration: DurationText.compact(defaultDuration)
    case .defaultTheme: defaultTheme.rawValue
    case .hookTimeout: DurationText.compact(hookTimeout)
    case .order: order.rawValue
    case .overtime: overtime ? "on" : "off"
    case .workdays: workdays.rawValue
    case .me: me
    // As shell words, so that the line can be typed back.
    case .repositories:
      repositories.map { path in
        path.allSatisfy { $0.isLetter || $0.isNumber || "/._-~".contains($0) }
          ? path : ShellWords.singleQuoted(path)
      }.joined(separator: " ")
    }
  }
}
