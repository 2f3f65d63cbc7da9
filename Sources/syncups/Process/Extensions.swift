#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SharedState

/// Extensions: `syncups NAME …` runs the program `syncups-NAME` found on `PATH` when NAME is no
/// command of syncups, as git and gh do. The global options before NAME are syncups' own
/// (`--file` sets `SYNCUPS_FILE` for the extension, `--no-hooks` sets `SYNCUPS_NO_HOOKS=1`);
/// the words after it are the extension's. The extension replaces the syncups process
/// (`exec`), so its exit status is the command's. `syncups help NAME` runs
/// `syncups-NAME --help`.
///
/// ```swift
/// Extensions.call(in: ["--file", "team.json", "standup", "--today"], environment: environment)
/// // Extensions.Call(program: "/usr/local/bin/syncups-standup", arguments: ["--today"], …)
/// ```
enum Extensions {
  /// The prefix of every extension's program name.
  static let prefix = CommandTable.programName + "-"

  /// An extension to run.
  struct Call: Equatable {
    var program: String
    var arguments: [String]
    /// `--file`'s value, when given before the name.
    var file: String?
    var noHooks = false
  }

  /// The extension `arguments` ask for, or nil when they name a command of syncups, or no
  /// program on `PATH`.
  static func call(in arguments: [String], environment: [String: String]) -> Call? {
    var call = Call(program: "", arguments: [])
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      guard word.hasPrefix("-"), word != "-", word != "--" else {
        var name = word
        call.arguments = Array(arguments[index...])
        // `syncups help NAME` is `syncups-NAME --help`, as `git help` asks an extension.
        if word == "help", call.arguments.count == 1 {
          name = call.arguments[0]
          call.arguments = ["--help"]
        }
        guard CommandTable.root.subcommand(named: name) == nil,
          let program = program(named: name, environment: environment)
        else { return nil }
        call.program = program
        return call
      }
      // A global option: `--file` and `--color` take a value, in the next word or after `=`.
      let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
      guard
        let option = CommandTable.globalOptions.first(where: {
          $0.longName == name || $0.short.map { "-" + String($0) } == name
        })
      else { return nil }
      var value: String?
      if option.takesValue {
        if let equals = word.firstIndex(of: "=") {
          value = String(word[word.index(after: equals)...])
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        }
      }
      // `syncups --help NAME` asks syncups, which says NAME is no command.
      if option.long == "help" || option.long == "version" { return nil }
      if option.long == "file" { call.file = value }
      if option.long == "no-hooks" { call.noHooks = true }
    }
    return nil
  }

  /// The path of `syncups-NAME` in the first directory of `PATH` that has it executable.
  static func program(named name: String, environment: [String: String]) -> String? {
    guard !name.isEmpty else { return nil }
    return ProgramSearch.find(prefix + name, environment: environment, in: currentFileSystem)
  }

  /// The names of the extensions on `PATH` (without the prefix), sorted, each once, leaving
  /// out those a command of syncups hides.
  static func installed(environment: [String: String]) -> [String] {
    var names: Set<String> = []
    for directory in ProgramSearch.directories(environment) {
      guard let entries = try? currentFileSystem.contentsOfDirectory(directory) ?? []
      else { continue }
      for entry in entries where entry.hasPrefix(prefix) {
        let name = String(entry.dropFirst(prefix.count))
        guard !name.isEmpty, CommandTable.root.subcommand(named: name) == nil,
          program(named: name, environment: environment) != nil
        else { continue }
        names.insert(name)
      }
    }
    return names.sorted()
  }

  /// Replaces this process with the extension; returns only when it could not be started,
  /// with the status to exit with after saying why.
  static func run(_ call: Call, dataFile: String, environment: [String: String]) -> Int32 {
    var environment = environment
    environment["SYNCUPS_FILE"] = dataFile
    environment[ThisExecutable.variable] = ThisExecutable.path
    if call.noHooks { environment["SYNCUPS_NO_HOOKS"] = "1" }
    Output.flush()
    let name = String(call.program.split(separator: "/").last ?? "")
    let argv = ([name] + call.arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    execve(call.program, argv, envp)
    let reason = String(cString: strerror(errno))
    Output.error("Error: cannot run '\(sanitize(call.program))': \(reason)\n")
    return ExitStatus.failure.rawValue
  }
}
