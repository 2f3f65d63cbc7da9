#if os(Linux)
import ChildProcessSupport
import Foundation
import Glibc

/// A team living through a bad week: teammates add, edit, delete and hold meetings while their
/// syncs are killed at random moments (syncups alone, or with its git), run offline, and race
/// each other's pushes. Then everyone syncs until nothing moves, and the team must agree.
enum SyncFaultCases {
  static var all: [ReliabilityCase] {
    [ReliabilityCase("sync-under-faults", syncUnderFaults)]
  }

  static let git = "/usr/bin/git"
  static let teammates = 3
  static let operations = 150

  /// One teammate: a scratch home whose data file is shared through the team's remote.
  final class Teammate {
    let syncups: Syncups
    let name: String
    var directory: String { syncups.dataDirectory }

    init(_ syncups: Syncups, name: String) throws {
      self.syncups = syncups
      self.name = name
      let config = syncups.home + "/gitconfig"
      try Files.write("[user]\n\tname = \(name)\n\temail = \(name.lowercased())@example.com\n", to: config)
      syncups.environment["GIT_CONFIG_GLOBAL"] = config
      syncups.environment["GIT_CONFIG_NOSYSTEM"] = "1"
      syncups.environment["SYNCUPS_CLOCK"] = "immediate"
    }

    /// git in the data file's directory.
    func git(_ arguments: String...) throws -> Outcome {
      try ChildProcess.run(
        Invocation(
          program: SyncFaultCases.git, arguments: (["-C", directory] + arguments).map { Array($0.utf8) },
          environment: syncups.environment, directory: syncups.workDirectory))
    }

    /// The sync-ups by id: title, duration and the transcripts of their meetings, together.
    func state() throws -> [String: (title: String, duration: Int, notes: String)] {
      var state: [String: (title: String, duration: Int, notes: String)] = [:]
      for syncUp in try syncups.listJSON() {
        guard let id = syncUp["id"] as? String else { continue }
        let meetings = syncUp["meetings"] as? [[String: Any]] ?? []
        state[id] = (
          syncUp["title"] as? String ?? "", syncUp["duration"] as? Int ?? 0,
          meetings.compactMap { $0["transcript"] as? String }.joined(separator: "\n")
        )
      }
      return state
    }
  }

  /// What the teammates did that exited 0, to check the end against.
  struct Ledger {
    /// Sync-ups added, by id.
    var added: Set<String> = []
    /// Meeting notes saved (each unique), with their sync-up's id.
    var notes: [(syncUp: String, note: String)] = []
    /// Sync-ups deleted, by id, with who deleted them.
    var deleted: [String: Set<String>] = [:]
    /// Who changed each sync-up (an edit or a meeting).
    var changedBy: [String: Set<String>] = [:]
  }

