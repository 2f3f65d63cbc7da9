import Dispatch
import ChildProcessSupport
import Foundation
import SharedState
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - LiveFileSystem

@Suite("LiveFileSystem")
struct LiveFileSystemTests {
  let fs = LiveFileSystem.shared

  @Test func writeCreatesPrivateDirectoriesAndFile() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/a/b/state.json"
      let fingerprint = try fs.write(Data("hello".utf8), to: file)
      #expect(fsMode(dir + "/a") == 0o700)
      #expect(fsMode(dir + "/a/b") == 0o700)
      #expect(fsMode(file) == 0o600)
      #expect(try fs.read(file)?.data == Data("hello".utf8))
      #expect(try fs.read(file)?.fingerprint == fingerprint)
      #expect(try fs.fingerprint(file) == fingerprint)
      #expect(fsEntries(dir + "/a/b") == ["state.json"])
    }
  }

  @Test func readingThroughAReaderHandsOutTheWholeFileInChunks() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/big.json"
      let contents = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
      let fingerprint = try fs.write(contents, to: file)
      let read = try #require(
        try fs.read(file) { reader -> (Data, Int, Int) in
          var collected = Data()
          var buffer = [UInt8](repeating: 0, count: 4096)
          var reads = 0
          while case let count = try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }),
            count > 0
          {
            collected.append(contentsOf: buffer[..<count])
            reads += 1
          }
          #expect(try reader.readAll() == contents)  // the whole file, wherever the reader is
          return (collected, reads, reader.size)
        })
      #expect(read.result.0 == contents)
      #expect(read.result.1 == 49)  // 200,000 bytes in 4,096-byte reads
      #expect(read.result.2 == 200_000)
      #expect(read.fingerprint == fingerprint)
      #expect(try fs.read(dir + "/missing.json") { _ in Issue.record("no file, no reader") } == nil)
    }
  }

  @Test func aFileThatChangesDuringEveryReadGetsAFingerprintItNoLongerHas() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/busy.json"
      _ = try fs.write(Data("version 0".utf8), to: file)
      var reads = 0
      let read = try #require(
        try fs.read(file) { reader -> Data in
          reads += 1
          let contents = try reader.readAll()
          // Another program rewrites the file in place while it is being read.
          let fd = open(file, O_WRONLY | O_TRUNC)
          _ = "version \(reads)".withCString { write(fd, $0, strlen($0)) }
          close(fd)
          return contents
        })
      #expect(reads == 3)
      #expect(read.result == Data("version 2".utf8))
      #expect(try fs.fingerprint(file) != read.fingerprint)  // a later comparison reads again
    }
  }

  @Test func writeKeepsTheExistingFilesMode() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      _ = try fs.write(Data("one".utf8), to: file)
      #expect(chmod(file, 0o644) == 0)
      _ = try fs.write(Data("two".utf8), to: file)
      #expect(fsMode(file) == 0o644)
      #expect(chmod(file, 0o640) == 0)
      _ = try fs.write(Data("three".utf8), to: file)
      #expect(fsMode(file) == 0o640)
      #expect(try fs.read(file)?.data == Data("three".utf8))
    }
  }

  @Test func aWriteThatNeedNotBeDurableIsStillAtomicAndKeepsTheMode() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/merged.json"
      _ = try fs.write(Data("ours".utf8), to: file)
      #expect(chmod(file, 0o640) == 0)
      let before = try #require(try fs.fingerprint(file))
      let fingerprint = try fs.write(Data("merged".utf8), to: file, durably: false)
      #expect(try fs.read(file)?.data == Data("merged".utf8))
      #expect(try fs.fingerprint(file) == fingerprint)
      #expect(fingerprint != before)
      #expect(fsMode(file) == 0o640)
      #expect(fsEntries(dir) == ["merged.json"])

      #expect(chmod(file, 0o444) == 0)
      let error = #expect(throws: FileSystemError.self) {
        try fs.write(Data("again".utf8), to: file, durably: false)
      }
      #expect(error?.kind == .permissionDenied)
      #expect(try fs.read(file)?.data == Data("merged".utf8))
    }
  }

  @Test func writeGoesThroughSymlinks() async throws {
    try await withFSTemporaryDirectory { dir in
      let real = dir + "/real.json"
      let link = dir + "/link.json"
      _ = try fs.write(Data("old".utf8), to: real)
      #expect(symlink("real.json", link) == 0)

      _ = try fs.write(Data("new".utf8), to: link)
      #expect(fsIsSymlink(link))
      #expect(fsReadLink(link) == "real.json")
      #expect(try fs.read(real)?.data == Data("new".utf8))
      #expect(try fs.read(link)?.data == Data("new".utf8))

      // A dangling symlink is written through to its (missing) target.
      let dangling = dir + "/dangling.json"
      #expect(symlink(dir + "/target/new.json", dangling) == 0)
      #expect(try fs.read(dangling)?.data == nil)
      _ = try fs.write(Data("created".utf8), to: dangling)
      #expect(fsIsSymlink(dangling))
      #expect(try fs.read(dir + "/target/new.json")?.data == Data("created".utf8))
    }
  }

  @Test func readOfAMissingFileIsNil() async throws {
    try await withFSTemporaryDirectory { dir in
      #expect(try fs.read(dir + "/missing.json")?.data == nil)
      #expect(try fs.read(dir + "/missing/deeper.json")?.data == nil)
      let fingerprint = try fs.fingerprint(dir + "/missing.json")
      #expect(fingerprint == nil)
    }
  }

  @Test func aDirectoryIsNotAFile() async throws {
    try await withFSTemporaryDirectory { dir in
      let readError = #expect(throws: FileSystemError.self) { try fs.read(dir) }
      #expect(readError?.kind == .isDirectory)
      #expect(readError?.message.contains(dir) == true)
      let fingerprintError = #expect(throws: FileSystemError.self) { try fs.fingerprint(dir) }
      #expect(fingerprintError?.kind == .isDirectory)
      let writeError = #expect(throws: FileSystemError.self) {
        try fs.write(Data("x".utf8), to: dir)
      }
      #expect(writeError?.kind == .isDirectory)
    }
  }

  // Root bypasses permission bits, so as root these cases cannot fail and are skipped.
  @Test(.disabled(if: geteuid() == 0, "root bypasses permission bits"))
  func unreadableFileThrowsPermissionDenied() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/secret.json"
      _ = try fs.write(Data("x".utf8), to: file)
      #expect(chmod(file, 0o000) == 0)
      let error = #expect(throws: FileSystemError.self) { try fs.read(file) }
      #expect(error?.kind == .permissionDenied)
      #expect(error?.errno == EACCES)
    }
  }

  // Root bypasses permission bits, so as root this case cannot fail and is skipped.
  @Test(.disabled(if: geteuid() == 0, "root bypasses permission bits"))
  func writeIntoAReadOnlyDirectoryThrowsAndKeepsTheFile() async throws {
    try await withFSTemporaryDirectory { dir in
      let sub = dir + "/locked"
      let file = sub + "/state.json"
      _ = try fs.write(Data("old".utf8), to: file)
      #expect(chmod(sub, 0o500) == 0)
      defer { chmod(sub, 0o700) }
      let error = #expect(throws: FileSystemError.self) {
        try fs.write(Data("new".utf8), to: file)
      }
      #expect(error?.kind == .permissionDenied)
      #expect(try fs.read(file)?.data == Data("old".utf8))
    }
  }

  // Meaningful as root too: root may write any file, so only the mode bits say "read-only".
  @Test func aReadOnlyFileIsNeverReplaced() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      _ = try fs.write(Data("old".utf8), to: file)
      #expect(chmod(file, 0o444) == 0)
      let before = try #require(try fs.fingerprint(file))
      let error = #expect(throws: FileSystemError.self) {
        try fs.write(Data("new".utf8), to: file)
      }
      #expect(error?.kind == .permissionDenied)
      #expect(
        error?.message
          == "cannot write '\(file)': the file is read-only (mode 0444); make it writable (chmod u+w) to allow changes")
      #expect(try fs.read(file)?.data == Data("old".utf8))
      #expect(try fs.fingerprint(file) == before)
      #expect(fsMode(file) == 0o444)
      #expect(fsEntries(dir) == ["state.json"])

      // Through a symlink, the target's own permissions count.
      #expect(symlink(file, dir + "/link.json") == 0)
      #expect(throws: FileSystemError.self) { try fs.write(Data("new".utf8), to: dir + "/link.json") }
      #expect(try fs.read(file)?.data == Data("old".utf8))

      // Writable again, it is written as before, keeping its mode.
      #expect(chmod(file, 0o644) == 0)
      _ = try fs.write(Data("new".utf8), to: file)
      #expect(try fs.read(file)?.data == Data("new".utf8))
      #expect(fsMode(file) == 0o644)
    }
  }

  @Test func failedWriteLeavesEverythingUntouched() async throws {
    try await withFSTemporaryDirectory { dir in
      let blocker = dir + "/file.json"
      let old = Data("{\"keep\":true}".utf8)
      _ = try fs.write(old, to: blocker)
      // A directory on the path is a regular file: mkdir and open fail with ENOTDIR.
      let error = #expect(throws: FileSystemError.self) {
        try fs.write(Data("new".utf8), to: blocker + "/inner/state.json")
      }
      #expect(error?.errno == ENOTDIR)
      #expect(error?.message.contains(blocker) == true)
      #expect(try fs.read(blocker)?.data == old)
      #expect(fsEntries(dir) == ["file.json"])
    }
  }

  @Test func fingerprintChangesWithEveryWrite() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      var seen: [FileFingerprint] = []
      for _ in 0..<10 {
        let fingerprint = try fs.write(Data("same bytes".utf8), to: file)
        #expect(try fs.fingerprint(file) == fingerprint)
        seen.append(fingerprint)
      }
      #expect(Set(seen).count == 10)
    }
  }

  @Test func canonicalPathResolvesSymlinksAndDots() async throws {
    try await withFSTemporaryDirectory { dir in
      #expect(mkdir(dir + "/real", 0o700) == 0)
      #expect(mkdir(dir + "/real/sub", 0o700) == 0)
      #expect(symlink(dir + "/real", dir + "/alias") == 0)
      #expect(symlink("real/target.json", dir + "/dangling.json") == 0)

      #expect(fs.canonicalPath(dir + "/alias/sub/../file.json") == dir + "/real/file.json")
      #expect(fs.canonicalPath(dir + "//alias/./sub//file.json") == dir + "/real/sub/file.json")
      #expect(fs.canonicalPath(dir + "/alias/missing/../file.json") == dir + "/real/file.json")
      #expect(fs.canonicalPath(dir + "/alias/new/deeper.json") == dir + "/real/new/deeper.json")
      #expect(fs.canonicalPath(dir + "/dangling.json") == dir + "/real/target.json")
      #expect(fs.canonicalPath(dir + "/alias") == dir + "/real")
      let cwd = fs.canonicalPath(".")
      #expect(fs.canonicalPath("relative.json") == (cwd == "/" ? "" : cwd) + "/relative.json")
    }
  }

  @Test func lockWaitsForTheHolder() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      let waiter = try await fsWaitForALockHeldByAnother(fs, file) { holder in
        holder.unlock()
        holder.unlock()  // idempotent
      }
      #expect(waiter == .gotItOnlyAfterTheHolderLetGo)
      #expect(fsEntries(dir) == [".state.json.lock"])
    }
  }

  @Test func lockTimesOut() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      let held = try fs.lock(file, timeout: .seconds(1))
      defer { held.unlock() }
      // Timed on a thread of its own, so the time is the lock's alone.
      let (outcome, elapsed) = await fsOffPool { [fs] in
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = Result { () throws(FileSystemError) in
          try fs.lock(file, timeout: .milliseconds(300))
        }
        return (outcome, clock.now - start)
      }.value
      #expect(throws: FileSystemError.self) { try outcome.get() }
      if case .failure(let error) = outcome {
        #expect(error.kind == .lockTimeout)
        #expect(error.path == file)
        #expect(error.message.contains(file))
      }
      #expect(elapsed >= .milliseconds(300))
      #expect(elapsed < .seconds(300))  // gave up rather than hung
    }
  }

  @Test func aLockTimeoutNamesTheHolderFromItsNote() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      let held = try fs.lock(file, timeout: .seconds(1), holder: "'syncups sync'")
      defer { held.unlock() }
      #expect(
        try String(contentsOfFile: dir + "/.state.json.lock", encoding: .utf8)
          == "\(getpid()) \(ProcessIdentity.current.start!)\n'syncups sync'\n")
      let error = try #require(await fsLockTimeout(fs, file))
      #expect(error.kind == .lockTimeout)
      #expect(error.lockHolder == "'syncups sync' (pid \(getpid()))")
      #expect(error.message.contains("still held by 'syncups sync' (pid \(getpid())) after"))
    }
  }

  @Test func aLockNoteOfAProcessThatEndedNamesNobody() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      // Held by a process that does not leave notes, over the note of one that has ended.
      let lockPath = dir + "/.state.json.lock"
      try fsWritePlainFile(lockPath, "\(Int32.max) 5\n'syncups sync'\n")
      let descriptor = open(lockPath, O_RDWR)
      defer { close(descriptor) }
      #expect(flock(descriptor, LOCK_EX) == 0)
      let error = try #require(await fsLockTimeout(fs, file))
      #expect(error.lockHolder == nil)
      #expect(error.message.contains("still held by another process or thread after"))
    }
  }

  @Test func aWriteRemovesTheTemporaryFilesOfWritersThatEnded() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      let me = ProcessIdentity.current
      let ended = ".state.json.tmp-\(Int32.max)-7-abcdef"
      let reused = ".state.json.tmp-\(me.pid)-\(me.start! + 1)-ghijkl"
      let running = ".state.json.tmp-\(me.pid)-\(me.start!)-mnopqr"
      let unnamed = ".state.json.tmp-stuvwx"
      let another = ".other.json.tmp-\(Int32.max)-7-abcdef"
      for name in [ended, reused, running, unnamed, another] {
        try fsWritePlainFile(dir + "/" + name, "partial")
      }
      _ = try fs.write(Data("[]".utf8), to: file)
      #expect(fsEntries(dir) == [another, running, unnamed, "state.json"].sorted())
    }
  }

  @Test func onlyAProcesssFirstWriteOfAFileLooksForAbandonedTemporaryFiles() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/status.json"
      _ = try fs.write(Data("1".utf8), to: file)
      let ended = ".status.json.tmp-\(Int32.max)-7-abcdef"
      try fsWritePlainFile(dir + "/" + ended, "partial")
      _ = try fs.write(Data("2".utf8), to: file)
      #expect(fsEntries(dir) == [ended, "status.json"].sorted())
    }
  }

  @Test func lockIsReleasedWhenTheTokenIsDropped() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      do {
        _ = try fs.lock(file, timeout: .seconds(1))
      }
      let again = try fs.lock(file, timeout: .milliseconds(100))
      again.unlock()
    }
  }

  @Test func watchSeesAnAtomicReplaceByRename() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      _ = try fs.write(Data("old".utf8), to: file)
      let calls = FSCallbackCounter()
      let watch = fs.watch(file) { calls.record() }
      defer { watch.cancel() }
      try fsWritePlainFile(dir + "/incoming.tmp", "new")
      #expect(rename(dir + "/incoming.tmp", file) == 0)
      #expect(await calls.wait(for: fsCallbackBound))
    }
  }

  @Test func watchSeesAWriteByAnotherInstance() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      let calls = FSCallbackCounter()
      let watch = fs.watch(file) { calls.record() }
      defer { watch.cancel() }
      _ = try LiveFileSystem().write(Data("new".utf8), to: file)
      #expect(await calls.wait(for: fsCallbackBound))
    }
  }

  @Test func watchSeesAnInPlaceWrite() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      _ = try fs.write(Data("old".utf8), to: file)
      let calls = FSCallbackCounter()
      let watch = fs.watch(file) { calls.record() }
      defer { watch.cancel() }
      try fsWritePlainFile(file, "edited in place")
      #expect(await calls.wait(for: fsCallbackBound))
    }
  }

  @Test func watchSeesADeletion() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      _ = try fs.write(Data("old".utf8), to: file)
      let calls = FSCallbackCounter()
      let watch = fs.watch(file) { calls.record() }
      defer { watch.cancel() }
      #expect(unlink(file) == 0)
      #expect(await calls.wait(for: fsCallbackBound))
    }
  }

  #if os(Linux)
  @Test func watchFollowsDirectoriesThatAppearLater() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/new/sub/state.json"
      let calls = FSCallbackCounter()
      let watch = fs.watch(file) { calls.record() }
      defer { watch.cancel() }
      _ = try LiveFileSystem().write(Data("created".utf8), to: file)
      #expect(await calls.wait(for: fsCallbackBound))
      // Then armed on the final directory, however long that takes: a later in-place edit is
      // seen too. The edit is repeated until a callback follows one, so no pause is guessed.
      var seen = false
      for attempt in 0..<600 where !seen {
        calls.reset()
        try fsWritePlainFile(file, "edited \(attempt)")
        seen = await calls.wait(for: .milliseconds(100))
      }
      #expect(seen)
    }
  }
  #endif

  @Test func watchIgnoresOtherFilesAndStopsWhenCancelled() async throws {
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/state.json"
      let calls = FSCallbackCounter()
      let watch = fs.watch(file) { calls.record() }
      _ = try fs.write(Data("other".utf8), to: dir + "/other.json")
      #expect(await calls.wait(for: .milliseconds(300)) == false)
      watch.cancel()
      _ = try fs.write(Data("mine".utf8), to: file)
      #expect(await calls.wait(for: .milliseconds(300)) == false)
    }
  }
}

