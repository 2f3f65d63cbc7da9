#if os(Linux)
import ChildProcessSupport
import Foundation

import Glibc

/// `kill -9` at any moment of a write leaves the old or the new file, never a torn one, and
/// never loses a change that was acknowledged (exit 0).
enum CrashCases {
  static var all: [ReliabilityCase] {
    [ReliabilityCase("kill-during-writes", killDuringWrites)]
  }

  /// What the suite expects of one sync-up, as `list --json` shows it.
  struct Item: Equatable, CustomStringConvertible {
    var title: String
    var duration: Int
    var attendees: Int
    var meetings: Int

    var description: String { "\(title)/\(duration)s/\(attendees)a/\(meetings)m" }
  }

  /// One mutating command and the state it leads to if it completes.
  struct Operation {
    var arguments: [String]
    var after: [Item]
    /// For `config set default-duration`: the setting's value afterwards, in the form
    /// `config get` prints it.
    var setting: String?
  }

  static let rounds = 100

  /// 100 rounds on a data file of 150 sync-ups with meetings (~300 KB, so writes take a
  /// while): start a mutating command (add, edit, delete --yes, import in either format,
  /// meeting delete, config set), SIGKILL it after a random delay, and check that the data
  /// file still decodes and holds either the state before or, for a command killed late or
  /// one that exited 0 (which must have), the state after.
  static func killDuringWrites(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let (document, _) = Fixtures.dataset(count: 150, meetings: 12, random: &context.random)
    try syncups.writeData(document)
    var model = try items(syncups)
    var setting = "5m"
    var typical = 0.05  // seconds a command takes; updated from the runs that finish
    var killed = 0
    var completed = 0
    for round in 1...rounds {
      let operation = try nextOperation(round: round, model: model, syncups: syncups, random: &context.random)
      // Half the kills anywhere in a typical run, half near its end, where the write happens.
      let delay =
        context.random.chance(0.5)
        ? Double.random(in: 0...(typical * 1.3), using: &context.random)
        : Double.random(in: (typical * 0.6)...(typical * 1.1), using: &context.random)
      let process = try ChildProcess.spawn(syncups.invocation(operation.arguments))
      sleepSeconds(delay)
      process.send(SIGKILL)
      let outcome = ChildProcess.collect([process])[0]
      let what =
        "round \(round) (\(operation.arguments.prefix(3).joined(separator: " ")), killed after \(Int(delay * 1000)) ms)"
      if outcome.signal == SIGKILL {
        killed += 1
      } else if outcome.status == 0 {
        completed += 1
        typical = typical * 0.8 + outcome.elapsed * 0.2
      } else {
        throw CaseFailure("\(what): \(outcome.summary): \(visible(Array(outcome.firstErrorLine.utf8)))")
      }

      let listed = try syncups.run("list", "--json")
      guard listed.status == 0 else {
        throw CaseFailure(
          "\(what): the data file no longer loads: \(visible(Array(listed.firstErrorLine.utf8)))")
      }
      let actual = try items(syncups, listed: listed)
      if outcome.status == 0 {
        try require(
          actual == operation.after,
          "\(what): exited 0 but its change is missing: \(difference(operation.after, actual))")
      } else {
        try require(
          actual == model || actual == operation.after,
          "\(what): the data is neither the old nor the new state: \(difference(operation.after, actual))")
      }
      model = actual

      if let newSetting = operation.setting {
        let shown = try syncups.run("config", "get", "default-duration")
        guard shown.status == 0 else {
          throw CaseFailure(
            "\(what): the settings file no longer loads: \(visible(Array(shown.firstErrorLine.utf8)))")
        }
        let value = shown.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        let allowed = outcome.status == 0 ? [newSetting] : [setting, newSetting]
        try require(
          allowed.contains(value), "\(what): default-duration is '\(value)', expected one of \(allowed)")
        setting = value
      }
    }
    // A kill between creating and renaming the temporary file leaves it behind (documented).
    let leftovers = Files.entries(of: syncups.dataDirectory).filter { $0.contains(".tmp-") }.count
    context.note(
      "\(killed) killed, \(completed) finished; a command takes about \(Int(typical * 1000)) ms; "
        + "\(leftovers) temporary files left by kills")
    try require(
      killed > 0 && completed > 0,
      "of \(rounds) commands \(killed) were killed and \(completed) finished: the delays miss the writes")
  }

