import SharedState
import SyncUpsCore

struct ConfigUnsetCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "unset", abstract: "Restore a setting's default.", runs: Self.self,
    bindings: [.argument(CommandTable.configKeyArgument, \.key, parse: ValueParser.choice)])

  var key = ConfigKey.bell

  /// Puts the setting back to its default.
  @MainActor func run(in context: CommandContext) throws {
    try SettingsFile.check()
    switch key {
    case .bell: try SettingsFile.reset(.bellEnabled)
    case .color: try SettingsFile.reset(.colorSetting)
    case .defaultDuration: try SettingsFile.reset(.defaultDuration)
    case .defaultTheme: try SettingsFile.reset(.defaultTheme)
    case .hookTimeout: try SettingsFile.reset(.hookTimeout)
    case .order: try SettingsFile.reset(.speakingOrder)
    case .overtime: try SettingsFile.reset(.overtimeAllowed)
    case .workdays: try SettingsFile.reset(.workingDays)
    case .me: try SettingsFile.reset(.me)
    case .repositories: try SettingsFile.reset(.repositories)
    }
    SettingsFile.reportChange(of: key, in: context)
  }
}