// MARK: - Several processes

@Suite("LiveFileSystem across processes")
struct LiveFileSystemProcessTests {
  let fs = LiveFileSystem.shared

  @Test func eightWorkersNeverLoseAnAppend() async throws {
    let worker = try fsWorkerExecutable()
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/shared/log.json"
      let processes = try (0..<8).map { id in try fsSpawn(worker, [file, "\(id)", "25"], in: dir) }
      for process in processes {
        #expect(await fsWaitForExit(process) == .exited(0), "\(process.errorOutput)")
      }
      let entries = try fsDecodeEntries(fs, file)
      let expected = (0..<8).flatMap { id in (0..<25).map { "w\(id)-\($0)" } }
      #expect(entries.count == 200)
      #expect(Set(entries) == Set(expected))
      for id in 0..<8 {
        #expect(entries.filter { $0.hasPrefix("w\(id)-") } == (0..<25).map { "w\(id)-\($0)" })
      }
    }
  }

  @Test func killedWorkerLeavesAWholeEarlierState() async throws {
    let worker = try fsWorkerExecutable()
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/log.json"
      let process = try fsSpawn(worker, [file, "7", "\(fsBurstLength)"], in: dir)
      // Killed mid-burst: once it has written a few times, whenever that is.
      #expect(await fsWaitUntil { fsEntryCount(file) >= 20 })
      #expect(kill(process.pid, SIGKILL) == 0)
      #expect(await fsWaitForExit(process) == .killed(SIGKILL), "\(process.errorOutput)")

      let entries = try fsDecodeEntries(fs, file)
      #expect(entries.count >= 20)
      #expect(entries.count < fsBurstLength)
      #expect(entries == (0..<entries.count).map { "w7-\($0)" })
      // The kernel released the dead process's lock.
      let lock = try fs.lock(file, timeout: .seconds(2))
      lock.unlock()
    }
  }

  @Test func writeFailingHalfwayLeavesTheOldFileIntact() async throws {
    let worker = try fsWorkerExecutable()
    try await withFSTemporaryDirectory { dir in
      let file = dir + "/limited.json"
      let old = Data("[\"old entry\"]\n".utf8)
      _ = try fs.write(old, to: file)
      // The worker lowers RLIMIT_FSIZE to 1 KiB and tries to write 64 KiB: write(2) fails
      // with EFBIG after a short write. Exit 0 means it got .fileTooLarge.
      let process = try fsSpawn(worker, ["--write-limited", file, "65536", "1024"], in: dir)
      #expect(await fsWaitForExit(process) == .exited(0), "\(process.errorOutput)")
      #expect(try fs.read(file)?.data == old)
      #expect(fsEntries(dir) == ["limited.json"])
    }
  }

  @Test func directoriesAreMadeListedAndInspectedAndFilesRemoved() async throws {
    try await withFSTemporaryDirectory { dir in
      try fs.makeDirectories(dir + "/run/syncups")
      try fs.makeDirectories(dir + "/run/syncups")
      #expect(
        try fs.entry(dir + "/run/syncups")
          == FileEntry(kind: .directory, owner: UInt32(geteuid()), permissions: 0o700))
      #expect(try fs.contentsOfDirectory(dir + "/run/syncups") == [])
      _ = try fs.write(Data("1".utf8), to: dir + "/run/syncups/1.json", durably: false)
      #expect(try fs.entry(dir + "/run/syncups/1.json")?.kind == .file)
      #expect(try fs.entry(dir + "/run/syncups/1.json")?.permissions == 0o600)
      #expect(try fs.contentsOfDirectory(dir + "/run")?.sorted() == ["syncups"])
      #expect(try fs.contentsOfDirectory(dir + "/run/syncups") == ["1.json"])
      try fs.removeFile(dir + "/run/syncups/1.json")
      try fs.removeFile(dir + "/run/syncups/1.json")
      #expect(try fs.entry(dir + "/run/syncups/1.json") == nil)
      #expect(try fs.contentsOfDirectory(dir + "/none") == nil)
    }
  }
}

