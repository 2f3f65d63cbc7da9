// Command latency, whole processes, side by side in one run (see README):
//
//   swift build -c release --package-path Benchmarks && Benchmarks/.build/release/CommandBenchmarks
//
// Generates a realistic data set (20 sync-ups × 50 meetings), a large one (1,000 × 50) and the
// large one with every meeting's timings recorded, with items and with a schedule on each, then
// times `syncups` against the FoundationEssentials decode floor and jq, `add` against the floor
// of a change (WriteFloor), `stats`, `stats --trend`, `report` and `items` against `list`, `next`
// and `calendar` against `list` on the large set scheduled (N1, I1), `standup` against the git
// logs it saves (G1), and the merge driver on two edited copies of the large one against `list
// --json`, and the shipped binary's start-up against this package's toolchain-linked one (`make
// benchmark` names it). Median of 5 runs.
import BenchmarkSupport
import Foundation
import SharedState
import SyncUpsCore

#if canImport(Glibc)
  import Glibc
#endif

struct Measurement {
  var seconds: Double
  var peakKilobytes: Int
}

/// Runs `arguments` with stdin and stdout on /dev/null; wall time and peak resident memory.
func runOnce(_ arguments: [String], environment: [String: String] = [:]) -> Measurement {
  let run = spawn(arguments, environment: environment)
  guard run.status == 0 else { fatalError("\(arguments) failed with status \(run.status)") }
  return Measurement(seconds: run.wall.seconds, peakKilobytes: run.peakKilobytes)
}

/// The median of 5 runs (after one warm-up); `prepare` runs untimed before each.
func measure(
  _ arguments: [String], environment: [String: String] = [:], prepare: () -> Void = {}
) -> Measurement {
  prepare()
  _ = runOnce(arguments, environment: environment)
  var runs: [Measurement] = []
  for _ in 0..<5 {
    prepare()
    runs.append(runOnce(arguments, environment: environment))
  }
  runs.sort { $0.seconds < $1.seconds }
  return Measurement(seconds: runs[2].seconds, peakKilobytes: runs.map(\.peakKilobytes).max()!)
}

/// `count` sync-ups of six attendees and 50 meetings each; `timed` gives every meeting the
/// record a meeting of this version saves: its length, the planned length, who was there (one
/// absent in every fourth meeting) and each turn against its 100-second slot; `items` gives each
/// sync-up eight items raised over its meetings, owned in turn, every other one resolved.
func makeSyncUps(
  count: Int, timed: Bool = false, items: Bool = false
) -> IdentifiedArrayOf<SyncUp> {
  let names = ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blobby"]
  var generator = SystemRandomNumberGenerator()
  func id() -> UUID { UUID(uuid: (0..<16).reduce(into: [UInt8]()) { bytes, _ in bytes.append(.random(in: 0...255, using: &generator)) }.withUnsafeBytes { $0.load(as: uuid_t.self) }) }
  return IdentifiedArrayOf(
    uniqueElements: (0..<count).map { index in
      let attendees = names.map { Attendee(id: id(), name: $0) }
      let raised = (0..<(items ? 8 : 0)).map { number in
        let opened = Date(timeIntervalSince1970: Double(1_700_000_000 - (40 - number * 5) * 86_400))
        return Item(
          id: id(), kind: number % 3 == 0 ? .blocker : .action,
          text: "Follow up on the flaky test in the migration, part \(number)",
          owner: attendees[number % attendees.count].id, opened: opened,
          resolved: number % 2 == 0 ? nil : opened.addingTimeInterval(2 * 86_400),
          resolution: number % 2 == 0 ? nil : "fixed")
      }
      return SyncUp(
        id: id(),
        attendees: IdentifiedArrayOf(uniqueElements: attendees),
        duration: 600,
        items: IdentifiedArrayOf(uniqueElements: raised),
        meetings: IdentifiedArrayOf(
          uniqueElements: (0..<50).map { day in
            var meeting = Meeting(
              id: id(), date: Date(timeIntervalSince1970: Double(1_700_000_000 - day * 86_400)),
              transcript: "Blob: shipped the release notes for day \(day). Blob Jr: reviewed the "
                + "migration and paired on the flaky test. Blob Sr: on call, nothing paged. "
                + "Blobby: blocked on design review, will follow up.")
            guard timed else { return meeting }
            let absent = day % 4 == 0 ? (day / 4) % attendees.count : nil
            let present = attendees.enumerated().filter { $0.offset != absent }
            let turns = present.map { offset, attendee in
              Meeting.Turn(
                attendee: attendee.id, name: attendee.name,
                seconds: 70 + (day * 7 + offset * 13) % 60, slot: 100)
            }
            meeting.started = meeting.date.addingTimeInterval(-600)
            meeting.duration = turns.reduce(0) { $0 + $1.seconds }
            meeting.plannedDuration = 600
            meeting.endedEarly = day % 9 == 0
            meeting.attendees = attendees.enumerated().map { offset, attendee in
              MeetingAttendee(id: attendee.id, name: attendee.name, absent: offset == absent)
            }
            meeting.turns = turns
            return meeting
          }),
        theme: Theme.allCases[index % Theme.allCases.count],
        title: "Team \(index)")
    })
}

