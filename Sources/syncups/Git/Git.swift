#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// git, run for `sync` in the directory that holds the data file, and for work cards in each
/// repository read. It never asks anything: standard input is `/dev/null`, it has no terminal
/// (see ``Subprocess``), and `GIT_TERMINAL_PROMPT=0` makes a remote that wants a password fail
/// instead of waiting. It works on the repository at its directory, whatever the environment
/// says (see ``repositoryLocating``).
///
/// ```swift
/// let git = try Git(directory: "/home/blob/.local/share/syncups", environment: environment)
/// try git.output(["rev-parse", "--show-toplevel"], doing: "find the repository")
/// ```
struct Git {
  /// git's absolute path, found on `PATH`.
  let program: String
  /// Where git runs (`git -C`): the data file's directory.
  let directory: String
  /// The environment git runs with (the person's, with prompts turned off and without
  /// ``repositoryLocating``, unless kept).
  let environment: [String: String]

  /// The variables that point git at another repository, index or object store than the one
  /// at its directory: set for a git hook (`GIT_DIR`, `GIT_INDEX_FILE` in `pre-commit`), they
  /// would make syncups read or commit to the repository the hook runs for. They are those git
  /// itself drops when it enters another repository (`git rev-parse --local-env-vars`), less
  /// its configuration ones, and `GIT_NAMESPACE`.
  static let repositoryLocating: Set<String> = [
    "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR",
    "GIT_NAMESPACE", "GIT_PREFIX", "GIT_GRAFT_FILE", "GIT_SHALLOW_FILE", "GIT_REPLACE_REF_BASE",
    "GIT_NO_REPLACE_OBJECTS", "GIT_INTERNAL_SUPER_PREFIX",
  ]

  /// The identity syncups commits as when the person has none configured.
  static let fallbackName = "syncups"
  static let fallbackEmail = "syncups@localhost"

  /// - Parameters:
  ///   - keepsRepository: keep ``repositoryLocating`` from `environment`: for git run by the
  ///     merge driver, which the git merging the data file started with its own repository's.
  /// - Throws: a runtime failure when git is not on `PATH`.
  init(directory: String, environment: [String: String], keepsRepository: Bool = false)
    throws(CommandFailure)
  {
    guard let program = ProgramSearch.find("git", environment: environment) else {
      throw CommandFailure(
        "git is not installed: no 'git' on PATH. Install git (e.g. 'apt-get install git') "
          + "and run the command again.")
    }
    self.program = program
    self.directory = directory
    let own =
      keepsRepository
      ? environment : environment.filter { !Self.repositoryLocating.contains($0.key) }
    self.environment = own.merging(
      ["GIT_TERMINAL_PROMPT": "0", "GCM_INTERACTIVE": "never", "LC_ALL": "C"]
    ) { $1 }
  }

  /// Runs `git -C <directory> arguments…` and returns how it ended, whatever the status; with
  /// a `timeLimit`, git is stopped when it passes (``Subprocess/Result/stopped``).
  func run(
    _ arguments: [String], environment extra: [String: String] = [:], timeLimit: Duration? = nil
  ) throws(CommandFailure) -> Subprocess.Result {
    do {
      return try Subprocess.run(
        program, ["-C", directory] + arguments, environment: environment.merging(extra) { $1 },
        timeLimit: timeLimit)
    } catch {
      throw CommandFailure(error.message)
    }
  }

  /// Runs git and returns its standard output without the final newline.
  ///
  /// - Throws: a runtime failure "cannot <doing>: <git's message>" when git fails.
  @discardableResult
  func output(_ arguments: [String], doing: String, environment extra: [String: String] = [:])
    throws(CommandFailure) -> String
  {
    let result = try run(arguments, environment: extra)
    guard result.status == 0 else { throw failure(doing, result) }
    return result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
  }

  /// Whether git succeeds; its output is not wanted.
  func succeeds(_ arguments: [String]) throws(CommandFailure) -> Bool {
    try run(arguments).status == 0
  }

  /// The failure to report when git could not `doing`: git's own reason, its first `fatal:` or
  /// `error:` line (else its last line), with the files it lists below it (a local change to
  /// `main.c` that stands in the way of a merge, say).
  func failure(_ doing: String, _ result: Subprocess.Result, status: ExitStatus = .failure)
    -> CommandFailure
  {
    CommandFailure("cannot \(doing): \(sanitize(Self.reason(result)))", status: status)
  }

  /// git's reason for a failure, from what it wrote on standard error.
  static func reason(_ result: Subprocess.Result) -> String {
    let lines = result.error.split(separator: "\n").filter { !$0.hasPrefix("hint:") }
    guard let first = lines.firstIndex(where: { $0.hasPrefix("fatal: ") || $0.hasPrefix("error: ") })
    else {
      // Some say why on standard output (`git commit`: "nothing to commit").
      let said = lines.last ?? result.output.split(separator: "\n").last
      return said.map(String.init) ?? "git exited with status \(result.status)"
    }
    let said = lines[first].drop { $0 != " " }.dropFirst()
    let files = lines[(first + 1)...].prefix { $0.hasPrefix("\t") }.map { $0.dropFirst() }
    guard !files.isEmpty else { return String(said) }
    return (said.hasSuffix(":") ? String(said) : said + ":") + " " + files.joined(separator: ", ")
  }

  /// `-c user.name=… -c user.email=…` for each that neither git's configuration nor the
  /// environment gives, so that a commit never fails for want of an identity and the
  /// person's own configuration is never changed.
  func identityFallbacks() throws(CommandFailure) -> [String] {
    var options: [String] = []
    let nameSet = environment["GIT_AUTHOR_NAME"] != nil && environment["GIT_COMMITTER_NAME"] != nil
    if !nameSet, try !succeeds(["config", "user.name"]) {
      options += ["-c", "user.name=\(Self.fallbackName)"]
    }
    let emailSet =
      environment["EMAIL"] != nil
      || (environment["GIT_AUTHOR_EMAIL"] != nil && environment["GIT_COMMITTER_EMAIL"] != nil)
    if !emailSet, try !succeeds(["config", "user.email"]) {
      options += ["-c", "user.email=\(Self.fallbackEmail)"]
    }
    return options
  }
}