// MARK: - InMemoryFileSystem

@Suite("InMemoryFileSystem")
struct InMemoryFileSystemTests {
  @Test func readersHandOutAtMostTheChunkLimit() throws {
    let fs = InMemoryFileSystem(files: ["/a.txt": Data("abcdefg".utf8)], readChunkLimit: 3)
    let read = try #require(
      try fs.read("/a.txt") { reader -> [String] in
        var chunks: [String] = []
        var buffer = [UInt8](repeating: 0, count: 16)
        while case let count = try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }),
          count > 0
        {
          chunks.append(String(decoding: buffer[..<count], as: UTF8.self))
        }
        #expect(reader.offset == 7)
        #expect(try reader.readAll() == Data("abcdefg".utf8))
        return chunks
      })
    #expect(read.result == ["abc", "def", "g"])
    #expect(fs.readCount("/a.txt") == 1)
  }

  @Test func concurrentLockedAppendsAreNeverLost() async throws {
    let fs = InMemoryFileSystem()
    let file = "/data/log.json"
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<2 {
        group.addTask {
          for index in 0..<100 {
            let lock = try fs.lock(file, timeout: .seconds(30))
            defer { lock.unlock() }
            var entries: [String] = []
            if let (data, _) = try fs.read(file) {
              entries = try JSONDecoder().decode([String].self, from: data)
            }
            entries.append("w\(worker)-\(index)")
            _ = try fs.write(try JSONEncoder().encode(entries), to: file)
          }
        }
      }
      try await group.waitForAll()
    }
    let entries = try fsDecodeEntries(fs, file)
    #expect(entries.count == 200)
    #expect(Set(entries).count == 200)
    #expect(fs.writeCount(file) == 200)
  }

  @Test func lockTimesOutAndIsReleasedByUnlock() async throws {
    let fs = InMemoryFileSystem()
    let held = try fs.lock("/a.json", timeout: .seconds(1))
    let clock = ContinuousClock()
    let start = clock.now
    let error = #expect(throws: FileSystemError.self) {
      try fs.lock("/a.json", timeout: .milliseconds(200))
    }
    #expect(error?.kind == .lockTimeout)
    #expect(error?.path == "/a.json")
    #expect(clock.now - start >= .milliseconds(200))
    // Another path is independent.
    try fs.lock("/b.json", timeout: .zero).unlock()
    held.unlock()
    held.unlock()
    try fs.lock("/a.json", timeout: .zero).unlock()
  }

  @Test func lockWaitsForTheHolder() async throws {
    let fs = InMemoryFileSystem()
    let waiter = try await fsWaitForALockHeldByAnother(fs, "/a.json") { $0.unlock() }
    #expect(waiter == .gotItOnlyAfterTheHolderLetGo)
  }

  @Test func outsideChangesNotifyWatchers() async throws {
    let fs = InMemoryFileSystem()
    let calls = FSCallbackCounter()
    let watch = fs.watch("/dir/state.json") { calls.record() }
    let before = try fs.fingerprint("/dir/state.json")
    #expect(before == nil)

    fs.simulateOutsideWrite(Data("outside".utf8), to: "/dir/./state.json")
    #expect(await calls.wait(for: fsCallbackBound))
    #expect(fs.contents(of: "/dir/state.json") == Data("outside".utf8))
    #expect(try fs.read("/dir/state.json")?.data == Data("outside".utf8))
    #expect(fs.writeCount("/dir/state.json") == 0)

    calls.reset()
    fs.simulateOutsideDelete("/dir/state.json")
    #expect(await calls.wait(for: fsCallbackBound))
    #expect(try fs.read("/dir/state.json")?.data == nil)

    calls.reset()
    fs.simulateOutsideWrite(Data("other".utf8), to: "/dir/other.json")
    #expect(await calls.wait(for: .milliseconds(200)) == false)

    watch.cancel()
    fs.simulateOutsideWrite(Data("late".utf8), to: "/dir/state.json")
    #expect(await calls.wait(for: .milliseconds(200)) == false)
  }

  @Test func writesCountAndChangeTheFingerprint() throws {
    let fs = InMemoryFileSystem(files: ["/a.json": Data("seed".utf8)])
    #expect(fs.contents(of: "/a.json") == Data("seed".utf8))
    var seen: Set<FileFingerprint> = [try #require(try fs.fingerprint("/a.json"))]
    for index in 0..<3 {
      let fingerprint = try fs.write(Data("\(index)".utf8), to: "/a.json")
      #expect(try fs.fingerprint("/a.json") == fingerprint)
      seen.insert(fingerprint)
    }
    #expect(seen.count == 4)
    #expect(fs.writeCount("/a.json") == 3)
    #expect(fs.writeCount("/b.json") == 0)
    _ = try fs.read("/a.json")
    #expect(fs.readCount("/a.json") == 1)
  }

  @Test func simulatedFailuresLeaveTheFileUntouched() throws {
    let fs = InMemoryFileSystem()
    _ = try fs.write(Data("old".utf8), to: "/a.json")
    fs.setFailure(for: "/a.json", error: .simulated(.noSpace, path: "/a.json"))
    let error = #expect(throws: FileSystemError.self) {
      try fs.write(Data("new".utf8), to: "/a.json")
    }
    #expect(error?.kind == .noSpace)
    #expect(error?.message == "cannot write '/a.json': No space left on device")
    #expect(fs.contents(of: "/a.json") == Data("old".utf8))
    #expect(fs.writeCount("/a.json") == 1)
    _ = try fs.write(Data("new".utf8), to: "/a.json")  // the failure was for one call
    #expect(fs.contents(of: "/a.json") == Data("new".utf8))

    let denied = FileSystemError.simulated(.permissionDenied, operation: "open", path: "/a.json")
    fs.setFailure(for: "/a.json", operation: .read, error: denied, count: nil)
    #expect(throws: denied) { try fs.read("/a.json") }
    #expect(throws: denied) { try fs.read("/a.json") }
    fs.clearFailure(for: "/a.json")
    #expect(try fs.read("/a.json")?.data == Data("new".utf8))
  }

  @Test func pathsAreStandardisedAndDirectoriesAreNotFiles() throws {
    let fs = InMemoryFileSystem()
    #expect(fs.canonicalPath("/a//b/./c/../d.json") == "/a/b/d.json")
    #expect(fs.canonicalPath("rel.json") == "/rel.json")
    _ = try fs.write(Data("x".utf8), to: "/a/b/d.json")
    #expect(try fs.read("/a//b/../b/d.json")?.data == Data("x".utf8))
    let readError = #expect(throws: FileSystemError.self) { try fs.read("/a/b") }
    #expect(readError?.kind == .isDirectory)
    let writeError = #expect(throws: FileSystemError.self) {
      try fs.write(Data("y".utf8), to: "/a/b/d.json/e.json")
    }
    #expect(writeError?.kind == .other)
  }

  @Test func directoriesAreMadeListedAndInspectedAndFilesRemoved() throws {
    let fs = InMemoryFileSystem(files: ["/data/a.json": Data("a".utf8)])
    try fs.makeDirectories("/run/syncups")
    let owner = UInt32(geteuid())
    #expect(
      try fs.entry("/run/syncups") == FileEntry(kind: .directory, owner: owner, permissions: 0o700))
    #expect(try fs.entry("/data") == FileEntry(kind: .directory, owner: owner, permissions: 0o700))
    #expect(try fs.entry("/data/a.json") == FileEntry(kind: .file, owner: owner, permissions: 0o600))
    #expect(try fs.entry("/data/b.json") == nil)
    #expect(try fs.contentsOfDirectory("/run/syncups") == [])
    #expect(try fs.contentsOfDirectory("/")?.sorted() == ["data", "run"])
    _ = try fs.write(Data("1".utf8), to: "/run/syncups/1.json", durably: false)
    #expect(try fs.contentsOfDirectory("/run/syncups") == ["1.json"])
    try fs.removeFile("/run/syncups/1.json")
    try fs.removeFile("/run/syncups/1.json")
    #expect(fs.contents(of: "/run/syncups/1.json") == nil)
    #expect(try fs.contentsOfDirectory("/none") == nil)
    let inTheWay = #expect(throws: FileSystemError.self) { try fs.makeDirectories("/data/a.json/x") }
    #expect(inTheWay?.kind == .other)
  }
}

