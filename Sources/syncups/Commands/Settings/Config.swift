import SyncUpsCore

/// The `config` group: its subcommands are each their own type.
enum ConfigGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "config",
    abstract: "Read and change settings.",
    discussion: """
      Settings:
        bell               on or off: ring on each speaker change (default: on)
        color              auto, always or never (default: auto)
        default-duration   the length of new sync-ups (default: 5m)
        default-theme      the theme of new sync-ups (default: bubblegum)
        order              listed, shuffled or rotated: the order meetings call the
                           attendees in (default: listed)
        overtime           on or off: let speakers run past their slot (default: off)
      """,
    subcommands: [
      ConfigListCommand.spec,
      ConfigGetCommand.spec,
      ConfigSetCommand.spec,
      ConfigUnsetCommand.spec,
    ]
  )
}
