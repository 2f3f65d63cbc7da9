#if canImport(Glibc)
  import Glibc

  /// What a child's standard input, output or error is connected to.
  public enum ChildStream: Sendable {
    /// `/dev/null`: never a terminal, and an immediate end of file.
    case null
    /// A file opened in the child with `open(path, flags, mode)`.
    case file(String, flags: Int32, mode: mode_t = 0o600)
    /// A descriptor of this process, duplicated in the child.
    case descriptor(Int32)
  }

  /// How to start a child process in a test: the one way the test targets and the reliability
  /// suite start the processes they watch.
  ///
  /// ```swift
  /// var child = ChildSpawn(program: "/bin/sh", arguments: ["-c", "exit 3"])
  /// child.standardError = .file(log, flags: O_WRONLY | O_CREAT | O_TRUNC)
  /// let pid = try child.start()
  /// ChildStatus.wait(for: pid)  // .exited(3)
  /// ```
  ///
  /// The child starts as a shell would start it: every signal with its default action and
  /// none blocked, whatever the test runner did to its own, and no descriptor of this process
  /// but the three given, so that it never holds a pipe of the test run open.
  public struct ChildSpawn: Sendable {
    public var program: String
    /// The arguments after the program's name, as bytes: they may hold invalid UTF-8 (cut at
    /// a NUL, which a C string cannot hold).
    public var arguments: [[UInt8]]
    /// The whole environment (this process's is not passed on unless it is put here).
    public var environment: [String: String]
    /// The working directory; nil keeps this process's.
    public var directory: String?
    public var standardInput = ChildStream.null
    public var standardOutput = ChildStream.null
    public var standardError = ChildStream.null
    /// Starts the child in a session of its own, so that the first terminal it opens becomes
    /// its controlling terminal (for Ctrl-C typed on a pseudo-terminal to raise SIGINT).
    public var startsSession = false

    public init(
      program: String, arguments: [[UInt8]], environment: [String: String] = [:],
      directory: String? = nil
    ) {
      self.program = program
      self.arguments = arguments
      self.environment = environment
      self.directory = directory
    }

    public init(
      program: String, arguments: [String], environment: [String: String] = [:],
      directory: String? = nil
    ) {
      self.init(
        program: program, arguments: arguments.map { Array($0.utf8) }, environment: environment,
        directory: directory)
    }

    /// Starts the child; its process id, for `waitpid` (see ``ChildStatus``) or `kill`.
    public func start() throws(SpawnError) -> pid_t {
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      for (descriptor, stream) in [standardInput, standardOutput, standardError].enumerated() {
        let target = Int32(descriptor)
        switch stream {
        case .null:
          posix_spawn_file_actions_addopen(
            &actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        case .file(let path, let flags, let mode):
          posix_spawn_file_actions_addopen(&actions, target, path, flags, mode)
        case .descriptor(let source):
          posix_spawn_file_actions_adddup2(&actions, source, target)
        }
      }
      guard let closeFrom = Self.addCloseFrom else {
        throw SpawnError(description: "this C library cannot close descriptors in a child")
      }
      _ = closeFrom(&actions, 3)
      if let directory {
        guard let changeDirectory = Self.addChangeDirectory else {
          throw SpawnError(description: "this C library cannot change a child's directory")
        }
        _ = changeDirectory(&actions, directory)
      }

      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var noSignals = sigset_t()
      sigemptyset(&noSignals)
      posix_spawnattr_setsigmask(&attributes, &noSignals)
      var allSignals = sigset_t()
      sigfillset(&allSignals)
      posix_spawnattr_setsigdefault(&attributes, &allSignals)
      var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
      if startsSession { flags |= Self.setSessionFlag }
      posix_spawnattr_setflags(&attributes, Int16(flags))

      let argv = cStrings([Array(program.utf8)] + arguments)
      let envp = cStrings(
        environment.sorted { $0.key < $1.key }.map { Array("\($0.key)=\($0.value)".utf8) })
      defer { for pointer in argv + envp { pointer?.deallocate() } }
      var pid: pid_t = 0
      let result = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
      guard result == 0 else {
        throw SpawnError(description: "cannot start '\(program)': \(String(cString: strerror(result)))")
      }
      return pid
    }

    /// glibc's POSIX_SPAWN_SETSID, which Swift's Glibc does not import.
    private static let setSessionFlag: Int32 = 0x80

    private typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeDirectory =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
      -> Int32

    // glibc has both (2.34 and 2.29 on), but Swift does not see them without _GNU_SOURCE.
    private static let addCloseFrom: CloseFrom? = dlsym(
      UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
    ).map { unsafeBitCast($0, to: CloseFrom.self) }
    private static let addChangeDirectory: ChangeDirectory? = dlsym(
      UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np"
    ).map { unsafeBitCast($0, to: ChangeDirectory.self) }
  }

  /// NUL-terminated copies of `strings` (cut at any NUL inside) and a null pointer, for `argv`
  /// and `envp`; the caller deallocates them.
  private func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { bytes in
      let usable = bytes.prefix { $0 != 0 }
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: usable.count + 1)
      for (offset, byte) in usable.enumerated() { pointer[offset] = CChar(bitPattern: byte) }
      pointer[usable.count] = 0
      return pointer
    } + [nil]
  }

  /// A child that could not be started (not a failure of the child itself).
  public struct SpawnError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }
#endif
