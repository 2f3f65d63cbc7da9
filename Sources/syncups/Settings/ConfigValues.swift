#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
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
  /// The sync-ups that read their own repositories instead, in the sync-ups' order (only
  /// `config list` reads them: see ``SyncUpRepositories``).
  var ownRepositories: [Own] = []

  /// A sync-up's own repositories.
  struct Own: Sendable, Equatable {
    var id: UUID
    var title: String
    /// How to name the sync-up after `--syncup`, quoted for the shell when needed.
    var reference: String
    var repositories: [String]
  }

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
    case .repositories: Self.text(ofRepositories: repositories)
    }
  }

  /// Paths and globs as shell words, so that the line can be typed back:
  /// `'~/src/*' /srv/git/api`.
  static func text(ofRepositories paths: [String]) -> String {
    paths.map { path in
      path.allSatisfy { $0.isLetter || $0.isNumber || "/._-~".contains($0) }
        ? path : ShellWords.singleQuoted(path)
    }.joined(separator: " ")
  }
}
