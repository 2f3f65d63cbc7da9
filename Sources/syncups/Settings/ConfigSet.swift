import SyncUpsCore

struct ConfigSetCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "set",
    abstract: "Change a setting.",
    runs: Self.self,
    bindings: [
      .arguments(
        [
          CommandTable.configKeyArgument,
          ArgumentSpec(
            name: "value",
            help: "on or off for bell and overtime; auto, always or never for color; a "
              + "duration for default-duration (e.g. 10m; a plain number is minutes, but "
              + "seconds with --json, as config get --json prints it); a theme for "
              + "default-theme; a duration for hook-timeout (a plain number is seconds); "
              + "listed, shuffled or rotated for order; days and ranges for workdays "
              + "(mon-fri, sun-thu, mon,tue,thu); your name as an attendee for me; one or "
              + "more paths and globs for repositories (quote a glob: '~/src/*'; a relative "
              + "path is stored absolute, from the working directory; ~ is kept as typed). Any "
              + "case will do.",
            completion: .settingValue, isRepeating: true),
        ],
        \.setting, parse: ValueParser.setting),
      SyncUpRepositories.option(
        help: "Give this sync-up its own repositories on this machine, read instead of the "
          + "repositories setting (only with repositories).",
        \.syncUp),
    ],
    examples: [
      ExampleSpec(
        "Make new sync-ups ten minutes long:", "syncups config set default-duration 10m"),
      ExampleSpec(
        "A minute and a half, in seconds as config get --json prints it:",
        "syncups config set --json default-duration 90"),
      ExampleSpec(
        "Read every clone under ~/src and one more for standup:",
        "syncups config set repositories '~/src/*' /srv/git/big.git"),
      ExampleSpec(
        "Read the clones under ~/work for the sync-up Ops instead:",
        "syncups config set repositories '~/work/*' --syncup ops"),
    ]
  )

  var setting = ConfigSetting.bell(true)
  /// `--syncup NAME`: the sync-up whose own repositories to set.
  var syncUp: String?

  func validate(path: [String]) throws(UsageError) {
    try SyncUpRepositories.check(setting.key, syncUp: syncUp, path: path)
  }

  @MainActor func run(in context: CommandContext) throws {
    try SettingsFile.check()
    if case .repositories(let paths) = setting {
      Self.warnOfSkipped(Self.absolute(paths), in: context)
    }
    if case .repositories(let paths) = setting, let syncUp {
      let target = try context.syncUp(syncUp, in: context.readSyncUps())
      try SyncUpRepositories.write(Self.absolute(paths), of: target)
      return SyncUpRepositories.reportChange(of: target, in: context)
    }
    switch setting {
    case .bell(let on): try SettingsFile.write(.bellEnabled, on)
    case .color(let mode): try SettingsFile.write(.colorSetting, mode)
    case .defaultDuration(let duration):
      try SettingsFile.write(.defaultDuration, try seconds(of: duration, in: context))
    case .defaultTheme(let theme): try SettingsFile.write(.defaultTheme, theme)
    case .hookTimeout(let seconds): try SettingsFile.write(.hookTimeout, seconds)
    case .order(let order): try SettingsFile.write(.speakingOrder, order)
    case .overtime(let on): try SettingsFile.write(.overtimeAllowed, on)
    case .workdays(let days): try SettingsFile.write(.workingDays, days)
    case .me(let name): try SettingsFile.write(.me, name)
    case .repositories(let paths): try SettingsFile.write(.repositories, Self.absolute(paths))
    }
    SettingsFile.reportChange(of: setting.key, in: context)
  }

  /// Warns of each of `paths` that names no repository on this machine now: it is kept (it
  /// may be cloned later, or be on a disk not mounted), and the work cards skip it until then.
  @MainActor private static func warnOfSkipped(_ paths: [String], in context: CommandContext) {
    let found = RepositoryPaths(paths, home: context.environment["HOME"])
    for (pattern, reason) in found.skipped {
      context.note(
        "Warning: \(sanitize(pattern)): \(sanitize(reason)); kept, and skipped until it is a "
          + "git repository.")
    }
  }

  /// Relative paths and globs made absolute from the working directory, where they were
  /// meant (``RepositoryPaths/absolute(_:from:)``); as typed when it cannot be known.
  @MainActor private static func absolute(_ paths: [String]) -> [String] {
    guard let directory = CommandContext.workingDirectory else { return paths }
    return paths.map { RepositoryPaths.absolute($0, from: directory) }
  }

  /// The seconds `config set default-duration` stores: a bare number is seconds with `--json`,
  /// the unit `config get --json` prints, so a value read with one goes back with the other.
  @MainActor private func seconds(of duration: DurationArgument, in context: CommandContext)
    throws -> Int
  {
    // A bare number was checked as seconds when parsed.
    if context.options.json, case .bareNumber(let seconds) = duration { return seconds }
    return try context.seconds(
      of: duration, for: ConfigKey.defaultDuration.rawValue, path: ["config", "set"])
  }
}
