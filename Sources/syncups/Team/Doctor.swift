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

/// `doctor [--offline]`: checks the data file and the repository that shares it, and says
/// how to fix what is wrong.
struct DoctorCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "doctor",
    abstract: "Check the data file and its git repository, and say how to fix what is wrong.",
    discussion: """
      Prints one line per check, ok, warn or fail, and under each that is not ok the fix: \
      the data file decodes; its format is one this syncups can write (format 1, the array \
      every version writes, or format 2, which 0.4.0 and later write), requiring no feature \
      it does not know; and when it is in a git repository: no merge git left \
      unfinished, no index.lock, no temporary file a killed sync left; the merge driver is \
      registered in this clone and runs an existing syncups; .gitattributes names it for the \
      data file; the remote answers (within 10 seconds; --offline skips it); the version of \
      syncups each teammate last synced with, by author, from the Syncups-Version trailer \
      of their commits (unknown for commits without one), warning of any older than the data \
      file's format needs; the repository's hooks that are \
      untrusted, changed since trusted or missing. The status is 0 when no check fails, 1 \
      otherwise. With --json, prints an object: checks, an array of objects with name, \
      status (ok, warn or fail), message and fix (null when ok); teammates, an array of \
      objects with name and version (null when unknown); and ok.
      """,
    runs: Self.self,
    bindings: [
      .flag(OptionSpec(long: "offline", help: "Do not check that the remote answers."), \.offline)
    ],
    examples: [
      ExampleSpec("Check everything but the network:", "syncups doctor --offline")
    ]
  )

  /// `--offline`: skip the remote.
  var offline = false

  /// How long the remote has to answer.
  static let remoteTimeLimit: Duration = .seconds(10)

  @MainActor func run(in context: CommandContext) throws {
    var doctor = Checkup()
    doctor.checkDataFile(in: context)
    doctor.checkFormat(in: context)
    try doctor.checkRepository(
      SyncRepository(dataFile: context.dataFile, environment: context.environment),
      offline: offline, in: context)
    if context.options.json {
      Output.standard(doctor.json.text())
    } else {
      Output.standard(doctor.lines.joined(separator: "\n") + "\n")
    }
    if !doctor.ok { throw CommandFailure.silent(.failure) }
  }
}

extension DoctorCommand {
  /// One check's outcome.
  struct Check: Equatable {
    enum Status: String {
      case ok, warn, fail
    }

    /// What was checked, one or two words (`data file`, `merge driver`).
    var name: String
    var status: Status
    /// What was found.
    var message: String
    /// What to do about it; nil when it is ok.
    var fix: String?
  }

  /// Everything `doctor` found, in the order it checked.
  struct Checkup {
    var checks: [Check] = []
    /// Each teammate's name and the version they last synced with (nil: unknown), newest first.
    var teammates: [(name: String, version: String?)] = []
    /// What the data file declares, when it could be read.
    var declaration: SyncUpsFile.Declaration?

    var ok: Bool { !checks.contains { $0.status == .fail } }

    mutating func add(
      _ name: String, _ status: Check.Status, _ message: String, fix: String? = nil
    ) {
      checks.append(Check(name: name, status: status, message: message, fix: fix))
    }

    /// The keys: `checks`, an array of {name, status, message, fix}; `teammates`, an array of
    /// {name, version}; `ok`, whether no check failed.
    var json: JSONOutput {
      .object([
        "checks": .array(
          checks.map {
            .object([
              "name": .string($0.name), "status": .string($0.status.rawValue),
              "message": .string($0.message), "fix": $0.fix.map(JSONOutput.string) ?? .null,
            ])
          }),
        "teammates": .array(
          teammates.map {
            .object(["name": .string($0.name), "version": $0.version.map(JSONOutput.string) ?? .null])
          }),
        "ok": .bool(ok),
      ])
    }

    /// For people, a check a line and its fix under it:
    ///
    /// ```
    /// ok    data file: '/home/ana/team/sync-ups.json' decodes (3 sync-ups)
    /// fail  merge driver: not registered in this clone
    ///       fix: run 'syncups sync init'
    /// ```
    var lines: [String] {
      checks.flatMap { check in
        let status = check.status.rawValue + String(repeating: " ", count: 6 - check.status.rawValue.count)
        return ["\(status)\(check.name): \(sanitize(check.message))"]
          + (check.fix.map { ["      fix: \(sanitize($0))"] } ?? [])
      }
    }

    // MARK: - The checks

    @MainActor mutating func checkDataFile(in context: CommandContext) {
      let path = "'\(context.dataFile.path)'"
      do {
        let syncUps = try context.loadSyncUps().wrappedValue
        if let missing = context.noDataFile {
          add("data file", .ok, missing)
        } else {
          add("data file", .ok, "\(path) decodes (\(syncUps.count) sync-up\(syncUps.count == 1 ? "" : "s"))")
        }
      } catch {
        let message = (error as? CommandFailure)?.message ?? "\(error)"
        let healable = GitLeftover.find(in: context.dataFile.path) != nil
          || SyncJournal.interruptedSync(holding: context.dataFile.path)
        add(
          "data file", .fail, message,
          fix: healable
            ? "run 'syncups sync'"
            : "restore it from a backup ('syncups import'), or mend it by hand")
      }
    }

