#if os(Linux)
import Glibc

/// How to start one process: its program and arguments (raw bytes, so they may hold invalid
/// UTF-8), environment, working directory, standard input, and a time limit.
struct Invocation {
  /// What the process reads on standard input.
  enum Input {
    /// `/dev/null`: never a terminal, and an immediate end of file.
    case null
    /// These bytes through a pipe, then end of file.
    case bytes([UInt8])
    /// A pipe the suite writes to while the process runs (``RunningProcess/writeInput(_:)``)
    /// and closes with ``RunningProcess/closeInput()``, or else when it collects the output.
    case open
  }

  var program: String
  var arguments: [[UInt8]]
  var environment: [String: String]
  var directory: String
  var input: Input = .null
  /// Seconds before the process is killed and reported as timed out.
  var timeout: Double = 30
}

/// How a process ended and what it wrote.
struct Outcome {
  /// The exit status, or nil when a signal ended the process.
  var status: Int32?
  /// The signal that ended the process, if one did.
  var signal: Int32?
  /// Whether the suite killed it for running past its time limit.
  var timedOut: Bool
  var stdout: [UInt8]
  var stderr: [UInt8]
  /// Seconds from start to exit.
  var elapsed: Double

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  /// The first line of standard error, for failure messages.
  var firstErrorLine: String {
    String(stderrText.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
  }

  /// "exit 1", "killed by signal 9" or "timed out", for failure messages.
  var summary: String {
    if timedOut { return "timed out after \(Int(elapsed)) s" }
    if let signal { return "killed by signal \(signal)" }
    return "exit \(status ?? -1)"
  }
}

/// A started child process whose output is still being collected.
final class RunningProcess {
  let pid: pid_t
  fileprivate var inputDescriptor: Int32
  fileprivate var outputDescriptor: Int32
  fileprivate var errorDescriptor: Int32
  fileprivate var pendingInput: [UInt8]
  fileprivate var inputOffset = 0
  fileprivate var stdout: [UInt8] = []
  fileprivate var stderr: [UInt8] = []
  fileprivate let started: Double
  fileprivate let deadline: Double
  fileprivate var timedOut = false

  fileprivate init(
    pid: pid_t, input: Int32, output: Int32, error: Int32, pendingInput: [UInt8], timeout: Double
  ) {
    self.pid = pid
    inputDescriptor = input
    outputDescriptor = output
    errorDescriptor = error
    self.pendingInput = pendingInput
    started = monotonicSeconds()
    deadline = started + timeout
  }

  /// Sends `signal` to the process (harmless once it has exited but not yet been reaped).
  func send(_ signal: Int32) {
    kill(pid, signal)
  }

  /// Writes to standard input now (input ``Invocation/Input/open``), waiting up to 10 s for the
  /// process to read; false when it cannot (the pipe is closed or the process stopped reading).
  @discardableResult
  func writeInput(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    let deadline = monotonicSeconds() + 10
    while offset < bytes.count {
      guard inputDescriptor >= 0, monotonicSeconds() < deadline else { return false }
      let written = bytes.withUnsafeBytes {
        write(inputDescriptor, $0.baseAddress! + offset, bytes.count - offset)
      }
      if written > 0 {
        offset += written
      } else if errno == EAGAIN {
        var ready = pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, 100)
      } else if errno != EINTR {
        return false
      }
    }
    return true
  }

  /// Reads standard output (and standard error, so that the process never blocks on it) until
  /// standard output holds `text`. False if the process closed it first, or after a minute: a
  /// guard against waiting for ever, not a bound on the process's speed.
  func waitForOutput(containing text: String) -> Bool {
    let deadline = monotonicSeconds() + 60
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !String(decoding: stdout, as: UTF8.self).contains(text) {
      guard outputDescriptor >= 0, monotonicSeconds() < deadline else { return false }
      var descriptors = [pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)]
      if errorDescriptor >= 0 {
        descriptors.append(pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0))
      }
      guard poll(&descriptors, nfds_t(descriptors.count), 100) > 0 else { continue }
      for descriptor in descriptors where descriptor.revents != 0 {
        let count = read(descriptor.fd, &buffer, buffer.count)
        if count > 0 {
          if descriptor.fd == outputDescriptor {
            stdout.append(contentsOf: buffer[..<count])
          } else {
            stderr.append(contentsOf: buffer[..<count])
          }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          close(descriptor.fd)
          if descriptor.fd == outputDescriptor { outputDescriptor = -1 } else { errorDescriptor = -1 }
        }
      }
    }
    return true
  }

  /// Closes standard input: the process reads end of file.
  func closeInput() {
    guard inputDescriptor >= 0 else { return }
    close(inputDescriptor)
    inputDescriptor = -1
  }
}