// MARK: - Helpers

/// How long these tests wait for a watch callback before failing: not a speed requirement
/// (that is the benchmark's) but a guard against waiting for ever, far beyond any delay a busy
/// machine causes.
private let fsCallbackBound: Duration = .seconds(300)

/// How many appends a worker killed mid-burst is started with: bounded, so that a worker
/// nobody kills still ends, and far more than it makes before the test kills it, even when a
/// busy machine lets the worker run long before the test gets to the kill (5,000 did not
/// suffice with the whole suite running: each append rewrites the file, so the time to reach
/// the end grows with the square of this).
let fsBurstLength = 50_000

struct FSTestFailure: Error, CustomStringConvertible {
  var description: String
}

/// Runs `body` with a fresh, empty, canonical temporary directory, removed afterwards with the
/// folder around it, which also holds what workers started ``fsSpawn(_:_:in:)`` write to
/// standard error.
func withFSTemporaryDirectory(
  _ body: (String) async throws -> Void
) async throws {
  let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    ?? "/tmp"
  var template = Array((base + "/SharedStateFS-XXXXXX").utf8CString)
  guard mkdtemp(&template) != nil else {
    throw FSTestFailure(description: "mkdtemp in \(base) failed: errno \(errno)")
  }
  let bytes = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  let created = LiveFileSystem.shared.canonicalPath(String(decoding: bytes, as: UTF8.self))
  defer { try? FileManager.default.removeItem(atPath: created) }
  let dir = created + "/files"
  guard mkdir(dir, 0o700) == 0 else {
    throw FSTestFailure(description: "mkdir \(dir) failed: errno \(errno)")
  }
  try await body(dir)
}

