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

/// What every command is run with: the global options, the environment, where the data and
/// settings files are, and how to say things on standard error. A command's body is its own
/// `run(in:)`; the helpers several commands share sit beside this file.
@MainActor
package struct CommandContext {
  let options: GlobalOptions
  let environment: [String: String]
  let dataFile: URL
  let settingsFile: URL
  /// Messages held back until the command succeeds (``note(_:)``).
  let notes = Notes()
  /// Where the command's and the meeting's events go.
  let hooks: Hooks

  /// Warnings and notices a command makes along the way, for standard error. They are printed
  /// before the command's next message or when it succeeds; when it fails, its error is the
  /// only thing on standard error, the one line scripts expect.
  final class Notes {
    /// What is yet to be printed, a line each.
    var held: [String] = []
    /// What ``noteOnce(_:)`` was given, printed or not.
    var given: Set<String> = []

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
    settingsFile = AppStorage.syncUpsSettingsURL(environment: environment)
    hooks = Hooks(environment: environment, dataFile: dataFile.path, noHooksOption: options.noHooks)
  }

  /// `--file PATH` (relative to the working directory), else `$SYNCUPS_FILE`, else the XDG path.
  static func dataFile(option: String?, environment: [String: String]) -> URL {
    if let path = option ?? environment["SYNCUPS_FILE"].flatMap({ $0.isEmpty ? nil : $0 }) {
      return URL(filePath: absolute(path))
    }
    return SyncUpsFile.defaultURL(environment: environment)
  }

  private static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let directory = workingDirectory else { return path }
    return directory + "/" + path
  }

  /// The process's working directory, where relative paths typed on the command line start;
  /// nil when it cannot be known (it was removed).
  static var workingDirectory: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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

  /// ``note(_:)``, unless this message was noted before: a warning about the data file that
  /// each of its loads would give.
  func noteOnce(_ message: String) {
    guard notes.given.insert(message).inserted else { return }
    note(message)
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
