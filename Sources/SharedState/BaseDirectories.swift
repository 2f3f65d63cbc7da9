#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The user's base directories for data, configuration and state, after the XDG Base Directory
/// specification: `$XDG_DATA_HOME`, `$XDG_CONFIG_HOME` and `$XDG_STATE_HOME` when set to
/// absolute paths (a relative path is ignored, as the specification asks), else
/// `~/.local/share`, `~/.config` and `~/.local/state`.
///
/// ```swift
/// BaseDirectories().data.appending(path: "syncups/sync-ups.json")
/// ```
public struct BaseDirectories: Sendable, Equatable {
  /// Where programs keep the user's data.
  public let data: URL
  /// Where programs keep the user's settings.
  public let configuration: URL
  /// Where programs keep what they record that is worth keeping but not worth backing up:
  /// logs, history.
  public let state: URL

  /// The directories for `environment` (the process's own by default).
  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let home = URL(filePath: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/", directoryHint: .isDirectory)
    func directory(_ variable: String, default relative: String) -> URL {
      if let value = environment[variable], value.hasPrefix("/") {
        return URL(filePath: value, directoryHint: .isDirectory)
      }
      return home.appending(path: relative, directoryHint: .isDirectory)
    }
    data = directory("XDG_DATA_HOME", default: ".local/share")
    configuration = directory("XDG_CONFIG_HOME", default: ".config")
    state = directory("XDG_STATE_HOME", default: ".local/state")
  }
}
