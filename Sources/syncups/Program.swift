#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// The whole program: parses the arguments, runs the command, and says how to exit.
@MainActor
enum Program {
  /// Runs syncups with `arguments` (without the program name) and returns the exit status.
  /// Only commands that touch files check the environment and set up storage, so help and
  /// version stay cheap and work whatever the environment holds.
  /// Output that could not be written is an error (status 1), whatever the command did.
  static func run(_ arguments: [String], environment: [String: String]? = nil) -> Int32 {
    Output.finish(runCommand(arguments, environment: environment))
  }

  private static func runCommand(_ arguments: [String], environment: [String: String]?) -> Int32 {
    let invocation: Invocation
    do {
      invocation = try parse(arguments)
    } catch {
      let environment = environment ?? ProcessInfo.processInfo.environment
      if let call = Extensions.call(in: arguments, environment: environment) {
        let dataFile = CommandContext.dataFile(option: call.file, environment: environment)
        return Extensions.run(call, dataFile: dataFile.path, environment: environment)
      }
      Output.error(suggestingExtensions(error, environment: environment).render())
      return UsageError.exitCode
    }
    let context = CommandContext(
      options: invocation.options, environment: environment ?? ProcessInfo.processInfo.environment)
    // The command's events are run once it is over: its data stored, its lock let go.
    let status = run(invocation, in: context)
    context.hooks.finish()
    return context.hooks.stoppedBy?.rawValue ?? status
  }

  /// `error`, suggesting the nearest of the commands and the extensions on `PATH` for an
  /// unknown command (`syncups reprot` for the extension `syncups-report`).
  private static func suggestingExtensions(_ error: UsageError, environment: [String: String])
    -> UsageError
  {
    guard error.path.isEmpty, let word = error.unknownCommand else { return error }
    var error = error
    let names = CommandTable.root.visibleSubcommands.map(\.name)
    error.suggestion = Suggestion.closest(
      to: word, among: names + Extensions.installed(environment: environment))
    return error
  }

  /// Runs the command `invocation` names in `context`; the status to exit with.
  private static func run(_ invocation: Invocation, in context: CommandContext) -> Int32 {
    let command = invocation.command
    do {
      guard command.touchesFiles else {
        try command.run(in: context)
        context.notes.flush()
        return ExitStatus.success.rawValue
      }
      let lockTimeout = try LockTimeout.from(environment: context.environment)
      try withDependencies {
        $0.syncUpsFileURL = context.dataFile
        $0.fileStorageOptions.lockTimeout = lockTimeout
        // A command that waits for this one's lock names it: "'syncups sync' (pid 4242)".
        $0.fileStorageOptions.lockHolder =
          "'" + ([CommandTable.programName] + invocation.path).joined(separator: " ") + "'"
        $0.defaultAppStorage = AppStorage(url: context.settingsFile)
        $0.workCards = .git(environment: context.environment)
        // Every command reads, changes and writes within moments; mutations re-read the file
        // under its lock anyway, so watching the directory would only cost start-up time.
        $0.fileStorageOptions.observesOutsideChanges = command.observesOutsideChanges
      } operation: {
        // Once for the command, whichever settings it reads.
        SettingsFile.warnOfUnreadableSettings(in: context, for: command)
        try command.run(in: context)
      }
      context.notes.flush()
      return ExitStatus.success.rawValue
    } catch let failure as CommandFailure {
      if !failure.message.isEmpty { Output.error("Error: \(failure.message)\n") }
      return failure.status.rawValue
    } catch let usage as UsageError {
      Output.error(usage.render())
      return UsageError.exitCode
    } catch {
      Output.error("Error: \(error)\n")
      return ExitStatus.failure.rawValue
    }
  }

  /// The width to wrap help to: the terminal's, else 80.
  static func terminalColumns() -> Int {
    standardOutputColumns() ?? 80
  }
}