    /// Whether this syncups can write the data file's format (``SyncUpsFile/Declaration``):
    ///
    /// ```
    /// ok    format: data format 2 (syncups 0.4.0 and later)
    /// ```
    @MainActor mutating func checkFormat(in context: CommandContext) {
      @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
      // A file that cannot be read or decoded has failed the data file's check already,
      // unless it is that it needs a newer syncups.
      let dataFileFailed = checks.last?.status == .fail
      guard
        let declaration = try? fileSystem.read(
          context.dataFile.path, through: SyncUpsFile.declaration(from:)
        ).map(\.result) ?? .formatOne,
        !dataFileFailed || declaration.refusal != nil
      else { return }
      self.declaration = declaration
      if let refusal = declaration.refusal {
        add("format", .fail, refusal, fix: "upgrade syncups")
      } else if let since = declaration.firstWriter {
        add("format", .ok, "data format \(declaration.format) (syncups \(since) and later)")
      } else {
        add("format", .ok, "data format \(declaration.format) (any syncups can write it)")
      }
    }

    @MainActor mutating func checkRepository(
      _ repository: SyncRepository, offline: Bool, in context: CommandContext
    ) throws {
      guard let top = try repository.topLevel() else {
        add(
          "repository", .ok,
          "'\(repository.directory)' is in no git repository: the sync-ups are not shared "
            + "(run 'syncups sync init REMOTE' to share them)")
        return
      }
      add("repository", .ok, "'\(top)'")
      let gitDirectory = try repository.gitDirectory()
      try checkMerge(repository, gitDirectory: gitDirectory)
      checkLeftovers(repository, top: top, gitDirectory: gitDirectory)
      try checkDriver(repository)
      try checkAttributes(repository)
      try checkRemote(repository, offline: offline)
      try checkVersions(repository)
      checkHooks(in: context)
    }

    private mutating func checkMerge(_ repository: SyncRepository, gitDirectory: String) throws {
      let unmerged = try repository.git.output(
        ["ls-files", "-u", "--", repository.name], doing: "read the repository's index")
      if !unmerged.isEmpty || currentFileSystem.exists(gitDirectory + "/MERGE_HEAD") {
        add(
          "merge", .fail,
          unmerged.isEmpty
            ? "git left a merge unfinished" : "git left a merge of '\(repository.name)' unfinished",
          fix: "run 'syncups sync' (it finishes the merge by id, commits and pushes it)")
      } else {
        add("merge", .ok, "no merge left unfinished")
      }
    }

    private mutating func checkLeftovers(
      _ repository: SyncRepository, top: String, gitDirectory: String
    ) {
      let lock = gitDirectory + "/index.lock"
      if currentFileSystem.exists(lock) {
        add(
          "lock", .fail, "'\(lock)' is there: git cannot change the repository while it is",
          fix: "if no git runs in '\(top)', remove it: rm '\(lock)'")
      } else {
        add("lock", .ok, "no index.lock")
      }
      let names = (try? currentFileSystem.contentsOfDirectory(repository.directory)) ?? []
      let temporaries =
        names.filter {
          $0.hasPrefix(".merge_file_") || $0.hasPrefix(".\(repository.name).tmp-")
        }.sorted().map { repository.directory + "/" + $0 }
      if currentFileSystem.exists(SyncJournal(gitDirectory: gitDirectory).path) {
        add(
          "temporary files", .warn, "a sync was killed and left its traces",
          fix: "run 'syncups sync' (it puts right what the killed sync left)")
      } else if !temporaries.isEmpty {
        add(
          "temporary files", .warn,
          "left by a killed merge: " + temporaries.map { "'\($0)'" }.joined(separator: ", "),
          fix: "if no syncups runs, remove them: rm "
            + temporaries.map(SyncRepository.shellQuoted).joined(separator: " "))
      } else {
        add("temporary files", .ok, "none left")
      }
    }

    private mutating func checkDriver(_ repository: SyncRepository) throws {
      let registered = try repository.git.run(["config", "--local", SyncRepository.driverKey])
      let command = String(registered.output.dropLast())
      guard registered.status == 0, !command.isEmpty else {
        add(
          "merge driver", .fail, "not registered in this clone: git merges the data file line by "
            + "line, with conflict markers",
          fix: "run 'syncups sync init' (it registers the driver)")
        return
      }
      let program = Self.firstWord(command)
      if program.hasPrefix("/") && access(program, X_OK) != 0 {
        add(
          "merge driver", .fail, "registered as '\(command)', and '\(program)' is no program",
          fix: "run 'syncups sync init' (it registers this syncups)")
      } else {
        add("merge driver", .ok, "registered: \(command)")
      }
    }

