#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// When human output uses colour: the `color` setting and the `--color` option.
public enum ColorSetting: String, CaseIterable, Codable, Sendable {
  /// Colour only when writing to a terminal (and `NO_COLOR` is unset, `TERM` is not `dumb`).
  case auto
  /// Always colour.
  case always
  /// Never colour.
  case never
}

extension SharedReaderKey where Self == AppStorageKey<Bool>.Default {
  /// Whether a meeting rings the terminal bell when the speaker changes: the `bell` setting,
  /// on by default.
  ///
  /// ```swift
  /// @SharedReader(.bellEnabled) var bellEnabled
  /// ```
  public static var bellEnabled: Self {
    Self[.appStorage("bell"), default: true]
  }
}

extension SharedReaderKey where Self == AppStorageKey<ColorSetting>.Default {
  /// When output is coloured: the `color` setting, ``ColorSetting/auto`` by default.
  ///
  /// ```swift
  /// @SharedReader(.colorSetting) var color
  /// ```
  public static var colorSetting: Self {
    Self[.appStorage("color"), default: .auto]
  }
}

extension SharedReaderKey where Self == AppStorageKey<Int>.Default {
  /// The length of a new sync-up in seconds: the `default-duration` setting, 300 by default.
  ///
  /// ```swift
  /// @Shared(.defaultDuration) var defaultDuration
  /// $defaultDuration.withLock { $0 = 600 }
  /// ```
  public static var defaultDuration: Self {
    Self[.appStorage("default-duration"), default: SyncUp.defaultDuration]
  }
}

extension SharedReaderKey where Self == AppStorageKey<Theme>.Default {
  /// The theme of a new sync-up: the `default-theme` setting, ``Theme/bubblegum`` by default.
  ///
  /// ```swift
  /// @SharedReader(.defaultTheme) var defaultTheme
  /// ```
  public static var defaultTheme: Self {
    Self[.appStorage("default-theme"), default: SyncUp.defaultTheme]
  }
}

extension AppStorage {
  /// Where `syncups` keeps its settings, under the configuration base directory.
  public static let syncUpsSettingsPath = "syncups/config.json"

  /// The settings file of `syncups`: `$XDG_CONFIG_HOME/syncups/config.json` when
  /// `XDG_CONFIG_HOME` is an absolute path, else `~/.config/syncups/config.json`
  /// (``syncUpsSettingsPath`` under ``BaseDirectories/configuration``).
  public static func syncUpsSettingsURL(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    BaseDirectories(environment: environment).configuration
      .appending(path: syncUpsSettingsPath, directoryHint: .notDirectory)
  }

  /// The settings file of `syncups` (``syncUpsSettingsURL(environment:)``). The command line
  /// installs it as the `defaultAppStorage` dependency.
  ///
  /// ```swift
  /// withDependencies { $0.defaultAppStorage = .syncUpsSettings() } operation: { … }
  /// ```
  public static func syncUpsSettings(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> AppStorage {
    AppStorage(url: syncUpsSettingsURL(environment: environment))
  }
}

extension SharedReaderKey where Self == AppStorageKey<Bool>.Default {
  /// Whether a speaker may run past their slot: the `overtime` setting, off by default (the
  /// app's behaviour: the next speaker starts when a slot runs out).
  ///
  /// ```swift
  /// @SharedReader(.overtimeAllowed) var overtimeAllowed
  /// ```
  public static var overtimeAllowed: Self {
    Self[.appStorage("overtime"), default: false]
  }
}

extension SharedReaderKey where Self == AppStorageKey<SpeakingOrder>.Default {
  /// The order a meeting calls the attendees in: the `order` setting, ``SpeakingOrder/listed``
  /// by default.
  ///
  /// ```swift
  /// @SharedReader(.speakingOrder) var order
  /// ```
  public static var speakingOrder: Self {
    Self[.appStorage("order"), default: .listed]
  }
}

extension SharedReaderKey where Self == AppStorageKey<Int>.Default {
  /// How long one run of a hook may take, in whole seconds, before it is stopped: the
  /// `hook-timeout` setting, 10 by default.
  ///
  /// ```swift
  /// @SharedReader(.hookTimeout) var hookTimeout
  /// ```
  public static var hookTimeout: Self {
    Self[.appStorage("hook-timeout"), default: 10]
  }
}

extension SharedReaderKey where Self == AppStorageKey<[String]>.Default {
  /// The git repositories work cards read on this machine: the `repositories` setting, paths
  /// and globs (`~/src/*`) as typed, none by default. A property of the machine, not of the
  /// team, so it lives in the settings file, never in the data file.
  ///
  /// ```swift
  /// @SharedReader(.repositories) var repositories  // ["~/src/*", "/srv/git/big.git"]
  /// ```
  public static var repositories: Self {
    Self[.appStorage("repositories"), default: []]
  }
}

extension SharedReaderKey where Self == AppStorageKey<WorkingDays>.Default {
  /// The days of the week an item's age counts: the `workdays` setting,
  /// ``WorkingDays/mondayToFriday`` by default.
  ///
  /// ```swift
  /// @SharedReader(.workingDays) var workingDays
  /// ```
  public static var workingDays: Self {
    Self[.appStorage("workdays"), default: .mondayToFriday]
  }
}

extension SharedReaderKey where Self == AppStorageKey<String>.Default {
  /// Which attendee this machine's user is, by name (any case) or id prefix, in whichever
  /// sync-up it is asked of: the `me` setting, empty (unset) by default. It is checked against
  /// a sync-up's attendees only when used, as one name serves several sync-ups.
  ///
  /// ```swift
  /// @SharedReader(.me) var me  // "Blob"
  /// ```
  public static var me: Self {
    Self[.appStorage("me"), default: ""]
  }
}

extension SharedReaderKey where Self == AppStorageKey<[String]?>.Default {
  /// The repositories the sync-up `id` reads on this machine instead of the `repositories`
  /// setting, paths and globs as ``repositories`` holds them; nil (not in the file) when it
  /// has none of its own. Kept under `repositories.` and the id as `uuidString` writes it, so
  /// a renamed sync-up keeps its own, and a change to one sync-up's never overwrites another's
  /// made at the same time. Local, as that setting is: in the settings file, never in the data
  /// file.
  ///
  /// ```swift
  /// @SharedReader(.syncUpRepositories(syncUp.id)) var own  // ["~/work/*"]
  /// ```
  public static func syncUpRepositories(_ id: UUID) -> Self {
    Self[.appStorage("repositories." + id.uuidString), default: nil]
  }
}