/// Permission bits of `path` (not following symlinks).
private func fsMode(_ path: String) -> mode_t {
  var info = stat()
  guard lstat(path, &info) == 0 else { return 0o7777 }
  return info.st_mode & 0o777
}

private func fsIsSymlink(_ path: String) -> Bool {
  var info = stat()
  return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
}

private func fsReadLink(_ path: String) -> String? {
  var buffer = [CChar](repeating: 0, count: 4096)
  let count = readlink(path, &buffer, buffer.count - 1)
  guard count >= 0 else { return nil }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The names in a directory (including hidden ones), sorted.
func fsEntries(_ directory: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

/// Writes `text` with plain POSIX calls: open(O_CREAT | O_TRUNC), write, close.
private func fsWritePlainFile(_ path: String, _ text: String) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  guard fd >= 0 else { throw FSTestFailure(description: "open \(path): errno \(errno)") }
  defer { close(fd) }
  let bytes = Array(text.utf8)
  guard write(fd, bytes, bytes.count) == bytes.count else {
    throw FSTestFailure(description: "write \(path): errno \(errno)")
  }
}

func fsDecodeEntries(_ fs: any FileSystem, _ path: String) throws -> [String] {
  let contents = try #require(try fs.read(path))
  return try JSONDecoder().decode([String].self, from: contents.data)
}

/// How many entries the file holds so far (0 while there is none), for polling: unlike
/// ``fsDecodeEntries(_:_:)`` it records no issue, outside any test as it runs.
func fsEntryCount(_ path: String) -> Int {
  guard let contents = try? LiveFileSystem.shared.read(path) else { return 0 }
  return (try? JSONDecoder().decode([String].self, from: contents.data))?.count ?? 0
}

/// Runs blocking work on a thread of its own: not on the tests' cooperative pool, which other
/// tests keep busy for seconds at a time, nor on Dispatch's, whose threads the file system's
/// own callbacks need.
/// The error of a try to take the lock of `path`, held elsewhere, for 50 ms on a thread of its
/// own; nil (and an issue) when the lock was taken.
func fsLockTimeout(_ fs: LiveFileSystem, _ path: String) async -> FileSystemError? {
  let outcome = await fsOffPool {
    Result { () throws(FileSystemError) in try fs.lock(path, timeout: .milliseconds(50)) }
  }.value
  guard case .failure(let error) = outcome else {
    Issue.record("took a held lock")
    return nil
  }
  return error
}

func fsOffPool<Value: Sendable>(
  _ work: @escaping @Sendable () -> Value
) -> Task<Value, Never> {
  Task {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }
}

/// Polls `condition` every few milliseconds on a thread of its own until it holds; false only
/// if it still does not after five minutes, a guard against waiting for ever rather than a bound
/// on anything measured.
func fsWaitUntil(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
  await fsOffPool {
    let deadline = ContinuousClock.now + .seconds(300)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      usleep(2_000)
    }
    return true
  }.value
}