  static func syncUnderFaults(_ context: CaseContext) throws {
    guard access(git, X_OK) == 0 else { throw CaseSkip(reason: "no git at \(git)") }
    let server = try context.makeSyncups()
    let remote = server.root + "/team.git"
    let created = try ChildProcess.run(
      Invocation(
        program: git, arguments: ["init", "-q", "--bare", remote].map { Array($0.utf8) },
        environment: server.environment, directory: server.root))
    try require(created.status == 0, "git init --bare: \(created.firstErrorLine)")
    let team = try ["Ana", "Ben", "Cy"].prefix(teammates).map {
      try Teammate(try context.makeSyncups(), name: $0)
    }
    try team[0].syncups.succeed("add", "--title", "Seed", "--attendee", "Ana")
    try team[0].syncups.succeed("sync", "init", remote)
    try team[0].syncups.succeed("sync")
    for teammate in team.dropFirst() {
      try teammate.syncups.succeed("sync", "init", "--clone", remote)
    }

    var ledger = Ledger()
    var typicalSync = 0.15
    var kills = 0
    /// The teammates whose last sync was killed.
    var interrupted: Set<Int> = []
    for step in 1...operations {
      let index = context.random.int(0...(team.count - 1))
      let teammate = team[index]
      if interrupted.contains(index), try teammate.syncups.run("list").status == 65 {
        // git writes the data file in place: a sync killed as it did leaves the file cut short
        // until the next sync puts it right, as the README says to run.
        context.note("step \(step): \(teammate.name)'s file is cut short; syncing first")
        try teammate.syncups.succeed("sync")
        interrupted.remove(index)
      }
      let ids = try Array(teammate.state().keys).sorted()
      let what = "step \(step) (\(teammate.name))"
      switch context.random.int(0...9) {
      case 0...1:
        let title = "\(teammate.name) \(step)"
        let outcome = try teammate.syncups.succeed("--json", "add", "--title", title, "--attendee", teammate.name)
        if let id = (parseJSON(outcome.stdout) as? [String: Any])?["id"] as? String {
          ledger.added.insert(id)
          context.note("step \(step): \(teammate.name) added \(id)")
        }
      case 2 where !ids.isEmpty:
        let id = context.random.pick(ids)
        let note = "\(teammate.name) note \(step)"
        let outcome = try teammate.syncups.run(["start", id], input: .bytes(Array("note \(note)\nsave\n".utf8)))
        guard outcome.status == 0 else {
          throw CaseFailure("\(what): a meeting failed: \(visible(Array(outcome.firstErrorLine.utf8)))")
        }
        ledger.notes.append((id, note))
        ledger.changedBy[id, default: []].insert(teammate.name)
      case 3 where !ids.isEmpty:
        let id = context.random.pick(ids)
        try teammate.syncups.succeed("edit", id, "--duration", "\(context.random.int(2...30))m")
        ledger.changedBy[id, default: []].insert(teammate.name)
      case 4 where ids.count > 1:
        let id = context.random.pick(ids)
        try teammate.syncups.succeed("delete", id, "--yes")
        ledger.deleted[id, default: []].insert(teammate.name)
      default:
        // A sync: now and then offline, killed, or racing another teammate's.
        var environment: [String: String] = [:]
        if context.random.chance(0.15) {
          environment = [
            "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "remote.origin.url",
            "GIT_CONFIG_VALUE_0": server.root + "/offline.git",
          ]
        }
        let kill = context.random.chance(0.5)
        let rival = context.random.chance(0.25) ? team[(index + 1) % team.count] : nil
        let started = monotonicSeconds()
        let process = try ChildProcess.spawn(teammate.syncups.invocation(["sync"], environment: environment))
        let other = try rival.map { try ChildProcess.spawn($0.syncups.invocation(["sync"])) }
        if kill {
          sleepSeconds(Double.random(in: 0...(typicalSync * 1.2), using: &context.random))
          let children = context.random.chance(0.5) ? Self.children(of: process.pid) : []
          process.send(SIGKILL)
          for child in children { Glibc.kill(child, SIGKILL) }
        }
        let outcomes = ChildProcess.collect([process] + (other.map { [$0] } ?? []))
        context.note(
          "step \(step): \(teammate.name)'s sync\(kill ? " killed" : "")\(rival.map { " racing \($0.name)'s" } ?? "")"
            + ": \(outcomes.map { $0.summary + " " + $0.stderrText })")
        if outcomes[0].signal == SIGKILL {
          kills += 1
          interrupted.insert(index)
        } else {
          interrupted.remove(index)
        }
        if !kill && environment.isEmpty && outcomes[0].status == 0 {
          typicalSync = typicalSync * 0.7 + (monotonicSeconds() - started) * 0.3
        }
        for (outcome, who) in zip(outcomes, [teammate] + (rival.map { [$0] } ?? [])) {
          // Offline (1) or killed is expected; anything else is not.
          guard outcome.signal == SIGKILL || outcome.status == 0 || outcome.status == 1 else {
            throw CaseFailure(
              "\(what): \(who.name)'s sync: \(outcome.summary): \(visible(Array(outcome.firstErrorLine.utf8)))")
          }
          if outcome.status == 1, !outcome.stderrText.contains("offline.git"),
            !outcome.stderrText.contains("rejected")
          {
            throw CaseFailure(
              "\(what): \(who.name)'s sync failed: \(visible(Array(outcome.stderrText.utf8), limit: 400))")
          }
        }
      }
    }

    // Everyone syncs until nothing moves: nobody is stuck.
    var rounds = 0
    var previous: [UInt8]? = nil
    while true {
      rounds += 1
      for teammate in team {
        let outcome = try teammate.syncups.run("sync")
        try require(
          outcome.status == 0,
          "\(teammate.name) is stuck after the faults: \(visible(Array(outcome.firstErrorLine.utf8)))")
      }
      let files = team.map { $0.syncups.dataBytes }
      if files.allSatisfy({ $0 == files[0] }) && files[0] == previous { break }
      previous = files[0]
      try require(rounds < 8, "the team has not converged after \(rounds) rounds of syncs")
    }
    try check(team, against: ledger, context: context, kills: kills)
  }

  /// The team's end state against what was acknowledged.
  static func check(_ team: [Teammate], against ledger: Ledger, context: CaseContext, kills: Int) throws {
    let final = try team[0].state()
    for teammate in team {
      let status = try teammate.git("status", "--porcelain")
      try require(status.stdoutText.isEmpty, "\(teammate.name)'s git status is not clean: \(status.stdoutText.clipped())")
      let leftovers =
        Files.entries(of: teammate.directory).filter { $0.contains("merge_file") || $0.contains(".tmp-") }
        + Files.entries(of: teammate.directory + "/.git").filter {
          $0.hasSuffix(".lock") || $0.hasPrefix("MERGE_") || $0.hasPrefix("syncups-")
        }
      try require(leftovers.isEmpty, "\(teammate.name) has files left behind: \(leftovers)")
    }
    for id in ledger.added where final[id] == nil {
      try require(ledger.deleted[id] != nil, "sync-up \(id) was added, never deleted, and is gone")
    }
    for (id, note) in ledger.notes where final[id]?.notes.contains(note) != true {
      try require(ledger.deleted[id] != nil, "the note '\(note)' of \(id) was saved, never deleted, and is gone")
    }
    for (id, deleters) in ledger.deleted where final[id] != nil {
      // Back only when someone other than those who deleted it changed it.
      let changers = ledger.changedBy[id, default: []].subtracting(deleters)
      try require(!changers.isEmpty, "sync-up \(id) was deleted by \(deleters.sorted()), changed by nobody else, and came back")
    }
    context.note("\(ledger.added.count) added, \(ledger.notes.count) notes, \(ledger.deleted.count) deleted, \(kills) syncs killed")
  }

  /// The processes whose parent is `pid` (syncups' gits), as /proc lists them now. Their own
  /// children are left alone: for a remote on a local path they are the remote's side of a
  /// push (`git-receive-pack`), which a kill here would not reach on a real server.
  static func children(of pid: pid_t) -> [pid_t] {
    var parents: [pid_t: [pid_t]] = [:]
    for name in Files.entries(of: "/proc") {
      guard let child = pid_t(name),
        let stat = Files.read("/proc/\(name)/stat").map({ String(decoding: $0, as: UTF8.self) }),
        let close = stat.lastIndex(of: ")")
      else { continue }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 1, let parent = pid_t(fields[1]) { parents[parent, default: []].append(child) }
    }
    return parents[pid] ?? []
  }
}

#endif