/// A failure to start a process (not a failure of the process itself).
struct SpawnError: Error, CustomStringConvertible {
  var description: String
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Sleeps for `seconds`.
func sleepSeconds(_ seconds: Double) {
  guard seconds > 0 else { return }
  var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 && errno == EINTR {
    request = remaining
  }
}

/// Starts processes with `posix_spawn` and collects their output through pipes.
enum ChildProcess {
  /// Runs one process to completion.
  static func run(_ invocation: Invocation) throws -> Outcome {
    try collect([spawn(invocation)])[0]
  }

  /// Starts all of `invocations` at once, then waits for all of them.
  static func runConcurrently(_ invocations: [Invocation]) throws -> [Outcome] {
    var started: [RunningProcess] = []
    do {
      for invocation in invocations { started.append(try spawn(invocation)) }
    } catch {
      for process in started { process.send(SIGKILL) }
      _ = collect(started)
      throw error
    }
    return collect(started)
  }

  /// Starts a process. Its standard output and error are pipes read by ``collect(_:)``; every
  /// signal has its default action in the child (none blocked), and the working directory is
  /// `invocation.directory` (the suite changes its own to it for the spawn, since glibc's
  /// `posix_spawn_file_actions_addchdir_np` is not visible to Swift; the suite only uses
  /// absolute paths).
  static func spawn(_ invocation: Invocation) throws -> RunningProcess {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }

    let output = try makePipe()
    let error = try makePipe()
    var input: (read: Int32, write: Int32)?
    switch invocation.input {
    case .null:
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    case .bytes, .open:
      input = try makePipe()
      posix_spawn_file_actions_adddup2(&actions, input!.read, 0)
      // Never block on a child that is not reading: its output must keep being drained.
      _ = fcntl(input!.write, F_SETFL, O_NONBLOCK)
    }
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, error.write, 2)

    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = [Array(invocation.program.utf8)] + invocation.arguments
    let environment = invocation.environment.sorted { $0.key < $1.key }.map {
      Array("\($0.key)=\($0.value)".utf8)
    }
    let cArguments = cStrings(argv)
    let cEnvironment = cStrings(environment)
    defer {
      for pointer in cArguments { pointer?.deallocate() }
      for pointer in cEnvironment { pointer?.deallocate() }
    }

