// W6 and W7: file-backed shared values on the real disk, in a temporary directory.
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif
import BenchmarkSupport
import SharedState

/// The live file system, counting writes.
final class CountingFileSystem: FileSystem, @unchecked Sendable {
  private let base = LiveFileSystem.shared
  private let lock = NSLockish()
  private var count = 0

  var writes: Int { lock.withLock { count } }

  func canonicalPath(_ path: String) -> String { base.canonicalPath(path) }
  func read<Result>(
    _ path: String, through body: (inout FileReader) throws -> Result
  ) throws -> (result: Result, fingerprint: FileFingerprint)? {
    try base.read(path, through: body)
  }
  func fingerprint(_ path: String) throws(FileSystemError) -> FileFingerprint? {
    try base.fingerprint(path)
  }
  func write(_ data: Data, to path: String) throws(FileSystemError) -> FileFingerprint {
    lock.withLock { count += 1 }
    return try base.write(data, to: path)
  }
  func lock(
    _ path: String, timeout: Duration, holder: String?
  ) throws(FileSystemError) -> any FileLock {
    try base.lock(path, timeout: timeout, holder: holder)
  }
  func watch(_ path: String, onChange: @escaping @Sendable () -> Void) -> any FileWatch {
    base.watch(path, onChange: onChange)
  }
  func write(_ data: Data, to path: String, durably: Bool) throws(FileSystemError)
    -> FileFingerprint
  {
    lock.withLock { count += 1 }
    return try base.write(data, to: path, durably: durably)
  }
  func makeDirectories(_ directory: String) throws(FileSystemError) {
    try base.makeDirectories(directory)
  }
  func contentsOfDirectory(_ directory: String) throws(FileSystemError) -> [String]? {
    try base.contentsOfDirectory(directory)
  }
  func removeFile(_ path: String) throws(FileSystemError) { try base.removeFile(path) }
  func entry(_ path: String) throws(FileSystemError) -> FileEntry? { try base.entry(path) }
  func resolvedEntry(_ path: String) throws(FileSystemError) -> FileEntry? {
    try base.resolvedEntry(path)
  }
  func symlinkTarget(_ path: String) throws(FileSystemError) -> String? {
    try base.symlinkTarget(path)
  }
  func isExecutable(_ path: String) -> Bool { base.isExecutable(path) }
  func append(_ data: Data, to path: String) throws(FileSystemError) {
    lock.withLock { count += 1 }
    try base.append(data, to: path)
  }
}

/// A tiny mutex for the counter.
final class NSLockish: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  func withLock<R>(_ body: () -> R) -> R {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return body()
  }
}

struct Entry: Codable, Sendable {
  var id: String
  var date: Date
  var text: String
}

struct Record: Codable, Identifiable, Sendable {
  var id: String
  var title: String
  var entries: [Entry]
}

func temporaryDirectory() -> String {
  var template = Array("/tmp/sharedstate-bench-XXXXXX".utf8CString)
  return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}

