#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// Every setting's value, as `config list` and `config get` print them: each of the type its
/// ``ConfigKey`` keeps, the default for those not given.
///
/// ```swift
/// let values = ConfigValues([.bell: BellSetting.off, .defaultDuration: 300])
/// values.text(for: .defaultDuration)  // "5m"
/// values.json(for: .bell)             // .bool(false)
/// ```
struct ConfigValues: Sendable {
  private var values: [ConfigKey: any Sendable]
  /// The sync-ups that read their own repositories instead, in the sync-ups' order (only
  /// `config list` reads them: see ``SyncUpRepositories``).
  var ownRepositories: [Own] = []

  /// `values`, each of its setting's own type; the defaults of the others.
  init(_ values: [ConfigKey: any Sendable] = [:]) {
    self.values = values
  }

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
    key.text(of: values[key] ?? key.defaultValue)
  }

  /// A setting's value as `config get --json` prints it (``ConfigKey/json(of:)``).
  func json(for key: ConfigKey) -> JSONOutput {
    key.json(of: values[key] ?? key.defaultValue)
  }

}
