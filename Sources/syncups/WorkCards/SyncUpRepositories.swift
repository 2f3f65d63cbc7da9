#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// The repositories one sync-up's work cards read on this machine, and where that list comes
/// from: `--repositories` for one run, else the sync-up's own (`config set repositories PATH…
/// --syncup NAME`), else the `repositories` setting. A sync-up's own list is kept by its id, so
/// a renamed sync-up keeps it; one kept for a sync-up since deleted is read by nothing and
/// listed nowhere, and applies again should the sync-up come back (a teammate's change merged
/// by `sync` restores it).
///
/// ```swift
/// let read = SyncUpRepositories.of(syncUp, given: [])
/// read.paths   // ["~/work/*"]
/// read.source  // .syncUp
/// ```
struct SyncUpRepositories: Equatable {
  /// Where a list of repositories comes from.
  enum Source: String {
    /// `--repositories`, for one run.
    case option
    /// The sync-up's own, in the settings file.
    case syncUp
    /// The `repositories` setting.
    case setting
  }

  /// Paths and globs, as the setting keeps them.
  var paths: [String]
  var source: Source

  /// What `syncUp` reads: `given` (`--repositories`) when there are some, else its own, else
  /// the `repositories` setting.
  @MainActor static func of(_ syncUp: SyncUp, given: [String] = []) -> Self {
    @SharedReader(.repositories) var setting
    if !given.isEmpty { return Self(paths: given, source: .option) }
    if let paths = own(of: syncUp.id) { return Self(paths: paths, source: .syncUp) }
    return Self(paths: setting, source: .setting)
  }

  /// The sync-up `id`'s own paths; nil when it has none (an empty list is none).
  @MainActor static func own(of id: UUID) -> [String]? {
    @SharedReader(.syncUpRepositories(id)) var own
    return own?.isEmpty == false ? own : nil
  }
}
