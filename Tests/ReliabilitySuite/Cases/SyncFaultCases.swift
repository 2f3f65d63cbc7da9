#if os(Linux)
import ChildProcessSupport
import Foundation
import Glibc

/// A team living through a bad week: teammates add, edit, delete and hold meetings, raise,
/// resolve, reopen, edit and delete items, write updates, announce time away and give git
/// identities while their syncs are killed at random moments (syncups alone, or with its git),
/// run offline, and race each other's pushes. One teammate runs an earlier release (`--older`):
/// 0.3.0 in one case, 0.2.0 (which knows nothing of items, updates or time away, and merges them
/// whole as keys it does not know) in the other; only what their release knows is theirs to
/// do. Then everyone syncs until nothing moves: nobody is stuck, every file is the same byte
/// for byte, and nothing acknowledged is lost.
enum SyncFaultCases {
  static var all: [ReliabilityCase] {
    [
      ReliabilityCase("sync-under-faults") { try syncUnderFaults($0, olderVersion: "0.3.0") },
      ReliabilityCase("sync-under-faults-0.2.0") { try syncUnderFaults($0, olderVersion: "0.2.0") },
    ]
  }

  static let git = "/usr/bin/git"
  static let teammates = 3
  static let operations = 170

  /// One teammate: a scratch home whose data file is shared through the team's remote.
  final class Teammate {
    let syncups: Syncups
    let name: String
    /// The earlier release they run, nil for the binary under test.
    let release: String?
    /// Whether their syncups knows items, updates, time away and git identities (0.3.0 on).
    let knowsWork: Bool
    var directory: String { syncups.dataDirectory }

