import SyncUpsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct HooksRunCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Run an event's hooks now, to try them.",
    discussion: """
      Runs the hooks of <event> as the event would, and waits for them: with --sample, on \
      the event's sample object (printed on stdout, pretty; the hooks get it on one line, \
      and HOOKS in syncups(1) shows every one), else on the JSON object read from stdin. Runs even with --no-hooks. Exits 1 when a \
      hook failed, was stopped or could not run, and says which.
      """,
    runs: Self.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "event", help: "The event: \(Prose.alternatives(HookEvent.allCases.map(\.rawValue))).",
          completion: .choices(HookEvent.allCases.map(\.rawValue))),
        \.event, parse: ValueParser.choice),
      .flag(
        OptionSpec(long: "sample", help: "Give the hooks the event's sample object, and print it."),
        \.sample),
    ],
    examples: [
      ExampleSpec("Try the meeting-ended hooks:", "syncups hooks run meeting-ended --sample")
    ])

  var event = HookEvent.meetingEnded
  var sample = false

  @MainActor func run(in context: CommandContext) throws {
    let payload: String
    if sample {
      payload = event.sample.text(pretty: false)
      Output.standard(event.sampleText)
    } else {
      var reader = LineReader(descriptor: 0)
      var lines: [String] = []
      while let line = reader.nextLine() { lines.append(line) }
      payload = lines.joined(separator: "\n") + "\n"
    }
    var environment = context.environment
    environment["SYNCUPS_NO_HOOKS"] = nil
    let hooks = Hooks(
      environment: environment, dataFile: context.dataFile.path, noHooksOption: false)
    let count = hooks.programs(for: event)
    guard count > 0 else {
      context.say("No \(event.rawValue) hooks to run (see 'syncups hooks list').")
      return
    }
    hooks.fire(event, text: payload)
    let problems = hooks.finish()
    guard problems == 0 else { throw CommandFailure("") }
    context.say(
      "Ran \(count) \(event.rawValue) \(count == 1 ? "hook" : "hooks"); the output is in "
        + "'\(sanitize(Hooks.logFile(environment: context.environment)))'.")
  }
}
