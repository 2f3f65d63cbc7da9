import Foundation
import SharedState
import Synchronization
import Testing

private struct Note: Codable, Equatable, Sendable {
  var id: Int
  var text: String
}

private let url = URL(filePath: "/data/notes.json")

/// A count stored as a bare number, which tells how many times it has been encoded.
private struct Tally: Codable, Equatable, Sendable {
  var count = 0
  private let encodingCounter = EncodingCounter()
  var encodings: Int { encodingCounter.count.withLock { $0 } }

  init() {}
  init(from decoder: any Decoder) throws { count = try decoder.singleValueContainer().decode(Int.self) }
  func encode(to encoder: any Encoder) throws {
    encodingCounter.count.withLock { $0 += 1 }
    var container = encoder.singleValueContainer()
    try container.encode(count)
  }
  static func == (lhs: Tally, rhs: Tally) -> Bool { lhs.count == rhs.count }
}

/// `save()` as a caller that does not wait for the key calls it.
private func saveAtOnce<Value>(_ shared: Shared<Value>) throws { try shared.save() }

private final class EncodingCounter: Sendable {
  let count = Mutex(0)
}

/// Runs `body` in a fresh test world whose in-memory file system it is handed.
private func withFileSystem<R>(
  _ files: [String: Data] = [:],
  options: (inout FileStorageOptions) -> Void = { _ in },
  _ body: (InMemoryFileSystem) async throws -> R
) async rethrows -> R {
  let fileSystem = InMemoryFileSystem(files: files)
  return try await withDependencies {
    $0.defaultFileStorage.fileSystem = fileSystem
    options(&$0.fileStorageOptions)
  } operation: {
    try await body(fileSystem)
  }
}

/// Waits until `condition` holds; false only if it still does not after five minutes, a guard
/// against waiting for ever (other tests can keep the pool that polls busy for seconds).
private func eventually(
  within timeout: Duration = .seconds(300), _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}

private func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }

@Suite struct FileStorageTests {
  @Test func missingFileGivesTheDefaultAndWritesNothing() async throws {
    try await withFileSystem { fileSystem in
      @Shared(.fileStorage(url)) var notes: [Note] = [Note(id: 1, text: "default")]
      #expect(notes == [Note(id: 1, text: "default")])
      #expect($notes.loadError == nil)
      try $notes.save()
      #expect(fileSystem.writeCount(url.path) == 1)  // save() writes the default once asked
    }
    await withFileSystem { fileSystem in
      @Shared(.fileStorage(url)) var notes: [Note] = []
      try? await Task.sleep(for: .milliseconds(200))
      #expect(notes == [])
      #expect(fileSystem.writeCount(url.path) == 0)
    }
  }

  @Test func anEmptyFileGivesTheDefaultWithoutAnErrorAndIsWrittenOver() async throws {
    try await withFileSystem([url.path: Data()]) { fileSystem in
      @Shared(.fileStorage(url)) var notes: [Note] = [Note(id: 1, text: "default")]
      #expect(notes == [Note(id: 1, text: "default")])
      #expect($notes.loadError == nil)
      $notes.withLock { $0.append(Note(id: 2, text: "new")) }
      try await $notes.save()
      #expect($notes.saveError == nil)
      let saved = try JSONDecoder().decode([Note].self, from: #require(fileSystem.contents(of: url.path)))
      #expect(saved == [Note(id: 1, text: "default"), Note(id: 2, text: "new")])
      // Emptied by someone else: back to the default, as when the file is deleted.
      fileSystem.simulateOutsideWrite(Data(), to: url.path)
      #expect(await eventually { notes == [Note(id: 1, text: "default")] })
      #expect($notes.loadError == nil)
    }
  }

  @Test func writesPrettySortedJSON() async throws {
    try await withFileSystem { fileSystem in
      @Shared(.fileStorage(url)) var notes: [Note] = []
      $notes.withLock { $0.append(Note(id: 7, text: "Ship it")) }
      try $notes.save()
      #expect(
        text(fileSystem.contents(of: url.path)) == """
          [
            {
              "id" : 7,
              "text" : "Ship it"
            }
          ]
          """)
    }
  }

