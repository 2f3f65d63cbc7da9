#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
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
      and HOOKS in syncups(1) shows every one), else on the JSON object read from stdin, \
      which must be one object and not a terminal. A sample's hooks find the sample \
      sync-up, Engineering, in SYNCUPS_SYNCUP and SYNCUPS_FILE, a data file made for the \
      run and removed after it, so that the syncups commands they run find what the event \
      names and change nothing of yours. Runs even with --no-hooks. Exits 1 when a hook \
      failed, was stopped or could not run, and says which.
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
    let payload = try sample ? event.sample.text(pretty: false) : Self.readEvent()
    if sample { Output.standard(event.sampleText) }
    var environment = context.environment
    environment["SYNCUPS_NO_HOOKS"] = nil
    let hooks = Hooks(
      environment: environment, dataFile: context.dataFile.path, noHooksOption: false)
    let count = hooks.programs(for: event)
    guard count > 0 else {
      context.say("No \(event.rawValue) hooks to run (see 'syncups hooks list').")
      return
    }
    // A sample's hooks find the sample sync-up where a real event's find theirs: in a data
    // file of its own, so that nothing they do reaches the data in use.
    let sampleFile = sample ? try SampleDataFile(environment: environment) : nil
    defer { sampleFile?.remove() }
    hooks.fire(
      event, text: payload,
      syncUp: sample && event.concernsSyncUp ? HookEvent.sampleSyncUp.id : nil,
      dataFile: sampleFile?.path)
    let problems = hooks.finish()
    // Ctrl-C (or SIGTERM, SIGHUP) while the hooks ran ends the command as any other: 130.
    if let status = hooks.stoppedBy { throw CommandFailure.silent(status) }
    guard problems == 0 else { throw CommandFailure("") }
    context.say(
      "Ran \(count) \(event.rawValue) \(count == 1 ? "hook" : "hooks"); the output is in "
        + "'\(sanitize(Hooks.logFile(environment: context.environment)))'.")
  }

  /// The event's object from standard input, as given, once it is checked to be one JSON
  /// object.
  ///
  /// - Throws: a usage error when standard input is a terminal (nobody types an event's
  ///   JSON, and end of input would give the hooks an empty line); a data error when the input
  ///   is not one JSON object.
  private static func readEvent() throws -> String {
    guard isatty(0) != 1 else {
      throw UsageError(
        "'hooks run' reads the event's JSON object from standard input, which is a terminal: "
          + "give --sample, or pipe the object in", path: ["hooks", "run"])
    }
    let data = readStandardInput()
    do {
      _ = try JSONDecoder().decode([String: JSONValue].self, from: data)
    } catch {
      throw CommandFailure(
        "standard input is not the event's JSON object: "
          + readableDescription(of: JSONSyntaxError.locating(error, in: data)),
        status: .dataError)
    }
    return String(decoding: data, as: UTF8.self)
  }
}

/// A data file holding only ``HookEvent/sampleSyncUp``, in a directory of its own under
/// `TMPDIR` (`/tmp`), for the hooks `hooks run --sample` runs.
private struct SampleDataFile {
  let directory: String
  var path: String { directory + "/sync-ups.json" }

  init(environment: [String: String]) throws {
    let temporary = TemporaryDirectory.path(in: environment)
    var template = Array((temporary + "/syncups-sample-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw CommandFailure("cannot make a directory for the sample data: \(String(cString: strerror(errno)))")
    }
    directory = String(cString: made)
    let data = try SyncUpsFile.encode([HookEvent.sampleSyncUp])
    do {
      _ = try currentFileSystem.write(data, to: path, durably: false)
    } catch {
      remove()
      throw CommandFailure("cannot write the sample data in '\(sanitize(directory))'")
    }
  }

  /// Removes the directory and whatever the hooks left in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: directory)
  }
}