    /// The first word of a command as a POSIX shell reads it, quotes removed.
    static func firstWord(_ command: String) -> String {
      var word = ""
      var quote: Character?
      var escaped = false
      for character in command {
        if escaped {
          word.append(character)
          escaped = false
        } else if let open = quote {
          if character == open {
            quote = nil
          } else if open == "\"" && character == "\\" {
            escaped = true
          } else {
            word.append(character)
          }
        } else if character == "'" || character == "\"" {
          quote = character
        } else if character == "\\" {
          escaped = true
        } else if character == " " {
          break
        } else {
          word.append(character)
        }
      }
      return word
    }

    private mutating func checkAttributes(_ repository: SyncRepository) throws {
      let attribute = try repository.git.output(
        ["check-attr", "merge", "--", repository.name], doing: "read the attributes")
      if attribute.hasSuffix(": merge: \(SharingFiles.driverName)") {
        add("attributes", .ok, "'\(SharingFiles.attributesFile)' names the merge driver")
      } else {
        add(
          "attributes", .fail,
          "no '\(SharingFiles.attributesFile)' names the merge driver for '\(repository.name)'",
          fix: "run 'syncups sync init' (it writes and commits '\(SharingFiles.attributesFile)')")
      }
    }

    private mutating func checkRemote(_ repository: SyncRepository, offline: Bool) throws {
      guard let upstream = try repository.upstream() else {
        add(
          "remote", .warn, "none: the sync-ups are shared with no one",
          fix: "run 'syncups sync init REMOTE'")
        return
      }
      guard !offline else {
        add("remote", .ok, "\(upstream.display), not checked (--offline)")
        return
      }
      let answer = try repository.git.run(
        ["ls-remote", "--heads", upstream.remote], timeLimit: DoctorCommand.remoteTimeLimit)
      if answer.stopped {
        add(
          "remote", .fail, "'\(upstream.remote)' did not answer within 10 seconds",
          fix: "check the network, or the remote's URL ('syncups sync init --force URL')")
      } else if answer.status != 0 {
        add(
          "remote", .fail, "'\(upstream.remote)' cannot be reached: \(Git.reason(answer))",
          fix: "check the network, or the remote's URL ('syncups sync init --force URL')")
      } else {
        add("remote", .ok, "'\(upstream.remote)' answers")
      }
    }

    private mutating func checkVersions(_ repository: SyncRepository) throws {
      let key = SyncRepository.versionTrailerKey
      let log = try repository.git.run(
        ["log", "--format=%an%x09%(trailers:key=\(key),valueonly,separator=%x2C)", "--", repository.name])
      var seen: Set<String> = []
      for line in log.output.split(separator: "\n") {
        let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(fields[0])
        guard !seen.contains(name) else { continue }
        seen.insert(name)
        let version = fields.count > 1 ? fields[1].split(separator: ",").first.map(String.init) : nil
        teammates.append((name, version.flatMap { $0.isEmpty ? nil : $0 }))
      }
      let summary =
        teammates.isEmpty
        ? "no commits yet"
        : teammates.map { "\($0.name) \($0.version ?? "unknown")" }.joined(separator: ", ")
      guard let needed = declaration?.firstWriter else {
        add("versions", .ok, summary)
        return
      }
      let older = teammates.filter { $0.version.map { Self.isVersion($0, olderThan: needed) } ?? false }
      if older.isEmpty {
        add("versions", .ok, summary)
      } else {
        add(
          "versions", .warn,
          summary + "; the data file's format needs syncups \(needed) or later, and "
            + older.map { "\($0.name) last synced with \($0.version ?? "")" }.joined(separator: ", "),
          fix: "each of them upgrades syncups to \(needed) or later before their next sync")
      }
    }

    /// Whether the version `version` (`0.3.0`) comes before `other`, number by number.
    static func isVersion(_ version: String, olderThan other: String) -> Bool {
      func numbers(_ text: String) -> [Int] { text.split(separator: ".").map { Int($0) ?? 0 } }
      return numbers(version).lexicographicallyPrecedes(numbers(other))
    }

    @MainActor private mutating func checkHooks(in context: CommandContext) {
      let installed = context.installedHooks
      guard installed.repositoryDirectory != nil else {
        add("hooks", .ok, "the repository has no hooks")
        return
      }
      let shared = installed.hooks.filter(\.isFromRepository)
      let missing = shared.filter { $0.isMissing || !$0.isExecutable }.map { "'\($0.path)'" }
      if let problem = HookTrust.fileProblem(context.environment) {
        add("hooks", .warn, "the trust file cannot be read: \(problem)", fix: "mend or remove it")
      } else if installed.repositoryTrust == .untrusted || installed.repositoryTrust == .changed {
        add(
          "hooks", .warn,
          "the repository's hooks are "
            + (installed.repositoryTrust == .changed ? "changed since trusted" : "untrusted")
            + ", and do not run",
          fix: "read them ('syncups hooks list'), then 'syncups hooks trust'")
      } else if !missing.isEmpty {
        add(
          "hooks", .warn, "missing or not executable: " + missing.joined(separator: ", "),
          fix: "mend them in the repository's .syncups/hooks")
      } else {
        add("hooks", .ok, "the repository's hooks are trusted")
      }
    }
  }
}