func fileStorageRows() -> [BenchmarkRow] {
  let directory = temporaryDirectory()
  defer { _ = rmrf(directory) }

  // W6: 10,000 mutations in a tight loop, then save().
  let counting = CountingFileSystem()
  let w6Time = best(of: 1, setup: { _ in () }) { _ in
    withDependencies {
      $0.defaultFileStorage.fileSystem = counting
      $0.sharedReferences = SharedReferences()
    } operation: {
      @Shared(.fileStorage(URL(filePath: directory + "/w6.json"))) var counter = 0
      for _ in 0..<10_000 { $counter.withLock { $0 += 1 } }
      try! $counter.save()
    }
  }

  // W7: an 18 MB file: load + one change + save, against read + decode alone and against the
  // floor of a change (read + decode + encode + durable write).
  let path = directory + "/w7.json"
  let records = IdentifiedArrayOf<Record>(
    uniqueElements: (0..<1_000).map { i in
      Record(
        id: "record-\(i)", title: "Record \(i)",
        entries: (0..<50).map { j in
          Entry(
            id: "entry-\(i)-\(j)", date: Date(timeIntervalSince1970: Double(1_700_000_000 + i * 50 + j)),
            text: String(repeating: "Blob: notes for the day, item \(j). ", count: 8)
          )
        }
      )
    }
  )
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  encoder.dateEncodingStrategy = .iso8601
  let data = try! encoder.encode(records)
  _ = try! LiveFileSystem.shared.write(data, to: path)

  let decodeOnly = best(setup: { _ in () }) { _ in
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let contents = try! LiveFileSystem.shared.read(path)!
    blackHole(try! decoder.decode(IdentifiedArrayOf<Record>.self, from: contents.data))
  }
  // The floor of a change: read, decode, encode with the codec `.fileStorage` uses, and write
  // durably with nothing around it.
  func changeAtTheFloor() {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let contents = try! Data(contentsOf: URL(filePath: path))
    let value = try! decoder.decode(IdentifiedArrayOf<Record>.self, from: contents)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    try! encoder.encode(value).withUnsafeBytes { writeDurably($0, to: path) }
  }
  func changeThroughShared(round: Int) {
    withDependencies {
      $0.defaultFileStorage.fileSystem = LiveFileSystem.shared
      $0.sharedReferences = SharedReferences()  // a cold start each time: the load is measured
    } operation: {
      @Shared(.fileStorage(URL(filePath: path))) var stored = IdentifiedArrayOf<Record>()
      $stored.withLock { $0[id: "record-500"]!.title = "Changed \(round)" }
      try! $stored.save()
    }
  }
  // The two in turn, five rounds after a warm-up each, so that a busy moment of the machine or
  // its disk falls on both sides of a round: each side's best time, and the median of the
  // rounds' ratios.
  changeAtTheFloor()
  changeThroughShared(round: 0)
  let clock = ContinuousClock()
  var rounds: [(floor: Duration, shared: Duration)] = []
  for round in 1...5 {
    let floorTime = clock.measure { changeAtTheFloor() }
    rounds.append((floorTime, clock.measure { changeThroughShared(round: round) }))
  }
  let floor = rounds.map(\.floor).min()!
  let loadChangeSave = rounds.map(\.shared).min()!
  let roundRatios = rounds.map { $0.shared.nanoseconds / $0.floor.nanoseconds }.sorted()
  let ratio = loadChangeSave.nanoseconds / decodeOnly.nanoseconds
  let floorRatio = roundRatios[roundRatios.count / 2]
  let megabytes = Double(data.count) / 1_000_000
  return [
    BenchmarkRow(
      id: "W6", workload: "10,000 mutations of a file-backed value, then save()",
      measured: "\(counting.writes) write(s), \(format(ns: w6Time.nanoseconds))",
      target: "≤ 3 writes", met: counting.writes <= 3),
    BenchmarkRow(
      id: "W7", workload: "read + decode, \(Int(megabytes.rounded())) MB file", measured: format(ns: decodeOnly.nanoseconds),
      target: "-", met: nil),
    BenchmarkRow(
      id: "W7", workload: "load + one change + save, same file",
      measured: "\(format(ns: loadChangeSave.nanoseconds)) (\(format(ratio: ratio)))",
      target: "reported: a change also encodes and writes; held to the floor", met: nil),
    BenchmarkRow(
      id: "W7", workload: "read + decode + encode + durable write, same file (floor)",
      measured: format(ns: floor.nanoseconds), target: "-", met: nil),
    BenchmarkRow(
      id: "W7", workload: "load + one change + save vs the floor",
      measured: format(ratio: floorRatio), target: "≤ 1.1×", met: floorRatio <= 1.1),
  ]
}

@discardableResult
func rmrf(_ path: String) -> Int32 {
  let command = "rm -rf '\(path)'"
  return system(command)
}