/// Copies the file at `source` to `destination` through a small buffer, so that this process
/// never holds a large file: a child's peak memory, as wait4 reports it, includes the peak of
/// the process that spawned it.
func copyFile(_ source: String, to destination: String) {
  let input = open(source, O_RDONLY)
  let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  defer { close(input); close(output) }
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    guard count > 0 else { break }
    _ = buffer.withUnsafeBytes { write(output, $0.baseAddress, count) }
  }
}

/// Two versions of `base`, each with 100 changes of its own, as two people's copies of the data
/// file before a merge: titles, durations, a meeting held, a meeting deleted, an attendee
/// renamed, in turn. Ours changes every tenth sync-up from the first, theirs every tenth from
/// the sixth, except that every tenth change of theirs falls on a sync-up ours changed the same
/// way, so the merge also merges within sync-ups, conflicts included.
func makeMergeSides(
  of base: IdentifiedArrayOf<SyncUp>
) -> (ours: IdentifiedArrayOf<SyncUp>, theirs: IdentifiedArrayOf<SyncUp>) {
  func edited(_ syncUps: IdentifiedArrayOf<SyncUp>, side: String, offset: (Int) -> Int)
    -> IdentifiedArrayOf<SyncUp>
  {
    var syncUps = syncUps
    for change in 0..<100 {
      let index = change * 10 + offset(change)
      switch (change / 10 + change) % 5 {
      case 0: syncUps[index].title += " (\(side))"
      case 1: syncUps[index].duration = side == "ours" ? 900 : 1_200
      case 2:
        syncUps[index].meetings.insert(
          Meeting(
            id: UUID(), date: Date(timeIntervalSince1970: 1_700_086_400),
            transcript: "Blob: held on \(side)"), at: 0)
      case 3: syncUps[index].meetings.remove(at: 25)
      default: syncUps[index].attendees[2].name = "Blob Sr (\(side))"
      }
    }
    return syncUps
  }
  return (
    edited(base, side: "ours") { _ in 0 },
    edited(base, side: "theirs") { $0 % 10 == 0 ? 0 : 5 }
  )
}