  @Test func loadsAnExistingFile() async {
    let data = Data(#"[{"id": 1, "text": "from disk"}]"#.utf8)
    await withFileSystem([url.path: data]) { _ in
      @Shared(.fileStorage(url)) var notes: [Note] = []
      #expect(notes == [Note(id: 1, text: "from disk")])
    }
  }

  @Test func aBurstOfMutationsIsWrittenAtItsStartAndOnceMore() async throws {
    // A window no run of the suite outlasts, so the rest waits for `save()`.
    try await withFileSystem(options: { $0.saveDelay = .seconds(3600) }) { fileSystem in
      @Shared(.fileStorage(url)) var count = 0
      for _ in 0..<1_000 { $count.withLock { $0 += 1 } }
      #expect(fileSystem.writeCount(url.path) == 1)
      #expect(text(fileSystem.contents(of: url.path)) == "1")
      try $count.save()
      #expect(fileSystem.writeCount(url.path) == 2)
      #expect(text(fileSystem.contents(of: url.path)) == "1000")

      try $count.save()  // unchanged: not written again
      #expect(fileSystem.writeCount(url.path) == 2)
    }
  }

  /// `save()` after a change already written has nothing to store: it does not encode the
  /// value again (for a large file, as long as the write itself). A change made in a
  /// transaction, or a value that came from outside, is still stored when asked.
  @Test func aSaveWithNothingNewToStoreDoesNotEncodeAgain() async throws {
    try await withFileSystem(options: { $0.saveDelay = .seconds(3600) }) { fileSystem in
      @Shared(.fileStorage(url)) var tally = Tally()
      $tally.withLock { $0.count = 1 }
      #expect(tally.encodings == 1)
      #expect(text(fileSystem.contents(of: url.path)) == "1")
      try saveAtOnce($tally)
      try await $tally.save()
      #expect(tally.encodings == 1)

      try $tally.transaction { $0.withLock { $0.count = 2 } }
      #expect(text(fileSystem.contents(of: url.path)) == "2")
      #expect(tally.encodings == 2)
      try await $tally.save()
      #expect(tally.encodings == 2)

      fileSystem.simulateOutsideDelete(url.path)
      #expect(await eventually { tally.count == 0 })
      try await $tally.save()  // the default, written again since the file is gone
      #expect(text(fileSystem.contents(of: url.path)) == "0")
      #expect(tally.encodings == 3)
    }
  }

  @Test func aChangeIsWrittenAtOnceAndTheNextWhenTheWindowCloses() async {
    // A window no pause of the test's thread between the next lines comes near.
    await withFileSystem(options: { $0.saveDelay = .seconds(1) }) { fileSystem in
      @Shared(.fileStorage(url)) var count = 0
      count = 5
      #expect(fileSystem.writeCount(url.path) == 1)
      #expect(text(fileSystem.contents(of: url.path)) == "5")
      count = 6
      #expect(fileSystem.writeCount(url.path) == 1)
      #expect(await eventually { fileSystem.writeCount(url.path) == 2 })
      #expect(text(fileSystem.contents(of: url.path)) == "6")
    }
  }

  @Test func writesAreThrottledInTheTimeOfTheStoragesScheduler() throws {
    let files = LockIsolated<[URL: Data]>([:])
    let scheduler = ManualScheduler()
    try withDependencies {
      $0.defaultFileStorage = .inMemory(
        fileSystem: files, async: { $0.perform() }, asyncAfter: scheduler.asyncAfter)
    } operation: {
      @Shared(.fileStorage(url)) var numbers: [Int] = []
      #expect(files.value.isEmpty)  // nothing written for a missing file
      $numbers.withLock { $0.append(1) }
      #expect(text(files.value[url]) == "[\n  1\n]")  // the first change: at once
      $numbers.withLock { $0.append(2) }
      scheduler.advance(by: .milliseconds(999))
      #expect(text(files.value[url]) == "[\n  1\n]")  // within the second: waits
      $numbers.withLock { $0.append(3) }
      scheduler.advance(by: .milliseconds(1))
      #expect(text(files.value[url]) == "[\n  1,\n  2,\n  3\n]")  // together when it ends
      scheduler.advance(by: .seconds(5))
      #expect(text(files.value[url]) == "[\n  1,\n  2,\n  3\n]")
      $numbers.withLock { $0.append(4) }
      #expect(text(files.value[url]) == "[\n  1,\n  2,\n  3,\n  4\n]")  // at once again
      $numbers.withLock { $0.append(5) }
      try $numbers.save()  // does not wait
      #expect(text(files.value[url]) == "[\n  1,\n  2,\n  3,\n  4,\n  5\n]")
    }
  }

  @Test func anInMemoryStorageOverADictionaryReadsWhatATestPutsThere() {
    let other = URL(filePath: "/data/other.json")
    let files = LockIsolated<[URL: Data]>([url: Data(#"[{"id": 1, "text": "there"}]"#.utf8)])
    withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: files)
    } operation: {
      @Shared(.fileStorage(url)) var notes: [Note] = []
      @Shared(.fileStorage(other)) var count = 0
      #expect(notes == [Note(id: 1, text: "there")])
      files.withValue { $0[url] = Data(#"[{"id": 2, "text": "put later"}]"#.utf8) }
      $notes.withLock { $0.append(Note(id: 3, text: "new")) }  // starts from the file
      #expect(notes == [Note(id: 2, text: "put later"), Note(id: 3, text: "new")])
      count = 7
      #expect(text(files.value[other]) == "7")
      #expect(files.value.count == 2)
    }
    // Each plain `.inMemory` is a file system of its own.
    let first = withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      @Shared(.fileStorage(url)) var count = 0
      return $count
    }
    let second = withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      @Shared(.fileStorage(url)) var count = 0
      return $count
    }
    first.withLock { $0 = 1 }
    #expect(second.wrappedValue == 0)
  }

  @Test func aCorruptFileIsReportedAndNeverOverwritten() async throws {
    let corrupt = Data(#"[{"id": 1, "text": 42}]"#.utf8)
    try await withFileSystem([url.path: corrupt], options: { $0.saveDelay = .milliseconds(10) }) {
      fileSystem in
      @Shared(.fileStorage(url)) var notes: [Note] = []
      #expect(notes == [])
      let error = try #require($notes.loadError as? FileStorageError)
      #expect(error.kind == .undecodable)
      #expect(error.path == "/data/notes.json")
      #expect("\(error)".hasPrefix("cannot decode '/data/notes.json': expected a string, found a number (at [0].text)"))

      $notes.withLock { $0.append(Note(id: 2, text: "new")) }
      let saveError = try #require($notes.saveError as? FileStorageError)
      #expect(saveError.kind == .refusedToOverwrite)
      #expect(saveError.path == "/data/notes.json")
      #expect("\(saveError)".hasPrefix("not saving to '/data/notes.json', which could not be loaded: expected a string, found a number (at [0].text)"))
      let refusal = try #require(throws: FileStorageError.self) { try $notes.save() }
      #expect(refusal.kind == .refusedToOverwrite)
      #expect("\(refusal)" == "\(saveError)")
      try await Task.sleep(for: .milliseconds(100))  // a delayed write, were one scheduled
      #expect(fileSystem.contents(of: url.path) == corrupt)
      #expect(fileSystem.writeCount(url.path) == 0)
    }
  }

  @Test func anUnreadableFileIsALoadErrorNotAnAbsentOne() async throws {
    try await withFileSystem { fileSystem in
      fileSystem.setFailure(
        for: url.path, operation: .read,
        error: FileSystemError(kind: .permissionDenied, path: url.path, message: "Permission denied", errno: 13)
      )
      @Shared(.fileStorage(url)) var notes: [Note] = []
      let error = try #require($notes.loadError as? FileStorageError)
      #expect(error.kind == .unreadable)
      #expect("\(error)" == "cannot read '/data/notes.json': Permission denied")
    }
  }

  @Test func aFixedFileCanBeLoadedAgain() async throws {
    try await withFileSystem([url.path: Data("oops".utf8)]) { fileSystem in
      @Shared(.fileStorage(url)) var count = 0
      #expect($count.loadError != nil)
      fileSystem.simulateOutsideWrite(Data("3".utf8), to: url.path)
      try $count.load()
      #expect(count == 3)
      #expect($count.loadError == nil)
      count += 1
      try $count.save()
      #expect(text(fileSystem.contents(of: url.path)) == "4")
    }
  }

  @Test func aMutationStartsFromAnotherProcesssChange() async throws {
    try await withFileSystem([url.path: Data("[1]".utf8)]) { fileSystem in
      @Shared(.fileStorage(url)) var numbers: [Int] = []
      #expect(numbers == [1])
      fileSystem.simulateOutsideWrite(Data("[1,2]".utf8), to: url.path)
      $numbers.withLock { $0.append(3) }  // refreshes under the lock before mutating
      try $numbers.save()
      #expect(numbers == [1, 2, 3])
      #expect(text(fileSystem.contents(of: url.path)) == "[\n  1,\n  2,\n  3\n]")
    }
  }

  @Test func outsideChangesReachEveryHolderAndObserver() async throws {
    try await withFileSystem([url.path: Data("1".utf8)]) { fileSystem in
      @Shared(.fileStorage(url)) var count = 0
      let reader = SharedReader(wrappedValue: 0, .fileStorage(url))
      let stream = $count.values
      let seen = Task {
        var values: [Int] = []
        for await value in stream {
          values.append(value)
          if values.count == 3 { break }
        }
        return values
      }
      count = 2  // our own change: seen once, and its write does not come back
      try await $count.save()
      fileSystem.simulateOutsideWrite(Data("10".utf8), to: url.path)
      #expect(await eventually { count == 10 })
      #expect(reader.wrappedValue == 10)
      fileSystem.simulateOutsideDelete(url.path)
      #expect(await eventually { count == 0 })  // deleted: back to the default
      #expect(await seen.value == [2, 10, 0])
    }
  }

  @Test func withoutObservingNoWatchStartsYetMutationsStillSeeOutsideChanges() async throws {
    try await withFileSystem([url.path: Data("[1]".utf8)], options: { $0.observesOutsideChanges = false }) {
      fileSystem in
      @Shared(.fileStorage(url)) var numbers: [Int] = []
      #expect(numbers == [1])
      #expect(fileSystem.watchCount(url.path) == 0)
      fileSystem.simulateOutsideWrite(Data("[1,2]".utf8), to: url.path)
      #expect(numbers == [1])  // not observed…
      $numbers.withLock { $0.append(3) }  // …but a mutation still starts from the file
      try $numbers.save()
      #expect(numbers == [1, 2, 3])
    }
    await withFileSystem([url.path: Data("[1]".utf8)]) { fileSystem in
      @Shared(.fileStorage(url)) var numbers: [Int] = []
      #expect(fileSystem.watchCount(url.path) == 1)
    }
  }

  @Test func aMutationThatChangesNothingWritesNothingAndLetsTheLockGo() async throws {
    try await withFileSystem([url.path: Data("[1,2]".utf8)], options: { $0.saveDelay = .milliseconds(10) }) {
      fileSystem in
      @Shared(.fileStorage(url)) var numbers: [Int] = []
      $numbers.withLock { $0.sort() }  // already sorted
      try await Task.sleep(for: .milliseconds(50))
      #expect(fileSystem.writeCount(url.path) == 0)
      #expect(text(fileSystem.contents(of: url.path)) == "[1,2]")
      // Another process can take the lock at once.
      let other = try fileSystem.lock(url.path, timeout: .zero)
      other.unlock()
      $numbers.withLock { $0.append(3) }
      try await $numbers.save()
      #expect(text(fileSystem.contents(of: url.path)) == "[\n  1,\n  2,\n  3\n]")
    }
  }

  @Test func aMutationThatCouldNotTakeTheLockIsNotWrittenLater() async throws {
    try await withFileSystem([url.path: Data("[1]".utf8)], options: {
      $0.saveDelay = .milliseconds(10)
      $0.lockTimeout = .milliseconds(20)
    }) { fileSystem in
      @Shared(.fileStorage(url)) var numbers: [Int] = []
      let other = try fileSystem.lock(url.path, timeout: .zero)
      $numbers.withLock { $0.append(2) }
      let error = try #require($numbers.saveError as? FileStorageError)
      #expect(error.kind == .lockTimeout)
      #expect(numbers == [1, 2])  // in memory only
      other.unlock()
      try await Task.sleep(for: .milliseconds(60))
      #expect(fileSystem.writeCount(url.path) == 0)
      try await $numbers.save()  // saving on purpose writes it
      #expect(text(fileSystem.contents(of: url.path)) == "[\n  1,\n  2\n]")
    }
  }

  @Test func aStreamingKeyDecodesTheFileAsItIsRead() async throws {
    // One number per line, parsed as the chunks come, never holding the whole file.
    @Sendable func numbers(from file: inout FileReader) throws -> [Int] {
      var numbers: [Int] = []
      var current: Int?
      var chunk = [UInt8](repeating: 0, count: 64)
      while case let count = try chunk.withUnsafeMutableBytes({ try file.read(into: $0) }),
        count > 0
      {
        #expect(count <= 3)
        for byte in chunk[..<count] {
          if byte == UInt8(ascii: "\n") {
            numbers.append(current ?? 0)
            current = nil
          } else {
            current = (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
          }
        }
      }
      return numbers
    }
    let fileSystem = InMemoryFileSystem(
      files: [url.path: Data("12\n345\n6789\n".utf8)], readChunkLimit: 3)
    try withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
    } operation: {
      @Shared(
        .fileStorage(url, reading: numbers(from:), encode: { @Sendable numbers in
          Data(numbers.map { "\($0)\n" }.joined().utf8)
        })
      ) var values: [Int] = []
      #expect(values == [12, 345, 6789])
      $values.withLock { $0.append(1) }
      try $values.save()
      #expect(text(fileSystem.contents(of: url.path)) == "12\n345\n6789\n1\n")
    }
  }

  @Test func aSaveOfTheSameSizeIsWrittenUnlessItHoldsTheSameBytes() async throws {
    try await withFileSystem(
      [url.path: Data("\"abc\"".utf8)], options: { $0.observesOutsideChanges = false }
    ) { fileSystem in
      @Shared(.fileStorage(url)) var word = ""
      try $word.save()  // the bytes the file holds: nothing to write
      #expect(fileSystem.writeCount(url.path) == 0)
      $word.withLock { $0 = "abd" }  // as long as before, but other bytes
      try $word.save()
      #expect(fileSystem.writeCount(url.path) == 1)
      #expect(text(fileSystem.contents(of: url.path)) == "\"abd\"")
      try $word.save()
      #expect(fileSystem.writeCount(url.path) == 1)
    }
  }

  @Test func aChangeWaitingToBeWrittenOutlivesAnOutsideRewrite() async throws {
    // The file is touched (the same bytes), then reformatted (the same value), then given
    // other contents by a writer that ignores the lock, all while our change waits: for an
    // hour, longer than any run of the suite, so a loaded machine cannot write it early.
    try await withFileSystem(
      [url.path: Data("[1]".utf8)], options: { $0.saveDelay = .seconds(3600) }
    ) { fileSystem in
      @Shared(.fileStorage(url)) var numbers: [Int] = []
      $numbers.withLock { $0.append(2) }  // written at once
      $numbers.withLock { $0.append(3) }  // waits
      for outside in ["[1,2]", "[ 1, 2 ]", "[7]"] {
        fileSystem.simulateOutsideWrite(Data(outside.utf8), to: url.path)
        try await Task.sleep(for: .milliseconds(50))  // the watch has seen it
        #expect(numbers == [1, 2, 3], "after \(outside)")
      }
      try await $numbers.save()
      #expect(text(fileSystem.contents(of: url.path)) == "[\n  1,\n  2,\n  3\n]")
      fileSystem.simulateOutsideWrite(Data("[9]".utf8), to: url.path)  // nothing waits now
      #expect(await eventually { numbers == [9] })
    }
  }

  @Test func aFileRewrittenWithTheSameValueNotifiesNobody() async throws {
    try await withFileSystem([url.path: Data("1".utf8)]) { fileSystem in
      @Shared(.fileStorage(url)) var count = 0
      let stream = $count.values
      let first = Task { () -> Int? in
        for await value in stream { return value }
        return nil
      }
      fileSystem.simulateOutsideWrite(Data(" 1\n".utf8), to: url.path)  // other bytes, same value
      try await Task.sleep(for: .milliseconds(50))
      fileSystem.simulateOutsideWrite(Data("5".utf8), to: url.path)
      #expect(await first.value == 5)
    }
  }

  @Test func keysNamingTheSameFileShareOneStorage() async {
    await withFileSystem { _ in
      @Shared(.fileStorage(URL(filePath: "/data/notes.json"))) var first = 0
      @Shared(.fileStorage(URL(filePath: "/data/./archive/../notes.json"))) var second = 0
      first = 9
      #expect(second == 9)
    }
  }

  @Test func aLockHeldTooLongIsAnErrorNotAHang() async throws {
    try await withFileSystem(options: { $0.lockTimeout = .milliseconds(50) }) { fileSystem in
      let held = try fileSystem.lock(url.path, timeout: .seconds(1))
      defer { held.unlock() }
      @Shared(.fileStorage(url)) var count = 0
      let start = ContinuousClock.now
      count = 1
      // Measured across no suspension: the 50 ms asked for, not the 10 s default.
      #expect(ContinuousClock.now - start < .seconds(10))
      let error = try #require($count.saveError as? FileStorageError)
      #expect(error.kind == .lockTimeout)
      #expect("\(error)" == "'/data/notes.json' is locked by another process: gave up waiting after 0.05 s")
    }
  }

  @Test func aLockFileThatCannotBeMadeIsAWriteErrorNotALock() async throws {
    try await withFileSystem([url.path: Data("1".utf8)]) { fileSystem in
      @Shared(.fileStorage(url)) var count = 0
      let readOnly = FileSystemError(
        kind: .permissionDenied, path: url.path + ".lock",
        message: "cannot open '\(url.path).lock': Read-only file system", errno: EROFS)
      fileSystem.setFailure(for: url.path, operation: .lock, error: readOnly, count: nil)
      count = 2
      let error = try #require($count.saveError as? FileStorageError)
      #expect(error.kind == .unwritable)
      #expect("\(error)" == "cannot write '/data/notes.json': Read-only file system")
      // Saving again takes the lock again, and fails the same way.
      let again = try #require(throws: FileStorageError.self) { try $count.save() }
      #expect("\(again)" == "cannot write '/data/notes.json': Read-only file system")
      #expect(text(fileSystem.contents(of: url.path)) == "1")
    }
  }

  @Test func aFailedWriteIsASaveErrorAndTheFileIsKept() async throws {
    try await withFileSystem([url.path: Data("1".utf8)]) { fileSystem in
      @Shared(.fileStorage(url)) var count = 0
      let noSpace = FileSystemError(
        kind: .noSpace, path: url.path, message: "No space left on device", errno: 28)
      fileSystem.setFailure(for: url.path, operation: .write, error: noSpace)
      count = 2  // written at once: that write fails
      #expect(($count.saveError as? FileStorageError)?.description == "cannot write '/data/notes.json': No space left on device")
      #expect(text(fileSystem.contents(of: url.path)) == "1")
      fileSystem.setFailure(for: url.path, operation: .write, error: noSpace)
      #expect(throws: FileStorageError.self) { try $count.save() }
      #expect(text(fileSystem.contents(of: url.path)) == "1")
      try $count.save()  // the failure has passed
      #expect(text(fileSystem.contents(of: url.path)) == "2")
      #expect($count.saveError == nil)
    }
  }

  @Test func aSaveNeverOverwritesAnotherProcesssNewerFile() async throws {
    try await withFileSystem(
      [url.path: Data("[1]".utf8)], options: { $0.observesOutsideChanges = false }
    ) { fileSystem in
      @Shared(.fileStorage(url)) var numbers: [Int] = []
      #expect(numbers == [1])
      fileSystem.simulateOutsideWrite(Data("[1,5]".utf8), to: url.path)
      let error = try #require(throws: FileStorageError.self) { try $numbers.save() }
      #expect(error.kind == .unwritable)
      #expect(
        "\(error)"
          == "cannot write '/data/notes.json': the file was changed by another process; reload before saving")
      #expect(text(fileSystem.contents(of: url.path)) == "[1,5]")
      #expect(fileSystem.writeCount(url.path) == 0)
      try $numbers.load()
      #expect(numbers == [1, 5])
    }
  }

  @Test func twoContextsWritingOneFileNeverLoseAnAppend() async throws {
    let fileSystem = InMemoryFileSystem()
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<2 {
        group.addTask {
          await withDependencies { $0.defaultFileStorage.fileSystem = fileSystem } operation: {
            @Shared(.fileStorage(url)) var numbers: [Int] = []
            for step in 0..<100 {
              $numbers.withLock { $0.append(worker * 1000 + step) }
              try? await $numbers.save()
              await Task.yield()
            }
          }
        }
      }
    }
    let numbers = try JSONDecoder().decode([Int].self, from: #require(fileSystem.contents(of: url.path)))
    #expect(numbers.count == 200)
    #expect(Set(numbers) == Set((0..<100).map { $0 } + (0..<100).map { 1000 + $0 }))
  }
}

private enum Tone: String, Codable, Sendable { case chime, beep }

/// Raw-value backed without being `Codable`.
private struct Level: RawRepresentable, Equatable, Sendable {
  var rawValue: Int
}

@Suite struct AppStorageTests {
  private func withSettings<R>(_ body: (InMemoryFileSystem) async throws -> R) async rethrows -> R {
    let fileSystem = InMemoryFileSystem()
    return try await withDependencies {
      $0.defaultAppStorage = AppStorage(url: URL(filePath: "/config/settings.json"), fileSystem: fileSystem)
    } operation: {
      try await body(fileSystem)
    }
  }

  @Test func settingsAreSharedByName() async {
    await withSettings { _ in
      @Shared(.appStorage("bell")) var bell = true
      @Shared(.appStorage("bell")) var same = false
      #expect(same == true)
      bell = false
      #expect(same == false)
    }
  }

  @Test func aSettingsFolderThatCannotBeWrittenIsAWriteErrorNotALock() async throws {
    try await withSettings { fileSystem in
      let readOnly = FileSystemError(
        kind: .permissionDenied, path: "/config/settings.json.lock",
        message: "cannot open '/config/settings.json.lock': Read-only file system", errno: EROFS)
      fileSystem.setFailure(
        for: "/config/settings.json", operation: .lock, error: readOnly, count: nil)
      @Shared(.appStorage("bell")) var bell = true
      bell = false
      let error = try #require($bell.saveError as? FileStorageError)
      #expect(error.kind == .unwritable)
      #expect("\(error)" == "cannot write '/config/settings.json': Read-only file system")
      // As `config set` saves the setting: the lock is taken again, and fails the same way.
      let again = try #require(throws: FileStorageError.self) { try $bell.save() }
      #expect("\(again)" == "cannot write '/config/settings.json': Read-only file system")
    }
  }

  @Test func simpleValuesRoundTripThroughOneSettingsFile() async throws {
    try await withSettings { fileSystem in
      @Shared(.appStorage("bell")) var bell = true
      @Shared(.appStorage("duration")) var duration = 300
      @Shared(.appStorage("ratio")) var ratio = 0.5
      @Shared(.appStorage("theme")) var theme = "bubblegum"
      @Shared(.appStorage("tone")) var tone = Tone.chime
      @Shared(.appStorage("since")) var since = Date(timeIntervalSince1970: 0)
      bell = false
      duration = 600
      ratio = 0.25
      theme = "sky"
      tone = .beep
      since = Date(timeIntervalSince1970: 1_234_567_890)
      try $since.save()
      #expect(
        text(fileSystem.contents(of: "/config/settings.json")) == """
          {
            "bell" : false,
            "duration" : 600,
            "ratio" : 0.25,
            "since" : "2009-02-13T23:31:30Z",
            "theme" : "sky",
            "tone" : "beep"
          }
          """)
    }
  }

  @Test func readsSettingsWrittenBefore() {
    let fileSystem = InMemoryFileSystem(files: ["/config/settings.json": Data(#"{"bell": false, "tone": "beep"}"#.utf8)])
    withDependencies {
      $0.defaultAppStorage = AppStorage(url: URL(filePath: "/config/settings.json"), fileSystem: fileSystem)
    } operation: {
      @SharedReader(.appStorage("bell")) var bell = true
      @SharedReader(.appStorage("tone")) var tone = Tone.chime
      @SharedReader(.appStorage("missing")) var missing = 42
      #expect(bell == false)
      #expect(tone == .beep)
      #expect(missing == 42)
    }
  }

  @Test func theStoredSettingsAreWhatTheFileHoldsWithoutDefaults() {
    let fileSystem = InMemoryFileSystem(
      files: ["/config/settings.json": Data(#"{"bell": false, "volume": "loud"}"#.utf8)])
    withDependencies {
      $0.defaultAppStorage = AppStorage(url: URL(filePath: "/config/settings.json"), fileSystem: fileSystem)
    } operation: {
      @Dependency(\.defaultAppStorage) var store
      @SharedReader(.appStorage("tone")) var tone = Tone.chime
      #expect(tone == .chime)
      #expect(store.storedSettings == ["bell": .bool(false), "volume": .string("loud")])
    }
    withDependencies { $0.defaultAppStorage = .inMemory } operation: {
      @Dependency(\.defaultAppStorage) var store
      #expect(store.storedSettings == [:])
    }
  }

  @Test func theStoreReadsAndWritesWhatSharedSettingsHold() async throws {
    try await withSettings { fileSystem in
      @Dependency(\.defaultAppStorage) var store
      @Shared(.appStorage("bell")) var bell = true
      @Shared(.appStorage("volume")) var volume = 3
      @Shared(.appStorage("ratio")) var ratio = 0.5
      @Shared(.appStorage("theme")) var theme = "bubblegum"
      @Shared(.appStorage("names")) var names = ["Blob"]
      @Shared(.appStorage("home")) var home = URL(filePath: "/home/blob")
      @Shared(.appStorage("key")) var key = Data([4, 2])
      @Shared(.appStorage("since")) var since = Date(timeIntervalSince1970: 0)
      @Shared(.appStorage("tone")) var tone = Tone.chime
      @Shared(.appStorage("level")) var level = Level(rawValue: 2)
      // Defaults show through the store while the file has none, and are not written.
      #expect(store.bool(forKey: "bell") == true)
      #expect(store.integer(forKey: "volume") == 3)
      #expect(store.double(forKey: "ratio") == 0.5)
      #expect(store.string(forKey: "theme") == "bubblegum")
      #expect(store.stringArray(forKey: "names") == ["Blob"])
      #expect(store.url(forKey: "home") == URL(filePath: "/home/blob"))
      #expect(store.data(forKey: "key") == Data([4, 2]))
      #expect(store.object(forKey: "since") as? String == "1970-01-01T00:00:00Z")
      #expect(store.string(forKey: "tone") == "chime")
      #expect(store.integer(forKey: "level") == 2)
      #expect(store.object(forKey: "unknown") == nil)
      #expect(fileSystem.writeCount("/config/settings.json") == 0)

      store.set(false, forKey: "bell")
      store.set(7, forKey: "volume")
      store.set(0.25, forKey: "ratio")
      store.set("sky", forKey: "theme")
      store.set(["Blob", "Blob Jr."], forKey: "names")
      store.set(URL(filePath: "/srv/blob"), forKey: "home")
      store.set(Data([1, 7]), forKey: "key")
      store.set(Date(timeIntervalSince1970: 1_234_567_890), forKey: "since")
      store.set("beep", forKey: "tone")
      store.set(5, forKey: "level")
      #expect(bell == false)
      #expect(volume == 7)
      #expect(ratio == 0.25)
      #expect(theme == "sky")
      #expect(names == ["Blob", "Blob Jr."])
      #expect(home == URL(filePath: "/srv/blob"))
      #expect(key == Data([1, 7]))
      #expect(since == Date(timeIntervalSince1970: 1_234_567_890))
      #expect(tone == .beep)
      #expect(level == Level(rawValue: 5))
      try $bell.save()
      #expect(
        text(fileSystem.contents(of: "/config/settings.json")) == """
          {
            "bell" : false,
            "home" : "file:///srv/blob",
            "key" : "AQc=",
            "level" : 5,
            "names" : [
              "Blob",
              "Blob Jr."
            ],
            "ratio" : 0.25,
            "since" : "2009-02-13T23:31:30Z",
            "theme" : "sky",
            "tone" : "beep",
            "volume" : 7
          }
          """)
      // The other way: what a Shared sets, the store reads.
      $volume.withLock { $0 = 9 }
      #expect(store.integer(forKey: "volume") == 9)
      #expect(store.string(forKey: "volume") == "9")
      #expect(store.double(forKey: "volume") == 9)
    }
  }

  @Test func anOptionalSettingIsNilUntilSetAndSettingItToNilRemovesIt() async throws {
    try await withSettings { fileSystem in
      @Dependency(\.defaultAppStorage) var store
      @Shared(.appStorage("last-export")) var lastExport: Date?
      @Shared(.appStorage("tone")) var tone: Tone? = .chime
      #expect(lastExport == nil)
      #expect(store.object(forKey: "last-export") == nil)
      #expect(store.string(forKey: "tone") == "chime")

      store.set(Date(timeIntervalSince1970: 0), forKey: "last-export")
      store.set("beep", forKey: "tone")
      #expect(lastExport == Date(timeIntervalSince1970: 0))
      #expect(tone == .beep)
      store.removeObject(forKey: "tone")
      #expect(tone == .chime)  // removed: its default again
      store.set(Optional("beep"), forKey: "tone")
      #expect(tone == .beep)
      $tone.withLock { $0 = nil }
      #expect(tone == nil)  // set to nil: nil, and no setting any more
      #expect(store.object(forKey: "tone") == nil)
      store.set(Date?.none, forKey: "last-export")
      #expect(lastExport == nil)
      try $tone.save()
      let saved = try JSONDecoder().decode(
        [String: JSONValue].self, from: #require(fileSystem.contents(of: "/config/settings.json")))
      #expect(saved == [:])
    }
  }

  @Test func theStoreSeesOutsideChangesToTheSettingsFile() async {
    await withSettings { fileSystem in
      @Dependency(\.defaultAppStorage) var store
      @SharedReader(.appStorage("bell")) var bell = true
      #expect(store.bool(forKey: "bell") == true)
      fileSystem.simulateOutsideWrite(Data(#"{"bell": false}"#.utf8), to: "/config/settings.json")
      #expect(await eventually { store.bool(forKey: "bell") == false && bell == false })
    }
  }

  @Test func eachTestWorldHasAnInMemoryStoreOfItsOwn() {
    withDependencies { _ in } operation: {
      @Dependency(\.defaultAppStorage) var store
      store.set(true, forKey: "bell")
      #expect(store.bool(forKey: "bell") == true)
    }
    withDependencies { $0.defaultAppStorage = .inMemory } operation: {
      @Dependency(\.defaultAppStorage) var store
      #expect(store.object(forKey: "bell") == nil)
    }
  }

  @Test func anOutsideChangeToOneSettingReachesItsHolders() async {
    await withSettings { fileSystem in
      @Shared(.appStorage("bell")) var bell = true
      @Shared(.appStorage("volume")) var volume = 3
      fileSystem.simulateOutsideWrite(Data(#"{"bell": false, "volume": 3}"#.utf8), to: "/config/settings.json")
      #expect(await eventually { bell == false })
      #expect(volume == 3)
    }
  }

  @Test func aValueOfTheWrongTypeIsALoadError() throws {
    let fileSystem = InMemoryFileSystem(files: ["/config/settings.json": Data(#"{"bell": "loud"}"#.utf8)])
    try withDependencies {
      $0.defaultAppStorage = AppStorage(url: URL(filePath: "/config/settings.json"), fileSystem: fileSystem)
    } operation: {
      @Shared(.appStorage("bell")) var bell = true
      #expect(bell == true)
      let error = try #require($bell.loadError as? FileStorageError)
      #expect(error.kind == .undecodable)
      #expect("\(error)".hasPrefix("cannot decode '/config/settings.json': setting 'bell' has an unexpected value"))
    }
  }

  @Test func testsGetTheirOwnSettings() {
    withDependencies { _ in } operation: {
      @Shared(.appStorage("isolated-setting")) var value = 1
      value = 2
    }
    withDependencies { _ in } operation: {
      @Shared(.appStorage("isolated-setting")) var value = 1
      #expect(value == 1)
    }
  }
}

// MARK: - On the real disk, across processes

@Suite("FileStorage on disk")
struct LiveFileStorageTests {
  @Test func eightProcessesAppendingAtOnceLoseNothing() async throws {
    let worker = try fsWorkerExecutable()
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/data/entries.json"
      // No explicit save: the coalesced write and the flush at exit must carry every change.
      let processes = try (0..<8).map { id in
        try fsSpawn(worker, ["--shared", file, "\(id)", "25"], in: dir)
      }
      for process in processes {
        #expect(await fsWaitForExit(process) == .exited(0), "\(process.errorOutput)")
      }
      let entries = try fsDecodeEntries(LiveFileSystem.shared, file)
      #expect(entries.count == 200)
      for id in 0..<8 {
        #expect(entries.filter { $0.hasPrefix("w\(id)-") } == (0..<25).map { "w\(id)-\($0)" })
      }
    }
  }

  @Test func aWriterKilledMidBurstLeavesOnlyWholeEarlierStates() async throws {
    let worker = try fsWorkerExecutable()
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/entries.json"
      let process = try fsSpawn(
        worker, ["--shared", file, "3", "\(fsBurstLength)", "--save-each"], in: dir)
      // Killed mid-burst: once it has written a few times, whenever that is.
      #expect(await fsWaitUntil { fsEntryCount(file) >= 20 })
      #expect(kill(process.pid, SIGKILL) == 0)
      #expect(await fsWaitForExit(process) == .killed(SIGKILL), "\(process.errorOutput)")
      let entries = try fsDecodeEntries(LiveFileSystem.shared, file)
      #expect(entries.count >= 20)
      #expect(entries.count < fsBurstLength)
      #expect(entries == (0..<entries.count).map { "w3-\($0)" })
    }
  }

  @Test func aChangeWaitingAtExitIsWritten() async throws {
    let worker = try fsWorkerExecutable()
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/entries.json"
      _ = try LiveFileSystem.shared.write(Data(#"["before"]"#.utf8), to: file)
      // The worker's second change waits an hour to be written; it exits at once.
      let process = try fsSpawn(worker, ["--pending-at-exit", file, "at exit"], in: dir)
      #expect(await fsWaitForExit(process) == .exited(0), "\(process.errorOutput)")
      #expect(try fsDecodeEntries(LiveFileSystem.shared, file) == ["before", "at once", "at exit"])
      #expect(fsEntries(dir) == [".entries.json.lock", "entries.json"])
    }
  }

  @Test func aChangeIsWrittenAfterItsDelayAndTheLockLetGo() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/count.json"
      try await withDependencies { $0.defaultFileStorage.fileSystem = LiveFileSystem.shared } operation: {
        @Shared(.fileStorage(URL(filePath: file))) var count = 0
        for value in 1...5 { $count.withLock { $0 = value } }
        // No save: the delayed write puts the last value on disk, then lets the lock go.
        #expect(await fsWaitUntil { (try? LiveFileSystem.shared.read(file))?.data == Data("5".utf8) })
        #expect(
          await fsWaitUntil {
            guard let lock = try? LiveFileSystem.shared.lock(file, timeout: .zero) else { return false }
            lock.unlock()
            return true
          })
        #expect($count.saveError == nil)
        try await $count.save()  // nothing left to write
      }
      #expect(fsEntries(dir) == [".count.json.lock", "count.json"])
    }
  }

  @Test func aCorruptFileOnDiskIsNeverOverwritten() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/notes.json"
      let corrupt = Data(#"[{"id": 1, "text": "unfinished"#.utf8)
      #expect(FileManager.default.createFile(atPath: file, contents: corrupt))
      let before = try #require(try LiveFileSystem.shared.fingerprint(file))
      try withDependencies { $0.defaultFileStorage.fileSystem = LiveFileSystem.shared } operation: {
        @Shared(.fileStorage(URL(filePath: file))) var notes: [Note] = []
        #expect(($notes.loadError as? FileStorageError)?.kind == .undecodable)
        notes = [Note(id: 2, text: "new")]
        #expect(($notes.saveError as? FileStorageError)?.kind == .refusedToOverwrite)
        let refusal = try #require(throws: FileStorageError.self) { try $notes.save() }
        #expect(refusal.kind == .refusedToOverwrite)
        #expect("\(refusal)".hasPrefix("not saving to '\(file)', which could not be loaded: "))
      }
      #expect(try LiveFileSystem.shared.read(file)?.data == corrupt)
      #expect(try LiveFileSystem.shared.fingerprint(file) == before)
      #expect(fsEntries(dir) == ["notes.json"])  // not even a lock file
    }
  }

  @Test func anOutsideWriteReachesAnObserver() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/count.json"
      try await withDependencies { $0.defaultFileStorage.fileSystem = LiveFileSystem.shared } operation: {
        @Shared(.fileStorage(URL(filePath: file))) var count = 0
        let stream = $count.values
        let received = Task { () -> Int? in
          for await value in stream { return value }
          return nil
        }
        _ = try LiveFileSystem().write(Data("41".utf8), to: file)  // as another program would
        #expect(await received.value == 41)
        #expect(count == 41)
      }
    }
  }

  @Test func aDanglingSymlinkIsAnErrorAndNothingIsCreated() async throws {
    try await withFSTemporaryDirectory { dir in
      let link = dir + "/data.json"
      #expect(symlink(dir + "/unmounted/data.json", link) == 0)
      withDependencies { $0.defaultFileStorage.fileSystem = LiveFileSystem.shared } operation: {
        @Shared(.fileStorage(URL(filePath: link))) var count = 0
        let error = $count.loadError as? FileStorageError
        #expect(error?.kind == .unreadable)
        #expect(
          error?.description
            == "cannot read '\(link)': it is a symbolic link to '\(dir)/unmounted/data.json', which does not exist")
        count = 1
        #expect(throws: FileStorageError.self) { try $count.save() }
      }
      #expect(access(dir + "/unmounted", F_OK) != 0)
    }
  }

  @Test func aSymlinkAndItsTargetShareOneStorage() async throws {
    try await withFSTemporaryDirectory { dir in
      let target = dir + "/real.json"
      #expect(symlink(target, dir + "/alias.json") == 0)
      try withDependencies { $0.defaultFileStorage.fileSystem = LiveFileSystem.shared } operation: {
        @Shared(.fileStorage(URL(filePath: target))) var first = 0
        @Shared(.fileStorage(URL(filePath: dir + "/alias.json"))) var second = 0
        first = 4
        #expect(second == 4)
        // Written now: a write left waiting would land after the test removed its directory.
        try $second.save()
      }
      #expect(try LiveFileSystem.shared.read(dir + "/alias.json")?.data == Data("4".utf8))
    }
  }

  @Test func newFilesAndDirectoriesArePrivate() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/private/notes.json"
      try withDependencies { $0.defaultFileStorage.fileSystem = LiveFileSystem.shared } operation: {
        @Shared(.fileStorage(URL(filePath: file))) var notes: [Note] = []
        $notes.withLock { $0.append(Note(id: 1, text: "secret")) }
        try $notes.save()
      }
      var info = stat()
      #expect(stat(dir + "/private", &info) == 0)
      #expect(info.st_mode & 0o777 == 0o700)
      #expect(stat(file, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o600)
    }
  }
}

/// Runs the work it is handed after a delay when the test moves its time on, in order of time.
private final class ManualScheduler: Sendable {
  private let state = LockIsolated<(now: Duration, due: [(at: Duration, work: DispatchWorkItem)])>(
    (.zero, []))

  var asyncAfter: @Sendable (DispatchTimeInterval, DispatchWorkItem) -> Void {
    { [state] delay, work in
      let duration: Duration =
        switch delay {
        case .seconds(let value): .seconds(value)
        case .milliseconds(let value): .milliseconds(value)
        case .microseconds(let value): .microseconds(value)
        case .nanoseconds(let value): .nanoseconds(value)
        default: .seconds(Int64.max)
        }
      state.withValue { $0.due.append((at: $0.now + duration, work: work)) }
    }
  }

  func advance(by duration: Duration) {
    let end = state.withValue { $0.now + duration }
    while let work = state.withValue({ state -> DispatchWorkItem? in
      guard let next = state.due.indices.min(by: { state.due[$0].at < state.due[$1].at }),
        state.due[next].at <= end
      else { return nil }
      state.now = state.due[next].at
      return state.due.remove(at: next).work
    }) {
      work.perform()
    }
    state.withValue { $0.now = end }
  }
}
