#if canImport(Glibc)
  import Glibc

/// How to start one process: its program and arguments (raw bytes, so they may hold invalid
/// UTF-8), environment, working directory, standard input and output, and a time limit.
public struct Invocation: Sendable {
  /// What the process reads on standard input.
  public enum Input: Sendable {
    /// `/dev/null`: never a terminal, and an immediate end of file.
    case null
    /// These bytes through a pipe, then end of file.
    case bytes([UInt8])
    /// A pipe the caller writes to while the process runs (``RunningProcess/writeInput(_:)``)
    /// and closes with ``RunningProcess/closeInput()``, or else when it collects the output.
    case open
  }

  public var program: String
  public var arguments: [[UInt8]]
  /// The whole environment: nothing of this process's is passed on unless it is here.
  public var environment: [String: String]
  public var directory: String
  public var input: Input
  /// A file standard output is written to (opened for writing, not created) instead of being
  /// collected: `/dev/full`, for a full disk.
  public var outputFile: String?
  /// Seconds before the process is killed and reported as timed out.
  public var timeout: Double

  public init(
    program: String, arguments: [[UInt8]], environment: [String: String], directory: String,
    input: Input = .null, outputFile: String? = nil, timeout: Double = 30
  ) {
    self.program = program
    self.arguments = arguments
    self.environment = environment
    self.directory = directory
    self.input = input
    self.outputFile = outputFile
    self.timeout = timeout
  }
}

/// How a process ended and what it wrote.
public struct Outcome: Sendable {
  /// The exit status, or nil when a signal ended the process.
  public var status: Int32?
  /// The signal that ended the process, if one did.
  public var signal: Int32?
  /// Whether it was killed for running past its time limit.
  public var timedOut: Bool
  public var stdout: [UInt8]
  public var stderr: [UInt8]
  /// Seconds from start to exit.
  public var elapsed: Double

  public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  public var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  /// The first line of standard error, for failure messages.
  public var firstErrorLine: String {
    String(stderrText.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
  }

  /// "exit 1", "killed by signal 9" or "timed out", for failure messages.
  public var summary: String {
    if timedOut { return "timed out after \(Int(elapsed)) s" }
    if let signal { return "killed by signal \(signal)" }
    return "exit \(status ?? -1)"
  }
}

/// A started child process whose output is still being collected.
public final class RunningProcess {
  public let pid: pid_t
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
  public func send(_ signal: Int32) {
    kill(pid, signal)
  }

  /// Writes to standard input now (input ``Invocation/Input/open``), waiting up to 10 s for the
  /// process to read; false when it cannot (the pipe is closed or the process stopped reading).
  @discardableResult
  public func writeInput(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    let deadline = monotonicSeconds() + 10
    while offset < bytes.count {
      guard inputDescriptor >= 0, monotonicSeconds() < deadline else { return false }
      let written = bytes.withUnsafeBytes {
        writeToChild(inputDescriptor, $0.baseAddress! + offset, bytes.count - offset)
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
  public func waitForOutput(containing text: String) -> Bool {
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
  public func closeInput() {
    guard inputDescriptor >= 0 else { return }
    close(inputDescriptor)
    inputDescriptor = -1
  }
}

/// Seconds on the monotonic clock.
public func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Starts processes and collects their output through pipes.
public enum ChildProcess {
  /// Runs one process to completion.
  public static func run(_ invocation: Invocation) throws -> Outcome {
    try collect([spawn(invocation)])[0]
  }

  /// Starts all of `invocations` at once, then waits for all of them.
  public static func runConcurrently(_ invocations: [Invocation]) throws -> [Outcome] {
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

  /// Starts a process (see ``ChildSpawn``). Its standard output and error are pipes read by
  /// ``collect(_:)``.
  public static func spawn(_ invocation: Invocation) throws -> RunningProcess {
    var child = ChildSpawn(
      program: invocation.program, arguments: invocation.arguments,
      environment: invocation.environment, directory: invocation.directory)
    let outputPipe = try invocation.outputFile == nil ? makePipe() : nil
    let errorPipe = try makePipe()
    var input: (read: Int32, write: Int32)?
    switch invocation.input {
    case .null:
      child.standardInput = .null
    case .bytes, .open:
      let pipe = try makePipe()
      input = pipe
      child.standardInput = .descriptor(pipe.read)
      // Never block on a child that is not reading: its output must keep being drained.
      _ = fcntl(pipe.write, F_SETFL, O_NONBLOCK)
    }
    child.standardOutput =
      outputPipe.map { .descriptor($0.write) } ?? .file(invocation.outputFile!, flags: O_WRONLY)
    child.standardError = .descriptor(errorPipe.write)
    let pid: pid_t
    do {
      pid = try child.start()
    } catch {
      closeAll([outputPipe?.read, outputPipe?.write, errorPipe.read, errorPipe.write])
      closeAll([input?.read, input?.write])
      throw error
    }
    closeAll([outputPipe?.write, errorPipe.write, input?.read])
    var pendingInput: [UInt8] = []
    if case .bytes(let bytes) = invocation.input { pendingInput = bytes }
    let process = RunningProcess(
      pid: pid, input: input?.write ?? -1, output: outputPipe?.read ?? -1, error: errorPipe.read,
      pendingInput: pendingInput, timeout: invocation.timeout)
    if case .bytes = invocation.input, pendingInput.isEmpty {
      close(process.inputDescriptor)
      process.inputDescriptor = -1
    }
    return process
  }

  /// Feeds standard input, reads standard output and error until every process has closed
  /// them, kills those that pass their deadline, and reaps them all.
  public static func collect(_ processes: [RunningProcess]) -> [Outcome] {
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
      writeToChild(
        process.inputDescriptor, raw.baseAddress! + process.inputOffset, min(remaining, 65_536))
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
    var exitStatus: Int32?
    var signal: Int32?
    switch ChildStatus(waitStatus: status) {
    case .exited(let code): exitStatus = code
    case .killed(let number), .stopped(let number): signal = number
    }
    return Outcome(
      status: exitStatus,
      signal: signal,
      timedOut: process.timedOut,
      stdout: process.stdout,
      stderr: process.stderr,
      elapsed: elapsed)
  }

  private static func makePipe() throws -> (read: Int32, write: Int32) {
    // Close-on-exec, so that only the child it is meant for inherits an end (dup2 clears the
    // flag on the copy the child gets); a child spawned by another thread between pipe and
    // fcntl closes it anyway (ChildSpawn closes every descriptor above 2).
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
}

/// `write` to a child's standard input, failing with EPIPE when the child has gone instead of
/// raising SIGPIPE, whose default action would end this process (a test run keeps that default
/// so that what it starts gets it). SIGPIPE is blocked on this thread for the write only, and
/// one the write raised is taken back before it is unblocked.
private func writeToChild(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  var pipeSignal = sigset_t()
  sigemptyset(&pipeSignal)
  sigaddset(&pipeSignal, SIGPIPE)
  var previous = sigset_t()
  pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
  let written = write(descriptor, bytes, count)
  let writeError = errno
  var pending = sigset_t()
  sigpending(&pending)
  if sigismember(&pending, SIGPIPE) == 1 {
    var now = timespec()
    _ = sigtimedwait(&pipeSignal, nil, &now)
  }
  pthread_sigmask(SIG_SETMASK, &previous, nil)
  errno = writeError
  return written
}
#endif
