import SyncUpsCore

struct HooksUntrustCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "untrust",
    abstract: "Stop the data repository's hooks from running.",
    runs: Self.self)

  var touchesFiles: Bool { false }

  @MainActor func run(in context: CommandContext) throws {
    let directory = try context.repositoryHooksDirectory()
    let trust = HookTrust(environment: context.environment)
    guard (try trust.load())[directory] != nil else {
      context.say("The hooks in '\(sanitize(directory))' were not trusted.")
      return
    }
    try trust.save(directory, fingerprint: nil)
    context.say("The hooks in '\(sanitize(directory))' no longer run.")
  }
}
