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
// benchmark` names it). Each ratio is the median of 7 rounds that run both commands in turn.
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

/// Two commands timed side by side: each run once to warm up, then in turn, `rounds` times;
/// `prepare` runs untimed before each run of either. The ratio is the median of the rounds'
/// ratios, so that a busy moment of the machine weighs on both sides of one round and not on
/// one command alone; the times are each command's median.
struct Comparison {
  var measured: Measurement
  var floor: Measurement
  var ratio: Double

  init(
    _ measured: [String], against floor: [String], environment: [String: String] = [:],
    rounds: Int = 7, prepare: () -> Void = {}
  ) {
    for arguments in [measured, floor] {
      prepare()
      _ = runOnce(arguments, environment: environment)
    }
    var pairs: [(measured: Measurement, floor: Measurement)] = []
    for _ in 0..<rounds {
      prepare()
      let own = runOnce(measured, environment: environment)
      prepare()
      pairs.append((own, runOnce(floor, environment: environment)))
    }
    func median(_ runs: [Measurement]) -> Measurement {
      Measurement(
        seconds: runs.map(\.seconds).sorted()[runs.count / 2],
        peakKilobytes: runs.map(\.peakKilobytes).max()!)
    }
    self.measured = median(pairs.map(\.measured))
    self.floor = median(pairs.map(\.floor))
    self.ratio = pairs.map { $0.measured.seconds / $0.floor.seconds }.sorted()[rounds / 2]
  }

  /// `12.41 ms vs 18.81 ms (0.66×)`.
  var text: String {
    "\(format(ns: measured.seconds * 1e9)) vs \(format(ns: floor.seconds * 1e9)) "
      + "(\(format(ratio: ratio)))"
  }
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

let listRealistic = [syncups, "--file", realistic, "list"]
let listLarge = [syncups, "--file", large, "list"]
let listJSONLarge = [syncups, "--file", large, "list", "--json"]
let listTimed = [syncups, "--file", largeTimed, "list"]
let addLarge = [syncups, "--file", largeCopy, "-q", "add", "--title", "New"]
let freshCopy = { copyFile(large, to: largeCopy) }
let c1 = Comparison(listRealistic, against: [floor, realistic], environment: environment)
let c2 = Comparison(listRealistic, against: ["jq", "length", realistic], environment: environment)
let c3 = Comparison(listJSONLarge, against: ["jq", "-c", ".", large], environment: environment)
let c5 = Comparison(addLarge, against: listLarge, environment: environment, prepare: freshCopy)
let c8 = Comparison(
  addLarge, against: [writeFloor, largeCopy], environment: environment, prepare: freshCopy)
let c6 = Comparison(
  [syncups, "--file", largeTimed, "stats"], against: listTimed, environment: environment)
let c9 = Comparison(
  [syncups, "--file", largeItems, "items"], against: [syncups, "--file", largeItems, "list"],
  environment: environment)
let c10 = Comparison(
  [syncups, "--file", largeTimed, "stats", "--trend", "--weeks", "52"], against: listTimed,
  environment: environment)
let c11 = Comparison(
  [
    syncups, "--file", largeTimed, "report", "--weeks", "52", "--output",
    directory.appendingPathComponent("report.html").path,
  ], against: listTimed, environment: environment)
// The driver writes its merge over ours, so each run starts from a fresh copy of ours.
let c7 = Comparison(
  [syncups, "-q", "merge-driver", large, largeCopy, largeTheirs], against: listJSONLarge,
  environment: environment, prepare: { copyFile(largeOurs, to: largeCopy) })

let fileMB = Double(largeSize) / 1_000_000
let peakRatio = Double(c3.measured.peakKilobytes) * 1024 / Double(largeSize)
let realisticKB = (try FileManager.default.attributesOfItem(atPath: realistic)[.size] as! Int) / 1024
let itemsMB = Double(try FileManager.default.attributesOfItem(atPath: largeItems)[.size] as! Int)
  / 1_000_000
let timedSize = try FileManager.default.attributesOfItem(atPath: largeTimed)[.size] as! Int
let timedMB = Double(timedSize) / 1_000_000
let syncNothing = syncRow(syncups: syncups, directory: directory.path, realistic: realistic)
let standup = standupRows(syncups: syncups, directory: directory.path)
let schedule = scheduleRows(syncups: syncups, file: largeScheduled, environment: environment)
let calendar = calendarRow(syncups: syncups, file: largeScheduled, environment: environment)
let shipped = shippedBinaryRows(
  toolchainLinked: syncups, realistic: realistic, environment: environment)

printTable([
  BenchmarkRow(
    id: "C1", workload: "list, realistic (\(realisticKB) KB) vs decode floor",
    measured: c1.text, target: "≤ 1.3×", met: c1.ratio <= 1.3),
  BenchmarkRow(
    id: "C2", workload: "list, realistic vs jq length",
    measured: c2.text, target: "≤ 0.5×", met: c2.ratio <= 0.5),
  BenchmarkRow(
    id: "C3", workload: String(format: "list --json, large (%.0f MB) vs jq -c .", fileMB),
    measured: c3.text, target: "≤ 0.8×", met: c3.ratio <= 0.8),
  BenchmarkRow(
    id: "C4", workload: "list --json, large: peak memory",
    measured: "\(c3.measured.peakKilobytes / 1024) MB (\(format(ratio: peakRatio)) the file)",
    target: "≤ 3× the file", met: peakRatio <= 3),
  BenchmarkRow(
    id: "C5", workload: "add vs list, large",
    measured: c5.text,
    target: "reported: add also encodes and writes; held to C8's floor", met: nil),
  BenchmarkRow(
    id: "C8", workload: "add vs read + decode + encode + durable write floor, large",
    measured: c8.text, target: "≤ 1.1×", met: c8.ratio <= 1.1),
  BenchmarkRow(
    id: "C6", workload: String(format: "stats vs list, large with timings (%.0f MB)", timedMB),
    measured: c6.text, target: "≤ 1.5×", met: c6.ratio <= 1.5),
  BenchmarkRow(
    id: "C9", workload: String(format: "items vs list, large with 8 items a sync-up (%.0f MB)", itemsMB),
    measured: c9.text, target: "≤ 1.2×", met: c9.ratio <= 1.2),
  BenchmarkRow(
    id: "C10", workload: String(format: "stats --trend vs list, large with timings (%.0f MB)", timedMB),
    measured: c10.text, target: "≤ 1.5×", met: c10.ratio <= 1.5),
  BenchmarkRow(
    id: "C11", workload: "report of 52 weeks vs list, large with timings",
    measured: c11.text, target: "≤ 3×", met: c11.ratio <= 3),
  BenchmarkRow(
    id: "C7", workload: "merge-driver, large, 100 changes per side vs list --json",
    measured: c7.text + ", peak \(c7.measured.peakKilobytes / 1024) MB",
    target: "≤ 2.5×", met: c7.ratio <= 2.5),
  syncNothing,
  calendar,
] + schedule + standup + shipped)