/// How a waiter for a lock held by another came to get it.
enum FSLockWaiter: Equatable {
  /// It got the lock only after the holder let go: what a lock must do.
  case gotItOnlyAfterTheHolderLetGo
  /// It got the lock while the holder still held it.
  case gotItWhileHeld
  /// It failed to get the lock.
  case failed(FileSystemError)
}

/// Takes the lock on `path`, has a waiter on a thread of its own ask for it, and a moment after
/// it asked lets go through `release`. Nothing is timed: a busy machine can only make the
/// waiter wait longer (its timeout, ten minutes, only guards against waiting for ever).
func fsWaitForALockHeldByAnother(
  _ fs: any FileSystem,
  _ path: String,
  release: @escaping @Sendable (any FileLock) -> Void
) async throws -> FSLockWaiter {
  let holder = try fs.lock(path, timeout: .seconds(1))
  let released = FSFlag()
  let asked = DispatchSemaphore(value: 0)
  let waiter = fsOffPool { () -> FSLockWaiter in
    if let early = try? fs.lock(path, timeout: .zero) {
      early.unlock()
      asked.signal()
      return .gotItWhileHeld
    }
    asked.signal()
    do throws(FileSystemError) {
      let lock = try fs.lock(path, timeout: .seconds(600))
      lock.unlock()
      return released.isSet ? .gotItOnlyAfterTheHolderLetGo : .gotItWhileHeld
    } catch {
      return .failed(error)
    }
  }
  await fsOffPool {
    asked.wait()
    usleep(100_000)  // so that the waiter is most likely waiting inside `lock`
    released.set()
    release(holder)
  }.value
  return await waiter.value
}