    var previous = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let hadDirectory = getcwd(&previous, previous.count) != nil
    guard chdir(invocation.directory) == 0 else {
      closeAll([output.read, output.write, error.read, error.write, input?.read, input?.write])
      throw SpawnError(
        description: "cannot change to '\(invocation.directory)': \(String(cString: strerror(errno)))")
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, invocation.program, &actions, &attributes, cArguments, cEnvironment)
    if hadDirectory { _ = chdir(previous) }
    closeAll([output.write, error.write, input?.read])
    guard result == 0 else {
      closeAll([output.read, error.read, input?.write])
      throw SpawnError(
        description: "cannot start '\(invocation.program)': \(String(cString: strerror(result)))")
    }
    var pendingInput: [UInt8] = []
    if case .bytes(let bytes) = invocation.input { pendingInput = bytes }
    let process = RunningProcess(
      pid: pid, input: input?.write ?? -1, output: output.read, error: error.read,
      pendingInput: pendingInput, timeout: invocation.timeout)
    if case .bytes = invocation.input, pendingInput.isEmpty {
      close(process.inputDescriptor)
      process.inputDescriptor = -1
    }
    return process
  }

  /// Feeds standard input, reads standard output and error until every process has closed
  /// them, kills those that pass their deadline, and reaps them all.
  static func collect(_ processes: [RunningProcess]) -> [Outcome] {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      var descriptors: [pollfd] = []
      var owners: [(process: RunningProcess, stream: Int)] = []
      let now = monotonicSeconds()
      var nextDeadline = Double.infinity
      for process in processes {
        let open = [process.inputDescriptor, process.outputDescriptor, process.errorDescriptor]
        guard open.contains(where: { $0 >= 0 }) else { continue }
        if now >= process.deadline && !process.timedOut {
          process.timedOut = true
          process.send(SIGKILL)
        }
        if !process.timedOut { nextDeadline = min(nextDeadline, process.deadline) }
        if process.inputDescriptor >= 0 {
          descriptors.append(pollfd(fd: process.inputDescriptor, events: Int16(POLLOUT), revents: 0))
          owners.append((process, 0))
        }
        if process.outputDescriptor >= 0 {
          descriptors.append(pollfd(fd: process.outputDescriptor, events: Int16(POLLIN), revents: 0))
          owners.append((process, 1))
        }
        if process.errorDescriptor >= 0 {
          descriptors.append(pollfd(fd: process.errorDescriptor, events: Int16(POLLIN), revents: 0))
          owners.append((process, 2))
        }
      }
      if descriptors.isEmpty { break }
      let wait = nextDeadline.isFinite ? max(0, Int32(((nextDeadline - now) * 1000).rounded(.up))) : 1000
      let ready = poll(&descriptors, nfds_t(descriptors.count), min(wait, 1000))
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
        let (process, stream) = owners[index]
        if stream == 0 {
          feedInput(process)
        } else {
          let fd = stream == 1 ? process.outputDescriptor : process.errorDescriptor
          let count = read(fd, &buffer, buffer.count)
          if count > 0 {
            if stream == 1 {
              process.stdout.append(contentsOf: buffer[..<count])
            } else {
              process.stderr.append(contentsOf: buffer[..<count])
            }
          } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            close(fd)
            if stream == 1 { process.outputDescriptor = -1 } else { process.errorDescriptor = -1 }
          }
        }
      }
    }
    return processes.map(reap)
  }

  /// Writes the next chunk of standard input; closes the pipe when all is written or the
  /// process stopped reading.
  private static func feedInput(_ process: RunningProcess) {
    let remaining = process.pendingInput.count - process.inputOffset
    let written = process.pendingInput.withUnsafeBytes { raw in
      write(process.inputDescriptor, raw.baseAddress! + process.inputOffset, min(remaining, 65_536))
    }
    if written > 0 { process.inputOffset += written }
    if process.inputOffset >= process.pendingInput.count || (written < 0 && errno != EINTR && errno != EAGAIN)
    {
      close(process.inputDescriptor)
      process.inputDescriptor = -1
    }
  }

  /// Waits for the process to end and decodes its wait status.
  private static func reap(_ process: RunningProcess) -> Outcome {
    var status: Int32 = 0
    while true {
      if waitpid(process.pid, &status, 0) >= 0 { break }
      if errno != EINTR { break }
      // A process that closed its pipes but keeps running still has a deadline.
      if monotonicSeconds() >= process.deadline && !process.timedOut {
        process.timedOut = true
        process.send(SIGKILL)
      }
    }
    let elapsed = monotonicSeconds() - process.started
    let termination = status & 0x7F
    let exited = termination == 0
    return Outcome(
      status: exited ? (status >> 8) & 0xFF : nil,
      signal: exited ? nil : termination,
      timedOut: process.timedOut,
      stdout: process.stdout,
      stderr: process.stderr,
      elapsed: elapsed)
  }

  private static func makePipe() throws -> (read: Int32, write: Int32) {
    // Close-on-exec, so that only the child it is meant for inherits an end (dup2 clears the
    // flag on the copy the child gets). Spawns happen on one thread, so nothing can fork
    // between pipe and fcntl.
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else {
      throw SpawnError(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
    }
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
  }

  private static func closeAll(_ descriptors: [Int32?]) {
    for case let descriptor? in descriptors where descriptor >= 0 { close(descriptor) }
  }

  /// NUL-terminated copies of `strings` (cut at any NUL inside) followed by a null pointer,
  /// for `argv` and `envp`; the caller deallocates them.
  private static func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { bytes in
      let usable = bytes.prefix { $0 != 0 }
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: usable.count + 1)
      for (offset, byte) in usable.enumerated() { pointer[offset] = CChar(bitPattern: byte) }
      pointer[usable.count] = 0
      return pointer
    } + [nil]
  }
}

#endif