  /// The sync-ups as the suite models them, from `list --json`.
  static func items(_ syncups: Syncups, listed: Outcome? = nil) throws -> [Item] {
    let outcome = try listed ?? syncups.succeed("list", "--json")
    guard let list = parseJSON(outcome.stdout) as? [[String: Any]] else {
      throw CaseFailure("list --json printed no JSON array")
    }
    return list.map {
      Item(
        title: $0["title"] as? String ?? "?", duration: $0["duration"] as? Int ?? -1,
        attendees: ($0["attendees"] as? [Any])?.count ?? -1, meetings: ($0["meetings"] as? [Any])?.count ?? -1
      )
    }
  }

  /// A random mutating command for this round, and what it leads to.
  static func nextOperation(
    round: Int, model: [Item], syncups: Syncups, random: inout SplitMix64
  ) throws -> Operation {
    var after = model
    let roll = random.int(1...100)
    let index = random.int(0...max(0, model.count - 1))
    switch roll {
    case 1...25:
      let minutes = random.int(1...60)
      after.append(Item(title: "Crash \(round)", duration: minutes * 60, attendees: 2, meetings: 0))
      return Operation(
        arguments: [
          "add", "--title", "Crash \(round)", "--attendee", "Blob", "--attendee", "Blob Jr", "--duration",
          "\(minutes)m",
        ],
        after: after)
    case 26...45 where !model.isEmpty:
      after[index].title = "Renamed \(round)"
      after[index].attendees += 1
      return Operation(
        arguments: ["edit", model[index].title, "--title", "Renamed \(round)", "--add-attendee", "Newcomer"],
        after: after)
    case 46...55 where !model.isEmpty:
      let minutes = random.int(1...90)
      after[index].duration = minutes * 60
      return Operation(arguments: ["edit", model[index].title, "--duration", "\(minutes)m"], after: after)
    case 56...65 where model.count > 40:
      after.remove(at: index)
      return Operation(arguments: ["delete", model[index].title, "--yes"], after: after)
    case 66...80:
      let appFormat = random.chance(0.5)
      let (document, titles) = Fixtures.dataset(
        count: 3, meetings: 3, titlePrefix: "Import \(round)", appFormat: appFormat, random: &random)
      let file = syncups.workDirectory + "/import-\(round).json"
      try Files.write(document.encoded(), to: file)
      after += importedItems(document, titles: titles)
      return Operation(arguments: ["import", file], after: after)
    case 81...90 where model.contains { $0.meetings > 0 }:
      let candidates = model.indices.filter { model[$0].meetings > 0 }
      let chosen = random.pick(candidates)
      after[chosen].meetings -= 1
      return Operation(
        arguments: ["meeting", "delete", model[chosen].title, "1", "--yes"], after: after)
    default:
      let minutes = random.int(1...120)
      let shown =
        minutes % 60 == 0
        ? "\(minutes / 60)h" : minutes > 60 ? "\(minutes / 60)h\(minutes % 60)m" : "\(minutes)m"
      return Operation(
        arguments: ["config", "set", "default-duration", "\(minutes)m"], after: after, setting: shown)
    }
  }

  /// The items an import file adds, read back from the document the suite wrote.
  static func importedItems(_ document: JSONValue, titles: [String]) -> [Item] {
    guard case .array(let elements) = document else { return [] }
    return zip(elements, titles).map { element, title in
      var seconds = -1
      switch element["duration"] {
      case .number(let literal)?: seconds = Int(literal) ?? -1
      case .array(let parts)?:
        if case .number(let high) = parts[0], case .number(let low) = parts[1],
          let high = Int128(high), let low = Int128(low)
        {
          seconds = Int((high << 64 + low) / 1_000_000_000_000_000_000)
        }
      default: break
      }
      var attendees = -1
      var meetings = -1
      if case .array(let list)? = element["attendees"] { attendees = list.count }
      if case .array(let list)? = element["meetings"] { meetings = list.count }
      return Item(title: title, duration: seconds, attendees: attendees, meetings: meetings)
    }
  }

  /// A short account of how `actual` differs from `expected`.
  static func difference(_ expected: [Item], _ actual: [Item]) -> String {
    if expected.count != actual.count { return "\(actual.count) sync-ups, expected \(expected.count)" }
    guard let index = expected.indices.first(where: { expected[$0] != actual[$0] }) else { return "same" }
    return "#\(index + 1) is \(actual[index]), expected \(expected[index])"
  }
}

#endif