/// A flag set once, read from any thread.
final class FSFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() {
    lock.withLock { value = true }
  }
}

/// Counts watch callbacks and lets a test wait for the next one.
private final class FSCallbackCounter: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)

  func record() {
    semaphore.signal()
  }

  /// Forgets callbacks that already happened.
  func reset() {
    while semaphore.wait(timeout: .now()) == .success {}
  }

  /// Whether a callback happens (or happened since the last reset) within `bound`.
  func wait(for bound: Duration) async -> Bool {
    let milliseconds = Int(bound.components.seconds * 1000)
      + Int(bound.components.attoseconds / 1_000_000_000_000_000)
    return await fsOffPool { [semaphore] in
      semaphore.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
    }.value
  }
}

/// The FileSystemWorker executable built next to the test binary.
func fsWorkerExecutable() throws -> String {
  var directories: [String] = []
  var buffer = [CChar](repeating: 0, count: 4096)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  if count > 0 {
    let exe = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    directories.append(fsParent(exe))
  }
  for argument in CommandLine.arguments {
    if let range = argument.firstRange(of: ".xctest") {
      directories.append(fsParent(String(argument[..<range.upperBound])))
    }
  }
  if let first = CommandLine.arguments.first, first.contains("/") {
    directories.append(fsParent(LiveFileSystem.shared.canonicalPath(first)))
  }
  let candidates = directories.flatMap {
    [$0 + "/FileSystemWorker", fsParent($0) + "/FileSystemWorker"]
  }
  for candidate in candidates where access(candidate, X_OK) == 0 {
    return candidate
  }
  throw FSTestFailure(
    description: "FileSystemWorker not found next to the test binary (looked at "
      + "\(candidates)); build it with `swift build --product FileSystemWorker`"
  )
}

