import SyncUpsCore

/// The `hooks` group: its subcommands are each their own type.
enum HooksGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "hooks",
    abstract: "List, try and trust the programs run on syncups' events.",
    discussion: """
      A hook is an executable named for an event in $XDG_CONFIG_HOME/syncups/hooks \
      (~/.config/syncups/hooks): hooks/meeting-ended, or any number of them in \
      hooks/meeting-ended.d/, run in name order. The events: \
      \(HookEvent.allCases.map(\.rawValue).joined(separator: ", ")). Each run reads the \
      event as one JSON object on stdin and finds SYNCUPS_EVENT, SYNCUPS_FILE and, for a \
      sync-up's events, SYNCUPS_SYNCUP in its environment; HOOKS in syncups(1) shows every \
      event's object. Hooks run after the data is stored, in the background, in order for \
      each event (a meeting's in the order its events happened); their output is appended \
      to $XDG_STATE_HOME/syncups/hooks.log; a run past the hook-timeout setting (\(ConfigKey.hookTimeout.defaultText)) is \
      killed, and what a hook leaves running in its process group is killed when syncups \
      ends. A hook that fails is reported once on \
      stderr and changes nothing. A repository's .syncups/hooks run only once trusted with \
      'syncups hooks trust'. --no-hooks or SYNCUPS_NO_HOOKS=1 turn hooks off for a run.
      """,
    subcommands: [
      HooksListCommand.spec,
      HooksRunCommand.spec,
      HooksTrustCommand.spec,
      HooksUntrustCommand.spec,
    ]
  )
}

extension CommandContext {
  /// The hooks there are for the data file in use.
  var installedHooks: InstalledHooks {
    InstalledHooks(environment: environment, dataFile: dataFile.path)
  }

  /// The data repository's hooks directory, or a failure saying there is none.
  func repositoryHooksDirectory() throws -> String {
    guard let directory = InstalledHooks.repositoryDirectory(of: dataFile.path) else {
      throw CommandFailure(
        "no repository hooks for '\(sanitize(dataFile.path))': it lies in no git work tree "
          + "with a .syncups/hooks directory")
    }
    return directory
  }
}

extension HookTrust {
  /// Records the trust of `directory` (see ``record(_:fingerprint:)``), saying what went wrong
  /// as a command does: a trust file that cannot be read is left as it is.
  func save(_ directory: String, fingerprint: String?) throws {
    do {
      try record(directory, fingerprint: fingerprint)
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure("cannot record the trust in '\(sanitize(file))': \(error)")
    }
  }
}