// `CommandBenchmarks --generate DIRECTORY` writes the data sets; the benchmark runs itself
// that way so that generating 17 MB of data does not count in the commands' peak memory.
if let flag = CommandLine.arguments.firstIndex(of: "--generate") {
  let target = CommandLine.arguments[flag + 1]
  try SyncUpsFile.encode(makeSyncUps(count: 20)).write(to: URL(fileURLWithPath: target + "/realistic.json"))
  let large = makeSyncUps(count: 1_000)
  try SyncUpsFile.encode(large).write(to: URL(fileURLWithPath: target + "/large.json"))
  try SyncUpsFile.encode(scheduled(large, now: Date()))
    .write(to: URL(fileURLWithPath: target + "/large-scheduled.json"))
  try SyncUpsFile.encode(makeSyncUps(count: 1_000, timed: true))
    .write(to: URL(fileURLWithPath: target + "/large-timed.json"))
  try SyncUpsFile.encode(makeSyncUps(count: 1_000, items: true))
    .write(to: URL(fileURLWithPath: target + "/large-items.json"))
  let (ours, theirs) = makeMergeSides(of: large)
  try SyncUpsFile.encode(ours).write(to: URL(fileURLWithPath: target + "/large-ours.json"))
  try SyncUpsFile.encode(theirs).write(to: URL(fileURLWithPath: target + "/large-theirs.json"))
  exit(0)
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
  "syncups-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

// `CommandBenchmarks --standup` runs the standup rows (G1) alone.
if CommandLine.arguments.contains("--standup") {
  let syncups = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("syncups").path
  printTable(standupRows(syncups: syncups, directory: directory.path))
  try? FileManager.default.removeItem(at: directory)
  exit(0)
}
let realistic = directory.appendingPathComponent("realistic.json").path
// `CommandBenchmarks --sync` runs the sync row (S1) alone.
if CommandLine.arguments.contains("--sync") {
  let syncups = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("syncups").path
  _ = runOnce([CommandLine.arguments[0], "--generate", directory.path])
  printTable([syncRow(syncups: syncups, directory: directory.path, realistic: realistic)])
  try? FileManager.default.removeItem(at: directory)
  exit(0)
}
let large = directory.appendingPathComponent("large.json").path
let largeCopy = directory.appendingPathComponent("large-copy.json").path
let largeTimed = directory.appendingPathComponent("large-timed.json").path
let largeItems = directory.appendingPathComponent("large-items.json").path
let largeScheduled = directory.appendingPathComponent("large-scheduled.json").path
let largeOurs = directory.appendingPathComponent("large-ours.json").path
let largeTheirs = directory.appendingPathComponent("large-theirs.json").path
_ = runOnce([CommandLine.arguments[0], "--generate", directory.path])
let largeSize = try FileManager.default.attributesOfItem(atPath: large)[.size] as! Int

let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  .deletingLastPathComponent()
let syncups = binaries.appendingPathComponent("syncups").path
let floor = binaries.appendingPathComponent("DecodeFloor").path
let writeFloor = binaries.appendingPathComponent("WriteFloor").path
let environment = ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path + "/config"]

let listRealistic = measure([syncups, "--file", realistic, "list"], environment: environment)
let floorRealistic = measure([floor, realistic])
let jqLength = measure(["jq", "length", realistic])
let listJSONLarge = measure([syncups, "--file", large, "list", "--json"], environment: environment)
let jqCompact = measure(["jq", "-c", ".", large])
let listLarge = measure([syncups, "--file", large, "list"], environment: environment)
let listTimed = measure([syncups, "--file", largeTimed, "list"], environment: environment)
let statsTimed = measure([syncups, "--file", largeTimed, "stats"], environment: environment)
let listItems = measure([syncups, "--file", largeItems, "list"], environment: environment)
let trendTimed = measure(
  [syncups, "--file", largeTimed, "stats", "--trend", "--weeks", "52"], environment: environment)
let reportTimed = measure(
  [
    syncups, "--file", largeTimed, "report", "--weeks", "52", "--output",
    directory.appendingPathComponent("report.html").path,
  ], environment: environment)
let itemsItems = measure([syncups, "--file", largeItems, "items"], environment: environment)
let addLarge = measure(
  [syncups, "--file", largeCopy, "-q", "add", "--title", "New"], environment: environment,
  prepare: { copyFile(large, to: largeCopy) })
let writeFloorLarge = measure(
  [writeFloor, largeCopy], prepare: { copyFile(large, to: largeCopy) })
// The driver writes its merge over ours, so each run starts from a fresh copy of ours.
let mergeLarge = measure(
  [syncups, "-q", "merge-driver", large, largeCopy, largeTheirs], environment: environment,
  prepare: { copyFile(largeOurs, to: largeCopy) })

func ms(_ measurement: Measurement) -> String { format(ns: measurement.seconds * 1e9) }
func ratio(_ a: Measurement, _ b: Measurement) -> Double { a.seconds / b.seconds }
let fileMB = Double(largeSize) / 1_000_000
let peakRatio = Double(listJSONLarge.peakKilobytes) * 1024 / Double(largeSize)
let realisticKB = (try FileManager.default.attributesOfItem(atPath: realistic)[.size] as! Int) / 1024
let listFloor = ratio(listRealistic, floorRealistic)
let listJq = ratio(listRealistic, jqLength)
let jsonJq = ratio(listJSONLarge, jqCompact)
let addList = ratio(addLarge, listLarge)
let addFloor = ratio(addLarge, writeFloorLarge)
let statsList = ratio(statsTimed, listTimed)
let itemsList = ratio(itemsItems, listItems)
let trendList = ratio(trendTimed, listTimed)
let reportList = ratio(reportTimed, listTimed)
let itemsMB = Double(try FileManager.default.attributesOfItem(atPath: largeItems)[.size] as! Int)
  / 1_000_000
