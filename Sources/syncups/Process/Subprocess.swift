#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SharedState

/// A program run to its end with nothing to read (standard input is `/dev/null`) and its
/// output collected: how `sync` runs git.
///
/// ```swift
/// let result = try Subprocess.run("/usr/bin/git", ["--version"], environment: [:])
/// result.status  // 0
/// result.output  // "git version 2.43.0\n"
/// ```
///
/// The child starts in a session of its own, with no controlling terminal, so nothing it runs
/// (git, ssh, a credential helper) can stop to ask a question on the terminal; it inherits no
/// descriptor but its standard input, output and error; and it is killed when this process
/// dies, however it dies.
enum Subprocess {
  /// How a program ended and what it wrote.
  struct Result {
    /// The exit status; 128 + the signal's number when a signal ended it, as a shell says.
    var status: Int32
    var output: String
    var error: String
    /// Whether it was stopped (its process group killed) because its time ran out or the
    /// caller stopped waiting; then ``output`` and ``error`` hold what it wrote until then.
    var stopped = false
  }

  /// A program that could not be started at all.
  struct StartFailure: Error {
    var message: String
  }

  /// Runs `program` (an absolute path) with `arguments` and exactly `environment`, and waits
  /// for it. The child dies with this process (`PR_SET_PDEATHSIG`): a syncups that is killed
  /// never leaves a git behind that goes on changing the repository on its own.
  ///
  /// With a `timeLimit`, the child's process group (it and whatever it started) is killed when
  /// the limit passes, or as soon as `shouldStop` says so (asked every 50 ms), and the result
  /// says it was ``Result/stopped``.
  static func run(
    _ program: String, _ arguments: [String], environment: [String: String],
    timeLimit: Duration? = nil, shouldStop: () -> Bool = { false }
  ) throws(StartFailure) -> Result {
    let outputPipe = try makePipe()
    let errorPipe: (read: Int32, write: Int32)
    do {
      errorPipe = try makePipe()
    } catch {
      for descriptor in [outputPipe.read, outputPipe.write] { close(descriptor) }
      throw error
    }
    let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
    defer { if input >= 0 { close(input) } }
    let pid: pid_t
    do {
      pid = try spawn(
        program, arguments, environment: environment,
        descriptors: (input, outputPipe.write, errorPipe.write), diesWithParent: true)
    } catch {
      for descriptor in [outputPipe.read, outputPipe.write, errorPipe.read, errorPipe.write] { close(descriptor) }
      throw error
    }
    for descriptor in [outputPipe.write, errorPipe.write] { close(descriptor) }
    var stopped = false
    let deadline = timeLimit.map { ContinuousClock.now + $0 }
    let (standardOutput, standardError) = drain(outputPipe.read, errorPipe.read) {
      guard let deadline, !stopped else { return -1 }
      guard ContinuousClock.now < deadline && !shouldStop() else {
        // The child leads its own session, so its process group is its pid.
        kill(-pid, SIGKILL)
        stopped = true
        return -1
      }
      let left = (deadline - ContinuousClock.now).components
      return Int32(min(50, max(1, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)))
    }
    return Result(
      status: waitForExit(pid),
      output: String(decoding: standardOutput, as: UTF8.self),
      error: String(decoding: standardError, as: UTF8.self), stopped: stopped)
  }

  /// Starts `program` (an absolute path) with `arguments` and exactly `environment`, its
  /// standard input, output and error the `descriptors` given, in a session (and process
  /// group) of its own whose id is the pid returned, unless `ownSession` is false (a program
  /// that works on this process's terminal, such as an editor); the caller waits for it
  /// (``waitForExit(_:)``). With `diesWithParent`, it is killed when the thread that started it
  /// ends, which is the process itself only when called from the main thread.
  ///
  /// A program whose file is open for writing somewhere cannot be run for that moment
  /// (`ETXTBSY`): a script just saved by an editor, or one whose writer's descriptor a child
  /// forked elsewhere in this process holds until it runs its own program. Starting it is
  /// tried again, for up to ``busyRetryLimit``, before it is reported.
  ///
  /// - Throws: when the program could not be started (not found, not executable), with
  ///   `exec`'s reason.
  static func spawn(
    _ program: String, _ arguments: [String], environment: [String: String],
    descriptors: (input: Int32, output: Int32, error: Int32), diesWithParent: Bool,
    ownSession: Bool = true
  ) throws(StartFailure) -> pid_t {
    let giveUp = ContinuousClock.now + busyRetryLimit
    var pause = Duration.milliseconds(5)
    while true {
      switch try spawnOnce(
        program, arguments, environment: environment, descriptors: descriptors,
        diesWithParent: diesWithParent, ownSession: ownSession)
      {
      case .started(let pid):
        return pid
      case .execFailed(let code) where code == ETXTBSY && ContinuousClock.now + pause < giveUp:
        FSSystem.sleep(pause)
        pause = min(pause * 2, .milliseconds(200))
      case .execFailed(let code):
        throw StartFailure(message: "cannot run '\(program)': \(String(cString: strerror(code)))")
      }
    }
  }

