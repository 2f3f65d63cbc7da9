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
              + "default-theme; listed, shuffled or rotated for order. Any case will do.",
            completion: .settingValue),
        ],
        \.setting, parse: ValueParser.setting)
    ],
    examples: [
      ExampleSpec(
        "Make new sync-ups ten minutes long:", "syncups config set default-duration 10m"),
      ExampleSpec(
        "A minute and a half, in seconds as config get --json prints it:",
        "syncups config set --json default-duration 90"),
    ]
  )

  var setting = ConfigSetting.bell(true)
  @MainActor func run(in context: CommandContext) throws { try context.configSet(setting) }
}
