import Foundation
import SharedState
import Testing

private struct Task: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var title: String
  var isDone = false
}

private struct Refused: Error, Equatable {}

private let url = URL(filePath: "/data/tasks.json")

private let twoTasks = Data(
  #"[{"id":1,"isDone":false,"title":"Write"},{"id":2,"isDone":false,"title":"Ship"}]"#.utf8)

/// Runs `body` in a fresh test world whose in-memory file system starts with `files`.
private func withFileSystem<R>(
  _ files: [String: Data] = [:], _ body: (InMemoryFileSystem) throws -> R
) rethrows -> R {
  let fileSystem = InMemoryFileSystem(files: files)
  return try withDependencies {
    $0.defaultFileStorage.fileSystem = fileSystem
  } operation: {
    try body(fileSystem)
  }
}

/// Whether nobody holds the file's lock: it can be taken at once.
private func isUnlocked(_ fileSystem: some FileSystem, _ path: String) -> Bool {
  guard let lock = try? fileSystem.lock(path, timeout: .zero) else { return false }
  lock.unlock()
  return true
}

@Suite struct TransactionTests {
  @Test func aThrowAfterAPartialChangeLeavesTheFileAndTheValueAsTheyWere() {
    withFileSystem([url.path: twoTasks]) { fileSystem in
      @Shared(.fileStorage(url)) var tasks: IdentifiedArrayOf<Task> = []
      #expect(throws: Refused.self) {
        try $tasks.transaction { tasks in
          tasks.withLock { $0[id: 1]!.title = "Rewrite" }
          tasks.withLock { $0.remove(id: 2) }
          throw Refused()
        }
      }
      #expect(tasks.map(\.title) == ["Write", "Ship"])
      #expect(fileSystem.contents(of: url.path) == twoTasks)
      #expect(fileSystem.writeCount(url.path) == 0)
      #expect(isUnlocked(fileSystem, url.path))
      #expect($tasks.saveError == nil)
    }
  }

  @Test func manyChangesAreWrittenOnceWhenTheBodyReturns() throws {
    try withFileSystem([url.path: twoTasks]) { fileSystem in
      @Shared(.fileStorage(url)) var tasks: IdentifiedArrayOf<Task> = []
      let count = try $tasks.transaction { tasks in
        for index in 3...10 { tasks.withLock { _ = $0.append(Task(id: index, title: "T\(index)")) } }
        #expect(fileSystem.writeCount(url.path) == 0)  // nothing yet: written when it ends
        return tasks.wrappedValue.count
      }
      #expect(count == 10)
      #expect(fileSystem.writeCount(url.path) == 1)
      #expect(isUnlocked(fileSystem, url.path))
      let stored = try JSONDecoder().decode([Task].self, from: fileSystem.contents(of: url.path)!)
      #expect(stored.map(\.id) == Array(1...10))
    }
  }

  @Test func derivedReferencesSeeTheChangesAsTheyHappen() throws {
    try withFileSystem([url.path: twoTasks]) { fileSystem in
      @Shared(.fileStorage(url)) var tasks: IdentifiedArrayOf<Task> = []
      try $tasks.transaction { tasks in
        let first = try #require(tasks[id: 1])
        first.withLock { $0.isDone = true }
        #expect(tasks.wrappedValue[id: 1]?.isDone == true)
        tasks.withLock { $0[id: 1]!.title = "Written" }
        #expect(first.title.wrappedValue == "Written")
        // A transaction begun on a derived reference is part of the one around it.
        try first.transaction { first in first.withLock { $0.title = "Written twice" } }
      }
      #expect(tasks[id: 1] == Task(id: 1, title: "Written twice", isDone: true))
      #expect(fileSystem.writeCount(url.path) == 1)
    }
  }

  @Test func aTransactionThatChangesNothingWritesNothing() throws {
    try withFileSystem([url.path: twoTasks]) { fileSystem in
      @Shared(.fileStorage(url)) var tasks: IdentifiedArrayOf<Task> = []
      try $tasks.transaction { tasks in
        tasks.withLock { $0[id: 1]!.title = "Changed" }
        tasks.withLock { $0[id: 1]!.title = "Write" }  // and changed back
      }
      #expect(fileSystem.writeCount(url.path) == 0)
      #expect(isUnlocked(fileSystem, url.path))
    }
  }

  @Test func itStartsFromTheLatestStoredValue() throws {
    try withFileSystem([url.path: twoTasks]) { fileSystem in
      @Shared(.fileStorage(url)) var tasks: IdentifiedArrayOf<Task> = []
      // Another process rewrites the file; this one has not noticed yet.
      fileSystem.simulateOutsideWrite(Data(#"[{"id":9,"isDone":false,"title":"Theirs"}]"#.utf8), to: url.path)
      let seen = try $tasks.transaction { tasks in tasks.wrappedValue.map(\.id) }
      #expect(seen == [9])
      #expect(fileSystem.writeCount(url.path) == 0)
    }
  }

  @Test func aFailedWriteIsThrownAndPutsTheValueBack() {
    withFileSystem([url.path: twoTasks]) { fileSystem in
      @Shared(.fileStorage(url)) var tasks: IdentifiedArrayOf<Task> = []
      fileSystem.setFailure(
        for: url.path,
        error: FileSystemError(kind: .noSpace, path: url.path, message: "disk full", errno: ENOSPC))
      #expect(throws: FileStorageError.self) {
        try $tasks.transaction { tasks in tasks.withLock { $0[id: 2]!.isDone = true } }
      }
      #expect(tasks[id: 2]?.isDone == false)
      #expect(fileSystem.contents(of: url.path) == twoTasks)
      #expect(isUnlocked(fileSystem, url.path))
      #expect($tasks.saveError != nil)
    }
  }

  @Test func aFileThatCannotBeLoadedIsRefusedBeforeTheBodyRuns() throws {
    let corrupt = Data("[{".utf8)
    try withFileSystem([url.path: corrupt]) { fileSystem in
      @Shared(.fileStorage(url)) var tasks: IdentifiedArrayOf<Task> = []
      var ran = false
      do {
        try $tasks.transaction { tasks in
          ran = true
          tasks.withLock { _ = $0.append(Task(id: 1, title: "Lost?")) }
        }
        Issue.record("the transaction should have been refused")
      } catch let error as FileStorageError {
        #expect(error.kind == .refusedToOverwrite)
      }
      #expect(!ran)
      #expect(fileSystem.contents(of: url.path) == corrupt)
    }
  }

  @Test func inMemoryValuesRollBack() {
    withDependencies { _ in } operation: {
      @Shared(.inMemory("tasks")) var tasks: IdentifiedArrayOf<Task> = [Task(id: 1, title: "A")]
      #expect(throws: Refused.self) {
        try $tasks.transaction { tasks in
          tasks[id: 1]!.withLock { $0.title = "B" }
          #expect(tasks.wrappedValue[id: 1]?.title == "B")
          throw Refused()
        }
      }
      #expect(tasks[id: 1]?.title == "A")
      let plain = Shared(3)
      #expect(throws: Refused.self) {
        try plain.transaction { value in
          value.withLock { $0 += 1 }
          throw Refused()
        }
      }
      #expect(plain.wrappedValue == 3)
    }
  }

  @Test func aThrowingNestedTransactionUndoesOnlyItsOwnChanges() throws {
    try withFileSystem([url.path: twoTasks]) { fileSystem in
      @Shared(.fileStorage(url)) var tasks: IdentifiedArrayOf<Task> = []
      try $tasks.transaction { tasks in
        tasks.withLock { $0[id: 1]!.isDone = true }
        try? tasks.transaction { inner in
          inner.withLock { $0.removeAll() }
          throw Refused()
        }
        #expect(tasks.wrappedValue.count == 2)
      }
      #expect(tasks.map(\.isDone) == [true, false])
      #expect(fileSystem.writeCount(url.path) == 1)
    }
  }

  @Test func processesRunningTransactionsNeverLoseAChangeNorWriteAnAbandonedOne() async throws {
    let worker = try fsWorkerExecutable()
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/data/entries.json"
      let processes = try (0..<4).map { id in
        try fsSpawn(worker, ["--transactions", file, "\(id)", "30"], in: dir)
      }
      for process in processes {
        #expect(await fsWaitForExit(process) == .exited(0), "\(process.errorOutput)")
      }
      let entries = try fsDecodeEntries(LiveFileSystem.shared, file)
      let kept = (0..<30).filter { $0 % 3 != 2 }
      #expect(entries.count == 4 * kept.count)
      for id in 0..<4 {
        #expect(entries.filter { $0.hasPrefix("w\(id)-") } == kept.map { "w\(id)-\($0)" })
      }
    }
  }

  @Test func twoWritersRunningTransactionsNeverLoseAChange() async throws {
    // Two dependency worlds are two independent holders of one file on disk, as two processes
    // are: each has its own storage and its own file descriptor for the lock.
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "SharedStateTransactions-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appending(path: "tasks.json")
    let rounds = 50
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          withDependencies {
            $0.defaultFileStorage.fileSystem = LiveFileSystem.shared
          } operation: {
            @Shared(.fileStorage(file)) var tasks: IdentifiedArrayOf<Task> = []
            for round in 0..<rounds {
              try? $tasks.transaction { tasks in
                let id = writer * 1000 + round
                tasks.withLock { _ = $0.append(Task(id: id, title: "w\(writer)")) }
              }
            }
          }
        }
      }
    }
    let stored = try JSONDecoder().decode([Task].self, from: Data(contentsOf: file))
    #expect(stored.count == 2 * rounds)
    #expect(Set(stored.map(\.id)) == Set((0..<rounds).flatMap { [$0, 1000 + $0] }))
  }
}
