import ChildProcessSupport
import Foundation
import SyncUpsCore
import Testing

@testable import ManPageGenerator
@testable import syncups

/// Finds and runs external programs (shells, mandoc) for tests; tests that need a missing
/// program are skipped with a message naming it.
enum ExternalProgram {
  /// The output of a finished program.
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// The full path of `name` on `$PATH`, if it is installed.
  static func path(_ name: String) -> String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
    for directory in directories {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Runs `name` with `arguments`, feeding `input` on stdin, in `directory` if given.
  static func run(
    _ name: String, _ arguments: [String], input: String = "", directory: String? = nil
  ) throws -> Result {
    let scratch = try ScratchDirectory()
    let outputPath = scratch.path + "/stdout"
    let errorPath = scratch.path + "/stderr"
    let inputPath = scratch.path + "/stdin"
    try input.write(toFile: inputPath, atomically: true, encoding: .utf8)

    var child = ChildSpawn(
      program: try #require(path(name), "\(name) is not installed"), arguments: arguments,
      environment: ProcessInfo.processInfo.environment, directory: directory)
    child.standardInput = .file(inputPath, flags: O_RDONLY)
    child.standardOutput = .file(outputPath, flags: O_WRONLY | O_CREAT | O_TRUNC)
    child.standardError = .file(errorPath, flags: O_WRONLY | O_CREAT | O_TRUNC)
    let ending = ChildStatus.wait(for: try child.start())
    guard case .exited(let status)? = ending else {
      throw ProgramFailure(description: "\(name) \(arguments) ended as \(String(describing: ending))")
    }
    return Result(
      status: status,
      standardOutput: try String(contentsOfFile: outputPath, encoding: .utf8),
      standardError: try String(contentsOfFile: errorPath, encoding: .utf8))
  }
}

/// A program that did not exit on its own.
struct ProgramFailure: Error, CustomStringConvertible {
  var description: String
}

/// A directory removed when the value is deinitialised.
final class ScratchDirectory {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "syncups-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` inside the directory and returns its path.
  func write(_ text: String, to name: String) throws -> String {
    let file = path + "/" + name
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}

// MARK: - Syntax

@Suite("Completion scripts")
struct CompletionScriptTests {
  @Test(.enabled(if: ExternalProgram.path("bash") != nil, "bash is not installed: skipping"))
  func bashSyntax() throws {
    try checkSyntax(.bash, shell: "bash")
  }

  @Test(.enabled(if: ExternalProgram.path("zsh") != nil, "zsh is not installed: skipping"))
  func zshSyntax() throws {
    try checkSyntax(.zsh, shell: "zsh")
  }

  @Test(.enabled(if: ExternalProgram.path("fish") != nil, "fish is not installed: skipping"))
  func fishSyntax() throws {
    try checkSyntax(.fish, shell: "fish")
  }

  private func checkSyntax(_ shell: Shell, shell program: String) throws {
    let directory = try ScratchDirectory()
    let script = try directory.write(CompletionScript.text(for: shell), to: "script")
    let result = try ExternalProgram.run(program, ["-n", script])
    #expect(result.standardError == "")
    #expect(result.status == 0)
  }

  @Test(.enabled(if: ExternalProgram.path("zsh") != nil, "zsh is not installed: skipping"))
  func zshScriptRegistersItselfWhenSourced() throws {
    let directory = try ScratchDirectory()
    let script = try directory.write(CompletionScript.text(for: .zsh), to: "_syncups")
    let result = try ExternalProgram.run(
      "zsh",
      [
        "-f", "-c",
        "autoload -Uz compinit && compinit -D && source \"$1\" && print -r -- $_comps[syncups]",
        "zsh", script,
      ])
    #expect(result.standardError == "")
    #expect(result.standardOutput == "_syncups\n")
  }