    init(_ syncups: Syncups, name: String, release: String? = nil) throws {
      self.syncups = syncups
      self.name = name
      self.release = release
      knowsWork = release.map { $0 >= "0.3.0" } ?? true
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

    /// The data file's sync-ups, as stored (format 1's array, or format 2's `syncUps`).
    func stored() throws -> [[String: Any]] {
      // A sync killed as git replaced the file may leave none: syncups reads that as no sync-ups.
      guard let bytes = syncups.dataBytes else { return [] }
      guard let document = parseJSON(bytes) else {
        throw CaseFailure("\(name)'s data file cannot be read")
      }
      if let array = document as? [[String: Any]] { return array }
      if let syncUps = (document as? [String: Any])?["syncUps"] as? [[String: Any]] { return syncUps }
      throw CaseFailure("\(name)'s data file holds no sync-ups")
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
    /// Sync-ups deleted, by id, with who deleted them and the last step at which each did.
    var deleted: [String: [String: Int]] = [:]
    /// Who changed each sync-up (an edit, a meeting, an item, an update, time away), with the
    /// last step at which each did.
    var changedBy: [String: [String: Int]] = [:]
    /// Items raised (outside meetings or in them), by id, with their sync-up's id and the step.
    var items: [String: (syncUp: String, step: Int)] = [:]
    /// Items deleted, by id.
    var deletedItems: Set<String> = []
    /// Each resolution written (unique), and whether it was written in a meeting.
    var resolutions: [String: Bool] = [:]
    /// Written updates, by sync-up, attendee and day: every `done` text written for it, and the
    /// step of the first.
    var updates: [UpdateKey: (texts: Set<String>, step: Int)] = [:]
    /// Time away announced: sync-up, attendee, first and last day, step.
    var away: [(syncUp: String, name: String, from: String, to: String, step: Int)] = []
    /// Git identities given: sync-up, attendee, identity, step.
    var identities: [(syncUp: String, name: String, author: String, step: Int)] = []

    /// Whether the sync-up with `id` is in the end state, and was not deleted by anyone after
    /// `step`: what was written in it then must be there. (A delete takes what its sync-up
    /// held; the sync-up may come back with a teammate's change, without it.)
    func keeps(_ id: String, since step: Int, in final: [String: [String: Any]]) -> Bool {
      final[id] != nil && !(deleted[id]?.values.contains { $0 > step } ?? false)
    }
  }

  /// The update of one attendee of one sync-up for one day.
  struct UpdateKey: Hashable {
    var syncUp: String
    var name: String
    var day: String
  }

  static func syncUnderFaults(_ context: CaseContext, olderVersion: String) throws {
    guard access(git, X_OK) == 0 else { throw CaseSkip(reason: "no git at \(git)") }
    // The last teammate runs the earlier release; without it, the binary under test.
    let older = context.older.first { $0.version == olderVersion }
    let server = try context.makeSyncups()
    let remote = server.root + "/team.git"
    let created = try ChildProcess.run(
      Invocation(
        program: git, arguments: ["init", "-q", "--bare", remote].map { Array($0.utf8) },
        environment: server.environment, directory: server.root))
    try require(created.status == 0, "git init --bare: \(created.firstErrorLine)")
    let names = ["Ana", "Ben", "Cy"].prefix(teammates)
    let team = try names.map { name in
      let release = name == names.last ? older : nil
      return try Teammate(
        try context.makeSyncups(binary: release?.binary), name: name, release: release?.version)
    }
    context.note("\(names.last!) runs \(older.map { "syncups \($0.version)" } ?? "the binary under test")")
    let attendees = names.flatMap { ["--attendee", $0] }
    try team[0].syncups.succeed(["add", "--title", "Seed"] + attendees)
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
      let stored = try teammate.stored()
      let ids = stored.compactMap { $0["id"] as? String }.sorted()
      let what = "step \(step) (\(teammate.name))"
      /// Runs an operation that must succeed, and records who changed the sync-up.
      func change(_ id: String, _ arguments: [String], input: [UInt8]? = nil) throws -> Outcome {
        let outcome = try teammate.syncups.run(arguments, input: input.map { .bytes($0) } ?? .null)
        guard outcome.status == 0 else {
          throw CaseFailure(
            "\(what): syncups \(arguments.joined(separator: " ").clipped(60)): \(outcome.summary): "
              + visible(Array(outcome.firstErrorLine.utf8)))
        }
        ledger.changedBy[id, default: [:]][teammate.name] = step
        context.note("\(what): \(arguments.joined(separator: " "))")
        return outcome
      }
      // Work (items, updates, time away, identities) for those whose release knows it.
      let operation = teammate.knowsWork ? context.random.int(0...19) : context.random.int(0...9)
      switch operation {
      case 0...1:
        let title = "\(teammate.name) \(step)"
        let outcome = try teammate.syncups.succeed(["--json", "add", "--title", title] + attendees)
        if let id = (parseJSON(outcome.stdout) as? [String: Any])?["id"] as? String {
          ledger.added.insert(id)
          context.note("step \(step): \(teammate.name) added \(id)")
        }
      case 2 where !ids.isEmpty:
        let id = context.random.pick(ids)
        let note = "\(teammate.name) note \(step)"
        var script = "note \(note)\n"
        var raised = false
        var resolution: String?
        if teammate.knowsWork {
          // The first speaker raises a blocker, and resolves an open item of the sync-up.
          script += "blocker \(teammate.name) blocker \(step)\n"
          raised = true
          if let open = items(of: id, in: stored).filter({ $0["resolved"] == nil }).map(itemID).first {
            resolution = "\(teammate.name) fixed it in \(step)"
            script += "resolve \(open.prefix(8)) \(resolution!)\n"
          }
        }
        let before = Set(items(of: id, in: stored).map(itemID))
        _ = try change(id, ["start", id], input: Array((script + "save\n").utf8))
        ledger.notes.append((id, note))
        if let resolution { ledger.resolutions[resolution] = true }
        if raised { try recordNewItems(of: id, before: before, step: step, teammate: teammate, in: &ledger) }
      case 3 where !ids.isEmpty:
        let id = context.random.pick(ids)
        _ = try change(id, ["edit", id, "--duration", "\(context.random.int(2...30))m"])
      case 4 where ids.count > 1:
        let id = context.random.pick(ids)
        try teammate.syncups.succeed("delete", id, "--yes")
        context.note("\(what): delete \(id)")
        ledger.deleted[id, default: [:]][teammate.name] = step
      case 10...11 where !ids.isEmpty:
        let id = context.random.pick(ids)
        let before = Set(items(of: id, in: stored).map(itemID))
        let kind = context.random.pick(["--blocker", "--action"])
        _ = try change(
          id, ["item", "add", id, kind, "\(teammate.name) item \(step)", "--owner", teammate.name])
        try recordNewItems(of: id, before: before, step: step, teammate: teammate, in: &ledger)
      case 12 where !ids.isEmpty:
        let id = context.random.pick(ids)
        guard let item = items(of: id, in: stored).filter({ $0["resolved"] == nil }).map(itemID).randomElement(using: &context.random) else { break }
        let resolution = "\(teammate.name) resolved \(step)"
        _ = try change(id, ["item", "resolve", id, String(item.prefix(8)), "--note", resolution])
        ledger.resolutions[resolution] = false
      case 13 where !ids.isEmpty:
        let id = context.random.pick(ids)
        guard let item = items(of: id, in: stored).filter({ $0["resolved"] != nil }).map(itemID).randomElement(using: &context.random) else { break }
        _ = try change(id, ["item", "reopen", id, String(item.prefix(8))])
      case 14 where !ids.isEmpty:
        let id = context.random.pick(ids)
        guard let item = items(of: id, in: stored).map(itemID).randomElement(using: &context.random) else { break }
        _ = try change(id, ["item", "edit", id, String(item.prefix(8)), "--text", "\(teammate.name) edited \(step)"])
      case 15 where !ids.isEmpty:
        let id = context.random.pick(ids)
        guard let item = items(of: id, in: stored).map(itemID).randomElement(using: &context.random) else { break }
        _ = try change(id, ["item", "delete", id, String(item.prefix(8)), "--yes"])
        ledger.deletedItems.insert(item)
      case 16...17 where !ids.isEmpty:
        let id = context.random.pick(ids)
        let day = "2030-01-\(context.random.int(10...14))"
        let done = "\(teammate.name) did \(step)"
        _ = try change(
          id, ["update", id, "--as", teammate.name, "--date", day, "--done", done, "--next", "more"])
        ledger.updates[UpdateKey(syncUp: id, name: teammate.name, day: day), default: ([], step)]
          .texts.insert(done)
      case 18 where !ids.isEmpty:
        let id = context.random.pick(ids)
        // Three days a step apart from 2031-01-01: one teammate's spells never overlap.
        let first = 1_924_992_000 + step * 3 * 86_400
        let from = String(Fixtures.isoDate(first).prefix(10))
        let to = String(Fixtures.isoDate(first + 86_400 * context.random.int(0...1)).prefix(10))
        _ = try change(id, ["away", id, teammate.name, "--from", from, "--to", to])
        ledger.away.append((id, teammate.name, from, to, step))
      case 19 where !ids.isEmpty:
        let id = context.random.pick(ids)
        let author = "\(teammate.name.lowercased())+\(step)@example.com"
        _ = try change(id, ["edit", id, "--git-author", "\(teammate.name)=\(author)"])
        ledger.identities.append((id, teammate.name, author, step))
      default:
        // A sync: now and then offline, killed, or racing another teammate's.
        var environment: [String: String] = [:]
        if context.random.chance(0.15) {
          environment = [
            "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "remote.origin.url",
            "GIT_CONFIG_VALUE_0": server.root + "/offline.git",
          ]
        }
        // An earlier release's own recovery from kills is what it is: its syncs race and go
        // offline, but are not killed.
        let kill = context.random.chance(0.5) && teammate.release == nil
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
          // An earlier release may word a lost push race its own way.
          if outcome.status == 1, who.release == nil, !outcome.stderrText.contains("offline.git"),
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

  /// The items of the sync-up with `id` in a data file's sync-ups, as stored.
  static func items(of id: String, in stored: [[String: Any]]) -> [[String: Any]] {
    stored.first { $0["id"] as? String == id }?["items"] as? [[String: Any]] ?? []
  }

  /// An item's id.
  static func itemID(_ item: [String: Any]) -> String { item["id"] as? String ?? "" }

  /// Records the items of the sync-up with `id` that the teammate's file holds now and did not
  /// hold `before`: those they just raised.
  static func recordNewItems(
    of id: String, before: Set<String>, step: Int, teammate: Teammate, in ledger: inout Ledger
  ) throws {
    for item in items(of: id, in: try teammate.stored()).map(itemID) where !before.contains(item) {
      ledger.items[item] = (id, step)
    }
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
      // Back only when someone changed it after their own last delete of it (or never deleted
      // it): a change wins over a delete they had not seen.
      let changers = ledger.changedBy[id, default: [:]].filter { name, step in
        deleters[name].map { step > $0 } ?? true
      }
      try require(
        !changers.isEmpty,
        "sync-up \(id) was deleted by \(deleters.keys.sorted()), changed by nobody since, and came back")
    }
    try checkWork(try team[0].stored(), against: ledger)
    let merges = try checkMergesTellConflicts(team[0], context: context)
    context.note(
      "\(ledger.added.count) added, \(ledger.notes.count) notes, \(ledger.deleted.count) deleted, "
        + "\(ledger.items.count) items, \(ledger.updates.count) updates, \(ledger.away.count) away, "
        + "\(ledger.identities.count) identities, \(kills) syncs killed, \(merges) merges checked")
  }

  /// Every merge commit the binary under test made in the team's history against what its
  /// merge driver finds merging the commit's parents again: a merge with conflicts records
  /// them (`Syncups-Conflict` trailers), however its sync ended, so that the teammate whose
  /// change was replaced hears of it. Returns how many merges were checked.
  static func checkMergesTellConflicts(_ teammate: Teammate, context: CaseContext) throws -> Int {
    let version = try teammate.syncups.succeed("--version").stdoutText
      .split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
    let merges = try teammate.git("log", "--merges", "--format=%H %P").stdoutText
      .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    let scratch = teammate.syncups.root + "/merges"
    try Files.makeDirectory(scratch)
    var checked = 0
    for merge in merges where merge.count == 3 {
      let message = try teammate.git("log", "-1", "--format=%B", merge[0]).stdoutText
      guard message.contains("Syncups-Version: \(version)") else { continue }
      let base = try teammate.git("merge-base", merge[1], merge[2]).stdoutText
        .trimmingCharacters(in: .whitespacesAndNewlines)
      var paths: [String] = []
      for (name, commit) in [("base", base), ("ours", merge[1]), ("theirs", merge[2])] {
        let shown = commit.isEmpty ? nil : try teammate.git("show", "\(commit):sync-ups.json")
        let path = scratch + "/" + name
        try Files.write(shown?.status == 0 ? shown!.stdout : [], to: path)
        paths.append(path)
      }
      let report = scratch + "/report"
      try Files.write([], to: report)
      let driven = try teammate.syncups.run(
        ["merge-driver"] + paths, environment: ["SYNCUPS_MERGE_REPORT": report])
      guard driven.status == 0 else { continue }
      let reported = (Files.read(report) ?? []).split(separator: UInt8(ascii: "\n")).count
      let recorded = message.components(separatedBy: "\nSyncups-Conflict: ").count - 1
      checked += 1
      try require(
        reported == 0 || recorded > 0,
        "merge \(merge[0].prefix(8)) has \(reported) conflicts merging its parents again, and "
          + "records none: \(message.clipped(200))")
    }
    return checked
  }

  /// Items, updates, time away and identities in the team's end state against what was
  /// acknowledged: each is there unless its sync-up is gone (or the item was deleted), and each
  /// resolution is one somebody wrote, carrying the meeting it was written in exactly when it
  /// was written in one.
  static func checkWork(_ final: [[String: Any]], against ledger: Ledger) throws {
    let byID = Dictionary(
      final.compactMap { syncUp in (syncUp["id"] as? String).map { ($0, syncUp) } },
      uniquingKeysWith: { first, _ in first })
    func attendee(_ name: String, of syncUp: [String: Any]) -> [String: Any]? {
      (syncUp["attendees"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }
    for (item, (id, step)) in ledger.items.sorted(by: { $0.key < $1.key })
    where !ledger.deletedItems.contains(item) && ledger.keeps(id, since: step, in: byID) {
      let syncUp = byID[id]!
      try require(
        items(of: id, in: [syncUp]).contains { itemID($0) == item },
        "item \(item) of \(id) was raised, never deleted, and is gone")
    }
    for syncUp in final {
      for item in items(of: syncUp["id"] as? String ?? "", in: [syncUp]) {
        let resolution = item["resolution"] as? String
        let resolved = item["resolved"] != nil
        let resolvedIn = item["resolvedIn"] != nil
        try require(
          resolved || (resolution == nil && !resolvedIn),
          "item \(itemID(item)) is open but carries a resolution: \(resolution ?? "") in \(item["resolvedIn"] ?? "-")")
        guard let resolution else { continue }
        guard let inMeeting = ledger.resolutions[resolution] else {
          throw CaseFailure("item \(itemID(item)) is resolved with '\(resolution)', which nobody wrote")
        }
        try require(
          inMeeting == resolvedIn,
          "item \(itemID(item)) is resolved with '\(resolution)', written \(inMeeting ? "in" : "outside") "
            + "a meeting, but \(resolvedIn ? "names" : "names no") meeting")
      }
    }
    for (key, (written, step)) in ledger.updates.sorted(by: { "\($0.key)" < "\($1.key)" })
    where ledger.keeps(key.syncUp, since: step, in: byID) {
      let syncUp = byID[key.syncUp]!
      let attendeeID = attendee(key.name, of: syncUp)?["id"] as? String
      let update = (syncUp["updates"] as? [[String: Any]] ?? []).first {
        $0["attendee"] as? String == attendeeID && $0["day"] as? String == key.day
      }
      guard let done = update?["done"] as? String else {
        throw CaseFailure("\(key.name)'s update of \(key.syncUp) for \(key.day) was written and is gone")
      }
      try require(
        written.contains(done),
        "\(key.name)'s update of \(key.syncUp) for \(key.day) says '\(done)', which nobody wrote")
    }
    for away in ledger.away where ledger.keeps(away.syncUp, since: away.step, in: byID) {
      let syncUp = byID[away.syncUp]!
      let announced = attendee(away.name, of: syncUp)?["away"] as? [[String: Any]] ?? []
      try require(
        announced.contains { $0["from"] as? String == away.from && $0["to"] as? String == away.to },
        "\(away.name)'s time away from \(away.from) to \(away.to) in \(away.syncUp) was announced and is gone")
    }
    for identity in ledger.identities
    where ledger.keeps(identity.syncUp, since: identity.step, in: byID) {
      let syncUp = byID[identity.syncUp]!
      let authors = attendee(identity.name, of: syncUp)?["gitAuthors"] as? [String] ?? []
      try require(
        authors.contains(identity.author),
        "\(identity.name)'s git identity \(identity.author) in \(identity.syncUp) was given and is gone")
    }
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