let timedSize = try FileManager.default.attributesOfItem(atPath: largeTimed)[.size] as! Int
let timedMB = Double(timedSize) / 1_000_000
let mergeJSON = ratio(mergeLarge, listJSONLarge)
let syncNothing = syncRow(syncups: syncups, directory: directory.path, realistic: realistic)
let standup = standupRows(syncups: syncups, directory: directory.path)
let schedule = scheduleRows(syncups: syncups, file: largeScheduled, environment: environment)
let calendar = calendarRow(syncups: syncups, file: largeScheduled, environment: environment)
let shipped = shippedBinaryRows(
  toolchainLinked: syncups, realistic: realistic, environment: environment)

printTable([
  BenchmarkRow(
    id: "C1", workload: "list, realistic (\(realisticKB) KB) vs decode floor",
    measured: "\(ms(listRealistic)) vs \(ms(floorRealistic)) (\(format(ratio: listFloor)))",
    target: "≤ 1.3×", met: listFloor <= 1.3),
  BenchmarkRow(
    id: "C2", workload: "list, realistic vs jq length",
    measured: "\(ms(listRealistic)) vs \(ms(jqLength)) (\(format(ratio: listJq)))",
    target: "≤ 0.5×", met: listJq <= 0.5),
  BenchmarkRow(
    id: "C3", workload: String(format: "list --json, large (%.0f MB) vs jq -c .", fileMB),
    measured: "\(ms(listJSONLarge)) vs \(ms(jqCompact)) (\(format(ratio: jsonJq)))",
    target: "≤ 0.8×", met: jsonJq <= 0.8),
  BenchmarkRow(
    id: "C4", workload: "list --json, large: peak memory",
    measured: "\(listJSONLarge.peakKilobytes / 1024) MB (\(format(ratio: peakRatio)) the file)",
    target: "≤ 3× the file", met: peakRatio <= 3),
  BenchmarkRow(
    id: "C5", workload: "add vs list, large",
    measured: "\(ms(addLarge)) vs \(ms(listLarge)) (\(format(ratio: addList)))",
    target: "reported: add also encodes and writes; held to C8's floor", met: nil),
  BenchmarkRow(
    id: "C8", workload: "add vs read + decode + encode + durable write floor, large",
    measured: "\(ms(addLarge)) vs \(ms(writeFloorLarge)) (\(format(ratio: addFloor)))",
    target: "≤ 1.1×", met: addFloor <= 1.1),
  BenchmarkRow(
    id: "C6", workload: String(format: "stats vs list, large with timings (%.0f MB)", timedMB),
    measured: "\(ms(statsTimed)) vs \(ms(listTimed)) (\(format(ratio: statsList)))",
    target: "≤ 1.5×", met: statsList <= 1.5),
  BenchmarkRow(
    id: "C9", workload: String(format: "items vs list, large with 8 items a sync-up (%.0f MB)", itemsMB),
    measured: "\(ms(itemsItems)) vs \(ms(listItems)) (\(format(ratio: itemsList)))",
    target: "≤ 1.2×", met: itemsList <= 1.2),
  BenchmarkRow(
    id: "C10", workload: String(format: "stats --trend vs list, large with timings (%.0f MB)", timedMB),
    measured: "\(ms(trendTimed)) vs \(ms(listTimed)) (\(format(ratio: trendList)))",
    target: "≤ 1.5×", met: trendList <= 1.5),
  BenchmarkRow(
    id: "C11", workload: "report of 52 weeks vs list, large with timings",
    measured: "\(ms(reportTimed)) vs \(ms(listTimed)) (\(format(ratio: reportList)))",
    target: "≤ 3×", met: reportList <= 3),
  BenchmarkRow(
    id: "C7", workload: "merge-driver, large, 100 changes per side vs list --json",
    measured: "\(ms(mergeLarge)) vs \(ms(listJSONLarge)) (\(format(ratio: mergeJSON))), "
      + "peak \(mergeLarge.peakKilobytes / 1024) MB",
    target: "≤ 2.5×", met: mergeJSON <= 2.5),
  syncNothing,
  calendar,
] + schedule + standup + shipped)
