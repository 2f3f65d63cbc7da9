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

/// One setting of the settings file by its name and its default, both plain values: reading
/// them makes no shared key, so nothing looks for the settings file or enters a dependency
/// context. ``key`` makes the shared key the value is read and written through, against the
/// `defaultAppStorage` dependency of the moment.
///
/// ```swift
/// Settings.hookTimeout.name          // "hook-timeout"
/// Settings.hookTimeout.defaultValue  // 10
/// @SharedReader(Settings.hookTimeout.key) var seconds
/// ```
public struct Setting<Value: Sendable>: Sendable {
  /// The setting's name in the settings file.
  public let name: String
  /// The value while the settings file has none.
  public let defaultValue: Value
  private let storage: @Sendable (String) -> AppStorageKey<Value>

  /// The shared key of the setting, made now: it reads the settings file of the
  /// `defaultAppStorage` dependency.
  public var key: AppStorageKey<Value>.Default {
    AppStorageKey<Value>.Default[storage(name), default: defaultValue]
  }
}

extension Setting where Value: Codable {
  /// A setting kept as its JSON.
  init(_ name: String, default value: Value) {
    self.init(name: name, defaultValue: value, storage: { .appStorage($0) })
  }
}

extension Setting where Value: RawRepresentable, Value.RawValue: Codable & Sendable {
  /// A setting kept as its raw value.
  @_disfavoredOverload
  init(_ name: String, default value: Value) {
    self.init(name: name, defaultValue: value, storage: { .appStorage($0) })
  }
}

/// The settings of `syncups`, each by its name and default, once: their shared keys below
/// (``SharedReaderKey/bell``…) and `syncups config` are made from these.
public enum Settings {
  public static let bell = Setting("bell", default: BellSetting.change)
  public static let color = Setting("color", default: ColorSetting.auto)
  public static let defaultDuration = Setting("default-duration", default: SyncUp.defaultDuration)
  public static let defaultTheme = Setting("default-theme", default: SyncUp.defaultTheme)
  public static let hookTimeout = Setting("hook-timeout", default: 10)
  public static let order = Setting("order", default: SpeakingOrder.listed)
  public static let overtime = Setting("overtime", default: false)
  public static let pace = Setting("pace", default: PaceMode.fixed)
  public static let repositories = Setting("repositories", default: [String]())
  public static let warn = Setting("warn", default: CueWarnings.none)
  public static let workdays = Setting("workdays", default: WorkingDays.mondayToFriday)
  public static let me = Setting("me", default: "")
}

extension SharedReaderKey where Self == AppStorageKey<BellSetting>.Default {
  /// When a meeting rings the terminal bell: the `bell` setting, ``BellSetting/change`` by
  /// default (an older file's `true` is `change`, `false` is `off`).
  ///
  /// ```swift
  /// @SharedReader(.bell) var bell  // .change
  /// ```
  public static var bell: Self {
    Settings.bell.key
  }
}

extension SharedReaderKey where Self == AppStorageKey<PaceMode>.Default {
  /// How a meeting paces its speakers: the `pace` setting, ``PaceMode/fixed`` by default.
  ///
  /// ```swift
  /// @SharedReader(.paceMode) var pace
  /// ```
  public static var paceMode: Self {
    Settings.pace.key
  }
}

extension SharedReaderKey where Self == AppStorageKey<CueWarnings>.Default {
  /// When a meeting cues the speaker before their slot runs out: the `warn` setting,
  /// ``CueWarnings/none`` by default.
  ///
  /// ```swift
  /// @SharedReader(.cueWarnings) var warn  // 30s,10s
  /// ```
  public static var cueWarnings: Self {
    Settings.warn.key
  }
}

extension SharedReaderKey where Self == AppStorageKey<ColorSetting>.Default {
  /// When output is coloured: the `color` setting, ``ColorSetting/auto`` by default.
  ///
  /// ```swift
  /// @SharedReader(.colorSetting) var color
  /// ```
  public static var colorSetting: Self {
    Settings.color.key
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
    Settings.defaultDuration.key
  }
}

extension SharedReaderKey where Self == AppStorageKey<Theme>.Default {
  /// The theme of a new sync-up: the `default-theme` setting, ``Theme/bubblegum`` by default.
  ///
  /// ```swift
  /// @SharedReader(.defaultTheme) var defaultTheme
  /// ```
  public static var defaultTheme: Self {
    Settings.defaultTheme.key
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
    Settings.overtime.key
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
    Settings.order.key
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
    Settings.hookTimeout.key
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
    Settings.repositories.key
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
    Settings.workdays.key
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
    Settings.me.key
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