  @Test func scriptsStartWithTheirHeaders() {
    #expect(CompletionScript.text(for: .bash).hasPrefix("# bash completion for syncups\n"))
    #expect(CompletionScript.text(for: .zsh).hasPrefix("#compdef syncups\n"))
    #expect(CompletionScript.text(for: .fish).hasPrefix("# fish completion for syncups\n"))
  }
}

// MARK: - Bash behaviour

/// Completes the last of `words` (as bash would have split them) with the bash script, a stub
/// `syncups` function standing in for the program: `__complete syncups` prints two titles,
/// `__complete meetings Eng` two meetings (position, tab, date), `__complete attendees Eng`
/// two names, `__complete extensions` the extension `titles`, and `--file F` adds the line
/// "from F".
private func bashComplete(_ words: [String], directory: String? = nil) throws -> [String] {
  let scratch = try ScratchDirectory()
  let script = try scratch.write(CompletionScript.text(for: .bash), to: "syncups.bash")
  let driver = #"""
    source "$1"
    shift
    syncups() {
      if [[ $1 == --file ]]; then
        printf '%s\n' "from $2"
        shift 2
      fi
      case "$*" in
        "__complete syncups") printf '%s\n' Engineering 'Design Review' ;;
        "__complete meetings Eng") printf '1\tMon 9 Feb 2026, 09:15\n2\tFri 6 Feb 2026, 17:40\n' ;;
        "__complete attendees Eng") printf '%s\n' Blob 'Blob Jr' ;;
        "__complete extensions") printf '%s\n' titles ;;
      esac
    }
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    _syncups
    [[ ${#COMPREPLY[@]} -gt 0 ]] && printf '%s\n' "${COMPREPLY[@]}"
    exit 0
    """#
  let result = try ExternalProgram.run(
    "bash", ["--norc", "--noprofile", "-c", driver, "bash", script] + words, directory: directory)
  #expect(result.standardError == "")
  return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    .dropLast().map(String.init)
}

@Suite(
  "Bash completion",
  .enabled(if: ExternalProgram.path("bash") != nil, "bash is not installed: skipping"))
struct BashCompletionTests {
  @Test func syncUpTitlesComeFromTheProgram() throws {
    #expect(try bashComplete(["syncups", "show", ""]) == ["Engineering", "Design\\ Review"])
  }

  @Test func titlesMatchThePrefixIgnoringCase() throws {
    #expect(try bashComplete(["syncups", "meetings", "d"]) == ["Design\\ Review"])
  }

  @Test func fileOptionIsPassedToTheProgram() throws {
    #expect(
      try bashComplete(["syncups", "--file", "/tmp/x.json", "delete", ""])
        == ["from\\ /tmp/x.json", "Engineering", "Design\\ Review"])
    // bash splits --file=/tmp/y.json at '=' into three words.
    #expect(
      try bashComplete(["syncups", "edit", "--file", "=", "/tmp/y.json", "E"]) == ["Engineering"])
    #expect(
      try bashComplete(["syncups", "meetings", "--file=/tmp/z.json", "f"]) == ["from\\ /tmp/z.json"]
    )
  }

  @Test func meetingsOfTheFirstArgumentByPosition() throws {
    #expect(try bashComplete(["syncups", "meeting", "show", "Eng", ""]) == ["1", "2"])
    #expect(try bashComplete(["syncups", "meeting", "delete", "Eng", "2"]) == ["2"])
    #expect(try bashComplete(["syncups", "meeting", "show", "Other", ""]) == [])
  }

  @Test func attendeesOfTheFirstArgument() throws {
    #expect(
      try bashComplete(["syncups", "edit", "Eng", "--remove-attendee", ""])
        == ["Blob", "Blob\\ Jr"])
    #expect(
      try bashComplete(["syncups", "edit", "Eng", "--title", "X", "--rename-attendee", "blob"])
        == ["Blob", "Blob\\ Jr"])
    #expect(try bashComplete(["syncups", "edit", "Eng", "--add-attendee", ""]) == [])
    // Whose update, and who is away.
    #expect(
      try bashComplete(["syncups", "update", "Eng", "--done", "x", "--as", ""])
        == ["Blob", "Blob\\ Jr"])
    #expect(try bashComplete(["syncups", "away", "Eng", ""]) == ["Blob", "Blob\\ Jr"])
    #expect(try bashComplete(["syncups", "items", "Eng", "--owner", ""]) == ["Blob", "Blob\\ Jr"])
    #expect(try bashComplete(["syncups", "item", "add", "Eng", "--owner", "B"]) == ["Blob", "Blob\\ Jr"])
  }

  @Test func settingValuesFollowTheSetting() throws {
    #expect(
      try bashComplete(["syncups", "config", "set", "bell", ""]) == ["off", "change", "cues", "all"])
    #expect(try bashComplete(["syncups", "config", "set", "color", "a"]) == ["auto", "always"])
    #expect(try bashComplete(["syncups", "config", "set", "default-theme", "t"]) == ["tan", "teal"])
    #expect(try bashComplete(["syncups", "config", "set", "default-duration", ""]) == [])
    #expect(
      try bashComplete(["syncups", "config", "set", "repositories", "/srv", "--syncup", ""])
        == ["Engineering", "Design\\ Review"])
  }

  @Test func theLockSidecarIsNoFileToOffer() throws {
    let directory = try ScratchDirectory()
    _ = try directory.write("[]", to: "sync-ups.json")
    _ = try directory.write("", to: ".sync-ups.json.lock")
    _ = try directory.write("[]", to: ".hidden.json")
    #expect(
      try bashComplete(["syncups", "import", ""], directory: directory.path).sorted()
        == [".hidden.json", "sync-ups.json"])
    #expect(
      try bashComplete(["syncups", "--file", "."], directory: directory.path).sorted()
        == [".", "..", ".hidden.json"])
    #expect(
      try bashComplete(["syncups", "import", "s"], directory: directory.path) == ["sync-ups.json"])
  }

  @Test func commandsAndSubcommands() throws {
    #expect(
      try bashComplete(["syncups", ""]) == [
        "list", "show", "add", "edit", "delete", "themes", "import", "export", "start", "status",
        "watch", "meetings", "meeting", "stats", "report", "standup", "next", "schedule",
        "calendar", "remind", "items", "item", "update", "updates", "away", "sync", "doctor",
        "migrate", "merge-driver", "config", "hooks", "completions", "help", "version", "titles",
      ])
    // Extensions are commands too, and `help` knows them.
    #expect(try bashComplete(["syncups", "t"]) == ["themes", "titles"])
    #expect(try bashComplete(["syncups", "help", "ti"]) == ["titles"])
    #expect(try bashComplete(["syncups", "hooks", "t"]) == ["trust"])
    #expect(
      try bashComplete(["syncups", "hooks", ""]) == ["list", "run", "trust", "untrust"])
    #expect(
      try bashComplete(["syncups", "hooks", "run", "meeting-"]) == [
        "meeting-started", "meeting-ended",
      ])
    #expect(
      try bashComplete(["syncups", "--json", "me"]) == ["meetings", "meeting", "merge-driver"])
    #expect(try bashComplete(["syncups", "meeting", ""]) == ["show", "delete"])
    #expect(try bashComplete(["syncups", "config", "s"]) == ["set"])
    #expect(try bashComplete(["syncups", "sync", ""]) == ["init"])
    #expect(try bashComplete(["syncups", "help", "config", "u"]) == ["unset"])
  }

  @Test func optionsOfTheCommand() throws {
    #expect(try bashComplete(["syncups", "delete", "eng", "-"]).prefix(2) == ["--yes", "-y"])
    #expect(
      try bashComplete(["syncups", "edit", "eng", "--re"]) == [
        "--remove-attendee", "--rename-attendee",
      ])
    #expect(try bashComplete(["syncups", "list", "--c"]) == ["--color"])
  }

  @Test func optionValues() throws {
    #expect(try bashComplete(["syncups", "add", "--theme", "t"]) == ["tan", "teal"])
    #expect(try bashComplete(["syncups", "--color", "="]) == ["auto", "always", "never"])
    #expect(try bashComplete(["syncups", "--color", "=", "a"]) == ["auto", "always"])
    #expect(try bashComplete(["syncups", "--color=n"]) == ["--color=never"])
    #expect(try bashComplete(["syncups", "add", "--title", ""]) == [])
    #expect(try bashComplete(["syncups", "completions", ""]) == ["bash", "zsh", "fish"])
    #expect(
      try bashComplete(["syncups", "update", "Eng", "--date", "t"])
        == ["today", "tomorrow", "tuesday", "thursday"])
    #expect(
      try bashComplete(["syncups", "away", "Eng", "Blob", "--from", ""])
        == [
          "today", "yesterday", "tomorrow", "sunday", "monday", "tuesday", "wednesday",
          "thursday", "friday", "saturday",
        ])
    #expect(try bashComplete(["syncups", "stats", "--since", "y"]) == ["yesterday"])
    #expect(
      try bashComplete(["syncups", "config", "get", "default-"]) == [
        "default-duration", "default-theme",
      ])
  }

  @Test func filesForImportAndTheFileOption() throws {
    let directory = try ScratchDirectory()
    _ = try directory.write("[]", to: "backup.json")
    #expect(
      try bashComplete(["syncups", "import", "b"], directory: directory.path) == ["backup.json"])
    #expect(
      try bashComplete(["syncups", "--file", ""], directory: directory.path) == ["backup.json"])
  }

  @Test func nothingAfterTheLastArgument() throws {
    #expect(try bashComplete(["syncups", "show", "eng", ""]) == [])
  }
}

// MARK: - Fish behaviour

@Suite(
  "Fish completion",
  .enabled(if: ExternalProgram.path("fish") != nil, "fish is not installed: skipping"))
struct FishCompletionTests {
  /// The candidates fish offers for `line`, with a stub `syncups` function like bash's.
  private func complete(_ line: String) throws -> [String] {
    try completeWithDescriptions(line).map { String($0.split(separator: "\t", maxSplits: 1)[0]) }
  }

  /// The lines fish prints for `line`: a candidate, then a tab and its description if any.
  private func completeWithDescriptions(_ line: String) throws -> [String] {
    let scratch = try ScratchDirectory()
    let script = try scratch.write(CompletionScript.text(for: .fish), to: "syncups.fish")
    let driver = """
      source $argv[1]
      function syncups
          if test "$argv[1]" = --file
              echo "from $argv[2]"
              set -e argv[1..2]
          end
          if test "$argv" = "__complete syncups"
              printf '%s\\n' Engineering 'Design Review'
          end
          if test "$argv" = "__complete meetings Eng"
              printf '1\\tMon 9 Feb 2026, 09:15\\n2\\tFri 6 Feb 2026, 17:40\\n'
          end
          if test "$argv" = "__complete attendees Eng"
              printf '%s\\n' Blob 'Blob Jr'
          end
          if test "$argv" = "__complete extensions"
              echo titles
          end
      end
      complete -C $argv[2]
      """
    let result = try ExternalProgram.run("fish", ["--no-config", "-c", driver, script, line])
    #expect(result.standardError == "")
    return result.standardOutput.split(separator: "\n").map(String.init)
  }

  @Test func syncUpTitles() throws {
    #expect(Set(try complete("syncups show ")) == ["Engineering", "Design Review"])
    #expect(
      Set(try complete("syncups --file /tmp/x.json meetings "))
        == ["from /tmp/x.json", "Engineering", "Design Review"])
  }

  @Test func commandsSubcommandsAndValues() throws {
    #expect(try complete("syncups meeting ") == ["delete", "show"])
    #expect(try completeWithDescriptions("syncups ti") == ["titles\textension"])
    #expect(try complete("syncups help ti") == ["titles"])
    #expect(try complete("syncups add --theme t") == ["tan", "teal"])
    #expect(try complete("syncups completions ") == ["bash", "fish", "zsh"])
    #expect(try complete("syncups delete eng --y") == ["--yes"])
  }

  @Test func settingValuesAttendeesAndMeetings() throws {
    #expect(try complete("syncups config set bell ") == ["all", "change", "cues", "off"])
    #expect(try complete("syncups config set color al") == ["always"])
    #expect(try complete("syncups edit Eng --remove-attendee ") == ["Blob", "Blob Jr"])
    #expect(try complete("syncups update Eng --as ") == ["Blob", "Blob Jr"])
    #expect(try complete("syncups away Eng ") == ["Blob", "Blob Jr"])
    #expect(try completeWithDescriptions("syncups meeting show Eng ") == [
      "1\tMon 9 Feb 2026, 09:15", "2\tFri 6 Feb 2026, 17:40",
    ])
  }
}

// MARK: - One source of truth

@Suite("Consistency")
struct ConsistencyTests {
  @Test func everyCommandAndOptionAppearsEverywhere() {
    let topLevelHelp = HelpRenderer.render(path: [])
    let page = manPage()
    let scripts = Shell.allCases.map { ($0, CompletionScript.text(for: $0)) }
    for (path, command) in CommandTable.visibleCommands {
      let name = path.joined(separator: " ")
      if command.subcommands.isEmpty {
        #expect(topLevelHelp.contains("\n  \(name) "), "top-level help lacks \(name)")
        #expect(page.contains("\n.Cm \(name)\n"), "man page lacks \(name)")
      }
      for (shell, script) in scripts {
        #expect(script.contains(path.last!), "\(shell) script lacks \(name)")
      }
      let help = HelpRenderer.render(path: path)
      for option in command.options {
        #expect(
          help.contains("  \(option.label) ") || help.contains("  \(option.label)\n"),
          "help of \(name) lacks \(option.longName)")
        #expect(
          page.contains(Mdoc.flag(option.longName)), "man page lacks \(name) \(option.longName)")
        for (shell, script) in scripts {
          let token = shell == .fish ? "-l \(option.long) " : option.longName
          #expect(script.contains(token), "\(shell) script lacks \(name) \(option.longName)")
        }
      }
      for argument in command.arguments {
        #expect(help.contains("  <\(argument.name)> "), "help of \(name) lacks <\(argument.name)>")
        #expect(page.contains(".It Ar \(argument.name)\n"), "man page lacks <\(argument.name)>")
      }
    }
    for option in CommandTable.globalOptions {
      #expect(topLevelHelp.contains("  \(option.label) "), "help lacks \(option.longName)")
      #expect(
        page.contains(
          ".It " + (option.shortName.map { Mdoc.flag($0) + " , " } ?? "")
            + Mdoc.flag(option.longName)))
      for (shell, script) in scripts {
        let token = shell == .fish ? "-l \(option.long) " : option.longName
        #expect(script.contains(token), "\(shell) script lacks \(option.longName)")
      }
    }
    for (shell, script) in scripts {
      for theme in Theme.allCases.map(\.rawValue) + ConfigKey.allCases.map(\.rawValue)
        + ColorSetting.allCases.map(\.rawValue)
      {
        #expect(script.contains(theme), "\(shell) script lacks \(theme)")
      }
      #expect(
        script.contains("__complete syncups") || script.contains("_dynamic syncups"), "\(shell)")
    }
  }

  @Test func hiddenCommandIsNeverShown() {
    #expect(!HelpRenderer.render(path: []).contains("__complete"))
    #expect(!manPage().contains("__complete"))
    #expect(!CompletionScript.text(for: .bash).contains("'__complete'"))
  }
}