func fsParent(_ path: String) -> String {
  guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
  return String(path[..<slash])
}

/// A worker process started by ``fsSpawn(_:_:in:)``.
struct FSProcess: Sendable {
  let pid: pid_t
  /// Where its standard error goes.
  let errorLog: String

  /// What it wrote to standard error so far, for failure messages.
  var errorOutput: String {
    (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
  }
}

/// Starts `executable` with `arguments` and this process's environment, as a worker that dies
/// with this process (see FileSystemWorker): its standard input and output are `/dev/null` and
/// its standard error a file beside `directory` (a directory from ``withFSTemporaryDirectory``),
/// and it inherits no other descriptor, so that it never holds the test run's output open.
func fsSpawn(_ executable: String, _ arguments: [String], in directory: String) throws -> FSProcess {
  let errorLog = fsParent(directory) + "/worker-\(UUID().uuidString).log"
  var environment = ProcessInfo.processInfo.environment
  environment["FILESYSTEMWORKER_PARENT"] = String(getpid())
  var spawn = ChildSpawn(program: executable, arguments: arguments, environment: environment)
  spawn.standardError = .file(errorLog, flags: O_WRONLY | O_CREAT | O_TRUNC)
  let spawned = FSSpawner.shared.run { [spawn] () -> Result<pid_t, SpawnError> in
    Result { () throws(SpawnError) in try spawn.start() }
  }
  return FSProcess(pid: try spawned.get(), errorLog: errorLog)
}

/// Starts workers from one thread that lives as long as the test process. A worker's death
/// signal (PR_SET_PDEATHSIG) fires when the thread that started it ends, not the process, and
/// the threads that run tests come and go.
private final class FSSpawner: @unchecked Sendable {
  static let shared = FSSpawner()
  private let condition = NSCondition()
  private var requests: [@Sendable () -> Void] = []

  private init() {
    Thread { [self] in serve() }.start()
  }

  private func serve() -> Never {
    while true {
      condition.lock()
      while requests.isEmpty { condition.wait() }
      let request = requests.removeFirst()
      condition.unlock()
      request()
    }
  }

  /// Runs `body` on the spawning thread and returns its result.
  func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
    let box = FSBox<Value>()
    let done = DispatchSemaphore(value: 0)
    condition.lock()
    requests.append {
      box.value = body()
      done.signal()
    }
    condition.signal()
    condition.unlock()
    done.wait()
    return box.value!
  }
}

/// A value handed from one thread to another, ordered by a semaphore.
private final class FSBox<Value>: @unchecked Sendable {
  var value: Value?
}

/// Waits (on a thread of its own) for a worker to end.
func fsWaitForExit(_ process: FSProcess) async -> ChildStatus? {
  await fsOffPool { ChildStatus.wait(for: process.pid) }.value
}
