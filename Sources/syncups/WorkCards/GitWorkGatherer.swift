#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import Dispatch
import Synchronization
import SyncUpsCore

extension WorkGatherer {
  /// The gatherer that reads git: each repository once for all attendees (one `git log` over
  /// the window, whose authors are matched here, see ``GitAuthors/matches(_:)``), up to
  /// `parallel` repositories at a time, each within the request's time limit.
  ///
  /// ```swift
  /// withDependencies { $0.workCards = .git(environment: environment) } operation: { … }
  /// ```
  ///
  /// The events: each repository skipped (``RepositoryPaths``, or git failing on it, as when
  /// it disappeared), as it is found; then every card, once all repositories are read or out
  /// of time.
  static func git(environment: [String: String], parallel: Int = 8) -> WorkGatherer {
    WorkGatherer { request in
      AsyncStream { continuation in
        let ended = GitWorkReading.Flag()
        continuation.onTermination = { _ in ended.raise() }
        BlockingThread.start {
          let cards = GitWorkReading(request: request, environment: environment).read(
            parallel: parallel, shouldStop: { ended.isRaised }
          ) { continuation.yield($0) }
          for card in cards { continuation.yield(.card(card)) }
          continuation.finish()
        }
      }
    }
  }
}

/// One gathering of work cards from git (see ``WorkGatherer/git(environment:parallel:)``).
struct GitWorkReading: Sendable {
  let request: WorkRequest
  let environment: [String: String]

  /// What `git log` prints per commit: hash, author time (seconds since 1970), `Name <email>`
  /// and subject, separated by the unit separator (which none of them holds), a line each.
  /// The author is the one the repository's `.mailmap` maps them to, so that a mailmap joining
  /// two addresses joins them here too.
  static let format = "--format=%H%x1f%at%x1f%aN <%aE>%x1f%s"

  /// The `git log` arguments for the window: every local and remote-tracking branch (work
  /// not yet pushed and work pushed from elsewhere), commits by their commit date.
  static func logArguments(for window: WorkWindow) -> [String] {
    var arguments = [
      "log", "--branches", "--remotes", "--no-color", format,
      "--since=@\(Int(window.since.timeIntervalSince1970.rounded(.down)))",
    ]
    if let until = window.until {
      arguments.append("--until=@\(Int(until.timeIntervalSince1970.rounded(.down)))")
    }
    return arguments
  }

  /// Reads every repository and returns the cards; `report` is told of each repository
  /// skipped, as it is found (from several threads, one at a time).
  func read(
    parallel: Int, shouldStop: @escaping @Sendable () -> Bool,
    report: @escaping @Sendable (WorkEvent) -> Void
  ) -> [WorkCard] {
    let found = RepositoryPaths(request.repositories, home: environment["HOME"])
    for (pattern, reason) in found.skipped {
      report(.skipped(repository: pattern, reason: reason))
    }
    let repositories = found.repositories
    let git: Git
    do {
      git = try Git(directory: "/", environment: environment)
    } catch {
      for repository in repositories {
        report(.skipped(repository: repository.path, reason: error.message))
      }
      return WorkCard.cards(for: request.attendees, commits: [])
    }
    let outcomes = Outcomes(count: repositories.count)
    let slots = DispatchSemaphore(value: max(1, parallel))
    let group = DispatchGroup()
    for (index, repository) in repositories.enumerated() {
      slots.wait()
      group.enter()
      BlockingThread.start {
        defer {
          slots.signal()
          group.leave()
        }
        let outcome = readLog(of: repository, with: git, shouldStop: shouldStop)
        if case .failed(let reason) = outcome {
          report(.skipped(repository: repository.path, reason: reason))
        }
        outcomes.slots.withLock { $0[index] = outcome }
      }
    }
    group.wait()
    var commits: [WorkCommit] = []
    var unread: [String] = []
    // A commit seen through two clones, or a clone and its worktree, counts once, in the
    // first repository given.
    var seen = Set<String>()
    outcomes.slots.withLock { outcomes in
      for (repository, outcome) in zip(repositories, outcomes) {
        switch outcome {
        case .read(let read): commits += read.filter { seen.insert($0.hash).inserted }
        case .outOfTime: unread.append(repository.name)
        case .failed, nil: break
        }
      }
    }
    return WorkCard.cards(for: request.attendees, commits: commits, unread: unread)
  }

  /// Each repository's outcome, in the repositories' order, as the threads reading them
  /// finish: nil until read.
  final class Outcomes: Sendable {
    let slots: Mutex<[RepositoryOutcome?]>
    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
  }

  /// A gathering's consumer has gone: stop reading.
  final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .relaxed) }
    var isRaised: Bool { raised.load(ordering: .relaxed) }
  }

  /// How reading one repository went.
  enum RepositoryOutcome: Sendable {
    case read([WorkCommit])
    /// Its time ran out (or the gathering was stopped) before git was done.
    case outOfTime
    /// git could not read it: its reason.
    case failed(String)
  }

  /// Runs `git log` on one repository within the time limit.
  func readLog(
    of repository: RepositoryPaths.Repository, with git: Git, shouldStop: () -> Bool
  ) -> RepositoryOutcome {
    let result: Subprocess.Result
    do {
      result = try Subprocess.run(
        git.program, ["-C", repository.path] + Self.logArguments(for: request.window),
        environment: git.environment, timeLimit: request.timeLimit, shouldStop: shouldStop)
    } catch {
      return .failed(error.message)
    }
    if result.stopped { return .outOfTime }
    guard result.status == 0 else { return .failed(Git.reason(result)) }
    return .read(Self.commits(in: result.output, repository: repository.name))
  }

  /// The commits `git log` printed in ``format``; lines of any other shape are passed over.
  static func commits(in output: String, repository: String) -> [WorkCommit] {
    output.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\u{1f}", maxSplits: 3, omittingEmptySubsequences: false)
      guard fields.count == 4, let seconds = Int(fields[1]) else { return nil }
      return WorkCommit(
        repository: repository, hash: String(fields[0]), author: String(fields[2]),
        subject: String(fields[3]), date: Date(timeIntervalSince1970: Double(seconds)))
    }
  }
}