  /// How long a program that is busy (`ETXTBSY`) is tried again before it is reported.
  static let busyRetryLimit = Duration.seconds(3)

  /// A child started, or `exec`'s errno in it.
  private enum SpawnOutcome {
    case started(pid_t)
    case execFailed(Int32)
  }

  private static func spawnOnce(
    _ program: String, _ arguments: [String], environment: [String: String],
    descriptors: (input: Int32, output: Int32, error: Int32), diesWithParent: Bool,
    ownSession: Bool
  ) throws(StartFailure) -> SpawnOutcome {
    let failurePipe = try makePipe()
    let argv = cStrings([program] + arguments)
    let envp = cStrings(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
    defer { for pointer in argv + envp { free(pointer) } }
    let path = strdup(program)!
    defer { free(path) }
    // The child may run no generic code on an imported C type: its first use takes a lock of
    // the Swift runtime, which another thread may have held at the fork, and the child would
    // wait for it for ever (before its exec, with the hook's process group its own). So the
    // signal mask is prepared here, as a plain pointer.
    let noSignalsStorage = UnsafeMutablePointer<sigset_t>.allocate(capacity: 1)
    noSignalsStorage.initialize(to: sigset_t())
    defer { noSignalsStorage.deallocate() }
    sigemptyset(noSignalsStorage)
    let noSignals = UnsafePointer(noSignalsStorage)
    let codeSize = MemoryLayout<Int32>.size
    let parent = getpid()
    #if os(Linux)
      // Read before the fork: the first read of a static runs its initializer, which takes a lock.
      let setDeathSignal = Self.setDeathSignal
      let deathSignalOption = Self.PR_SET_PDEATHSIG
    #endif
    let closeFrom = Self.closeDescriptorsFrom
    let descriptorLimit = Self.descriptorLimit
    let pid = argv.withUnsafeBufferPointer { argv in
      envp.withUnsafeBufferPointer { envp in
        let (argv, envp) = (argv.baseAddress!, envp.baseAddress!)
        // Between fork and exec only async-signal-safe calls, on what was prepared above.
        let pid = fork()
        guard pid == 0 else { return pid }
        #if os(Linux)
          if diesWithParent { _ = setDeathSignal(deathSignalOption, UInt(SIGKILL), 0, 0, 0) }
        #endif
        // The parent may have died before the line above: then nothing would kill the child.
        if diesWithParent && getppid() != parent { _exit(127) }
        if ownSession { _ = setsid() }
        _ = dup2(descriptors.input, 0)
        _ = dup2(descriptors.output, 1)
        _ = dup2(descriptors.error, 2)
        // Nothing else this process has open reaches the child, but the pipe that tells of a
        // failed exec (itself close-on-exec): a descriptor another thread opened without
        // close-on-exec, or before it could set the flag, would otherwise stay open in the
        // child for its whole life (and a file held open for writing cannot be run).
        var closed = false
        if let closeFrom, failurePipe.write >= 3 {
          let kept = UInt32(failurePipe.write)
          closed =
            (kept == 3 || closeFrom(3, kept - 1, 0) == 0) && closeFrom(kept + 1, UInt32.max, 0) == 0
        }
        if !closed {
          var descriptor: Int32 = 3
          while descriptor < descriptorLimit {
            if descriptor != failurePipe.write { _ = close(descriptor) }
            descriptor += 1
          }
        }
        // What this process ignores (SIGXFSZ, SIGPIPE) or handles, the child gets by default.
        _ = signal(SIGPIPE, SIG_DFL)
        _ = signal(SIGINT, SIG_DFL)
        _ = signal(SIGTERM, SIG_DFL)
        _ = signal(SIGHUP, SIG_DFL)
        _ = signal(SIGXFSZ, SIG_DFL)
        _ = sigprocmask(SIG_SETMASK, noSignals, nil)
        _ = execve(path, argv, envp)
        var code = errno
        _ = write(failurePipe.write, &code, codeSize)
        _exit(127)
      }
    }
    close(failurePipe.write)
    guard pid > 0 else {
      let code = errno
      close(failurePipe.read)
      throw StartFailure(message: "cannot run '\(program)': \(String(cString: strerror(code)))")
    }
    // The pipe closes on exec (its end is close-on-exec), or holds exec's errno.
    var code: Int32 = 0
    var told = read(failurePipe.read, &code, MemoryLayout<Int32>.size)
    while told < 0 && errno == EINTR { told = read(failurePipe.read, &code, MemoryLayout<Int32>.size) }
    close(failurePipe.read)
    guard told != MemoryLayout<Int32>.size else {
      _ = waitForExit(pid)
      return .execFailed(code)
    }
    return .started(pid)
  }

  /// Waits for the child `pid` to end and returns its exit status: 128 + the signal's number
  /// when a signal ended it, as a shell says.
  static func waitForExit(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let killer = status & 0x7F
    return killer == 0 ? (status >> 8) & 0xFF : 128 + killer
  }

  /// Makes this process die when its parent does, as the children ``run(_:_:environment:)``
  /// starts do: for the merge driver, whose parent is git.
  static func dieWithParent() {
    #if os(Linux)
      let parent = getppid()
      _ = setDeathSignal(PR_SET_PDEATHSIG, UInt(SIGKILL), 0, 0, 0)
      if getppid() != parent { exit(1) }
    #endif
  }

  /// Reads both pipes to their ends, whichever has something, and closes them. Before each
  /// wait, `nextWait` says how many milliseconds to wait at most (-1: until something comes).
  private static func drain(
    _ first: Int32, _ second: Int32, nextWait: () -> Int32
  ) -> ([UInt8], [UInt8]) {
    var collected: [[UInt8]] = [[], []]
    var descriptors = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while descriptors.contains(where: { $0.fd >= 0 }) {
      let ready = poll(&descriptors, 2, nextWait())
      // Interrupted by a signal: the revents are not this call's; ask again.
      if ready < 0 && errno == EINTR { continue }
      guard ready >= 0 else { break }
      for index in descriptors.indices where descriptors[index].fd >= 0 {
        guard descriptors[index].revents != 0 else { continue }
        let count = read(descriptors[index].fd, &buffer, buffer.count)
        if count > 0 {
          collected[index] += buffer[..<count]
        } else if count == 0 || errno != EINTR {
          close(descriptors[index].fd)
          descriptors[index].fd = -1
        }
      }
    }
    return (collected[0], collected[1])
  }

  private static func makePipe() throws(StartFailure) -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else {
      throw StartFailure(message: "cannot create a pipe: \(String(cString: strerror(errno)))")
    }
    // Only the child's copies (made by dup2, which clears the flag) stay open in the child.
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
  }

  private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { strdup($0) } + [nil]
  }

  /// `close_range(2)` where the C library has it, looked up before any fork.
  private static let closeDescriptorsFrom: (@convention(c) (UInt32, UInt32, Int32) -> Int32)? =
    dlsym(dlopen(nil, RTLD_NOW), "close_range").map {
      unsafeBitCast($0, to: (@convention(c) (UInt32, UInt32, Int32) -> Int32).self)
    }

  /// Where closing descriptors one by one stops when `close_range` is missing or fails.
  private static let descriptorLimit = Int32(clamping: min(max(sysconf(Int32(_SC_OPEN_MAX)), 256), 65_536))

  #if os(Linux)
  /// `prctl(2)`, which Swift cannot call directly (it is variadic); looked up before any fork,
  /// since looking up is not safe between fork and exec.
  private static let setDeathSignal: @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32 =
    unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "prctl"), to: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32).self)

  /// `PR_SET_PDEATHSIG` from <linux/prctl.h>.
  private static let PR_SET_PDEATHSIG: Int32 = 1
  #endif
}
