#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
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
      Output.error(error.render())
      return UsageError.exitCode
    }
    let command = invocation.command
    let context = CommandContext(
      options: invocation.options, environment: environment ?? ProcessInfo.processInfo.environment)
    do {
      guard command.touchesFiles else {
        try command.run(in: context)
        context.notes.flush()
        return ExitStatus.success.rawValue
      }
      let lockTimeout = try context.lockTimeout()
      try withDependencies {
        $0.syncUpsFileURL = context.dataFile
        if let lockTimeout { $0.fileStorageOptions.lockTimeout = lockTimeout }
        // A command that waits for this one's lock names it: "'syncups sync' (pid 4242)".
        $0.fileStorageOptions.lockHolder =
          "'" + ([CommandTable.programName] + invocation.path).joined(separator: " ") + "'"
        $0.defaultAppStorage = AppStorage(url: context.configurationFile)
        // Every command reads, changes and writes within moments; mutations re-read the file
        // under its lock anyway, so watching the directory would only cost start-up time.
        $0.fileStorageOptions.observesOutsideChanges = command.observesOutsideChanges
      } operation: {
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

/// What every command needs: the global options and where the files are.
@MainActor
package struct CommandContext {
  let options: GlobalOptions
  let environment: [String: String]
  let dataFile: URL
  let configurationFile: URL
  /// Messages held back until the command succeeds (``note(_:)``).
  let notes = Notes()

  /// Warnings and notices a command makes along the way, for standard error. They are printed
  /// before the command's next message or when it succeeds; when it fails, its error is the
  /// only thing on standard error, the one line scripts expect.
  final class Notes {
    /// What is yet to be printed, a line each.
    var held: [String] = []

    /// Prints what is held.
    func flush() {
      for line in held { Output.error(line + "\n") }
      held = []
    }
  }

  init(options: GlobalOptions, environment: [String: String]) {
    self.options = options
    self.environment = environment
    dataFile = Self.dataFile(option: options.file, environment: environment)
    configurationFile = BaseDirectories(environment: environment).configuration
      .appending(path: "syncups/config.json")
  }

  /// The variable that says how many seconds to wait for another process's lock.
  package nonisolated static let lockTimeoutVariable = "SYNCUPS_LOCK_TIMEOUT"

  /// How long to wait for another process's lock on the data file: `SYNCUPS_LOCK_TIMEOUT`
  /// seconds (a decimal number from 0 to 3600), or nil for the default (10 s).
  ///
  /// - Throws: a usage failure for a value that is not such a number.
  func lockTimeout() throws -> Duration? {
    guard let text = environment[Self.lockTimeoutVariable], !text.isEmpty else { return nil }
    guard let seconds = Double(text), seconds.isFinite, (0...3600).contains(seconds) else {
      throw CommandFailure(
        "\(Self.lockTimeoutVariable) must be a number of seconds from 0 to 3600, not "
          + "'\(sanitize(text))'",
        status: .usage)
    }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }

  /// `--file PATH` (relative to the working directory), else `$SYNCUPS_FILE`, else the XDG path.
  static func dataFile(option: String?, environment: [String: String]) -> URL {
    if let path = option ?? environment["SYNCUPS_FILE"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return URL(filePath: absolute(path))
    }
    return SyncUpsFile.defaultURL(environment: environment)
  }

  private static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return directory + "/" + path
  }

  /// The style for human output on standard output.
  var style: TerminalStyle {
    @SharedReader(.colorSetting) var setting
    return TerminalStyle.forStandardOutput(flag: options.color, setting: setting)
  }

  /// A message for standard error, unless `--quiet`; the notes held so far go first.
  func say(_ message: String) {
    guard !options.quiet else { return }
    notes.flush()
    Output.error(message + "\n")
  }

  /// A message for standard error, unless `--quiet`, held back until the command says
  /// something else or succeeds: a command that fails prints its error alone, as scripts
  /// expect (``Notes``).
  func note(_ message: String) {
    guard !options.quiet else { return }
    notes.held.append(message)
  }

  /// A store for `reducer`, tracing to standard error with `--trace`.
  func makeStore<R: Reducer>(
    _ initialState: R.State, _ reducer: R,
    withDependencies prepare: (inout DependencyValues) -> Void = { _ in }
  ) -> Store<R.State, R.Action> {
    if options.trace {
      return Store(
        initialState: initialState, reducer: Reduce(reducer.trace { Output.error($0) }),
        withDependencies: prepare)
    }
    return Store(initialState: initialState, reducer: reducer, withDependencies: prepare)
  }
}
