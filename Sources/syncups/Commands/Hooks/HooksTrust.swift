import SyncUpsCore

struct HooksTrustCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "trust",
    abstract: "Let the data repository's hooks run, as they are now.",
    discussion: """
      The hooks in .syncups/hooks at the top of the git repository that holds the data file \
      come from your teammates: they run only once you trust them, and only as they were \
      then. Any change to them (a file changed, added or removed, or made executable) needs \
      trusting again. The trust is kept in trusted-hooks.json beside the settings \
      ($XDG_CONFIG_HOME/syncups). Read them first: the programs are listed.
      """,
    runs: Self.self)

  var touchesFiles: Bool { false }

  @MainActor func run(in context: CommandContext) throws {
    let directory = try context.repositoryHooksDirectory()
    do {
      try HookTrust(environment: context.environment)
        .record(directory, fingerprint: HookTrust.fingerprint(of: directory))
    } catch {
      throw CommandFailure("cannot record the trust: \(error)")
    }
    let programs = context.installedHooks.hooks.filter(\.isFromRepository)
    context.say(
      "Trusted the hooks in '\(sanitize(directory))' as they are now"
        + (programs.isEmpty ? " (none for any event yet)." : ":"))
    for hook in programs { context.say("  \(hook.event.rawValue)  \(sanitize(hook.path))") }
  }
}
