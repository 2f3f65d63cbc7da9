import SyncUpsCore

/// The `meeting` group: its subcommands are each their own type.
enum MeetingGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "meeting",
    abstract: "Show or delete one past meeting.",
    subcommands: [
      MeetingShowCommand.spec,
      MeetingDeleteCommand.spec,
    ]
  )
}
