#if os(Linux)
import ChildProcessSupport
import Foundation
import Glibc

/// The syncups binary in a scratch home: `HOME`, `XDG_DATA_HOME` and `XDG_CONFIG_HOME` point
/// inside a fresh temporary directory, the working directory is one too, and standard input
/// is `/dev/null` unless a case gives bytes. Nothing here touches the real home.
final class Syncups {
  let binary: String
  let suite: String
  /// The scratch directory holding everything (removed when the case ends).
  let root: String
  var home: String { root + "/home" }
  /// The working directory of every run; relative `--file` paths land here.
  var workDirectory: String { root + "/work" }
  var dataDirectory: String { home + "/data/syncups" }
  /// Where syncups keeps its data when neither `--file` nor `SYNCUPS_FILE` says otherwise.
  var dataFile: String { dataDirectory + "/sync-ups.json" }
  var configFile: String { home + "/config/syncups/config.json" }
  /// The environment of every run (callers may add to it per run).
  var environment: [String: String]
  /// Settings for ``Launcher`` applied to every run, e.g. another user.
  var launch: Launcher.Settings?

  init(binary: String, suite: String) throws {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/syncups-reliability.XXXXXX").utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw CaseFailure("cannot create a scratch directory in '\(base)': \(systemError())")
    }
    root = Files.realPath(
      String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    self.binary = binary
    self.suite = suite
    let home = root + "/home"
    environment = [
      "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config",
      "PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
    ]
    try Files.makeDirectory(home)
    try Files.makeDirectory(workDirectory)
  }

  // MARK: Running

  /// How syncups is started with `arguments` (through the launcher when ``launch`` is set).
  func invocation(
    _ arguments: [[UInt8]], input: Invocation.Input = .null, environment extra: [String: String] = [:],
    timeout: Double = 30
  ) -> Invocation {
    let invocation = Invocation(
      program: binary, arguments: arguments, environment: environment.merging(extra) { $1 },
      directory: workDirectory, input: input, timeout: timeout)
    return launch.map { Launcher.wrap(invocation, in: $0, suite: suite) } ?? invocation
  }

  func invocation(
    _ arguments: [String], input: Invocation.Input = .null, environment extra: [String: String] = [:],
    timeout: Double = 30
  ) -> Invocation {
    invocation(arguments.map { Array($0.utf8) }, input: input, environment: extra, timeout: timeout)
  }

  /// Runs syncups and returns how it ended.
  func run(
    _ arguments: [String], input: Invocation.Input = .null, environment extra: [String: String] = [:]
  ) throws -> Outcome {
    try ChildProcess.run(invocation(arguments, input: input, environment: extra))
  }

  @discardableResult
  func run(_ arguments: String...) throws -> Outcome {
    try run(arguments)
  }

  /// Runs syncups and fails the case unless it exits 0.
  @discardableResult
  func succeed(
    _ arguments: [String], input: Invocation.Input = .null, environment extra: [String: String] = [:]
  ) throws -> Outcome {
    let outcome = try run(arguments, input: input, environment: extra)
    guard outcome.status == 0 else {
      throw CaseFailure(
        "syncups \(arguments.joined(separator: " ").clipped(60)): \(outcome.summary): "
          + visible(Array(outcome.firstErrorLine.utf8)))
    }
    return outcome
  }

  @discardableResult
  func succeed(_ arguments: String...) throws -> Outcome {
    try succeed(arguments)
  }

  // MARK: The data

  /// `syncups list --json`, decoded; fails the case unless it exits 0 with a JSON array.
  func listJSON(arguments extra: [String] = []) throws -> [[String: Any]] {
    let outcome = try succeed(["list", "--json"] + extra)
    guard let list = parseJSON(outcome.stdout) as? [[String: Any]] else {
      throw CaseFailure("list --json printed no JSON array: \(visible(outcome.stdout))")
    }
    return list
  }

  /// The titles in list order.
  func titles(arguments extra: [String] = []) throws -> [String] {
    try listJSON(arguments: extra).map { $0["title"] as? String ?? "<no title>" }
  }

  /// The data file's bytes, or nil when it does not exist or cannot be read.
  var dataBytes: [UInt8]? { Files.read(dataFile) }

  func writeData(_ bytes: [UInt8]) throws {
    try Files.write(bytes, to: dataFile)
  }

  func writeData(_ json: JSONValue) throws {
    try writeData(json.encoded())
  }

  // MARK: Other users

  /// When the suite runs as root, makes every run use the `nobody` user (so permission checks
  /// apply) and hands the scratch directory to it; otherwise does nothing. Throws ``CaseSkip``
  /// when root cannot switch users here.
  func runUnprivilegedIfRoot() throws {
    guard geteuid() == 0 else { return }
    guard let nobody = getpwnam("nobody") else {
      throw CaseSkip(reason: "running as root, and there is no 'nobody' user to test permissions as")
    }
    let user = (uid: UInt32(nobody.pointee.pw_uid), gid: UInt32(nobody.pointee.pw_gid))
    giveAway(root, to: user)
    var settings = launch ?? Launcher.Settings()
    settings.user = user
    launch = settings
    let probe = try run("--version")
    if probe.status == Launcher.failureStatus {
      throw CaseSkip(
        reason: "running as root and cannot switch to 'nobody': \(probe.firstErrorLine.replacingControls())")
    }
    guard probe.status == 0 else {
      throw CaseSkip(reason: "running as root, and syncups cannot run as 'nobody' (\(probe.summary))")
    }
  }

  /// Changes the owner of everything under `path`.
  func giveAway(_ path: String, to user: (uid: UInt32, gid: UInt32)) {
    lchown(path, user.uid, user.gid)
    var info = stat()
    if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      for name in Files.entries(of: path) { giveAway(path + "/" + name, to: user) }
    }
  }
}

/// Parses JSON (any top-level value), or nil when it is not JSON.
func parseJSON(_ bytes: [UInt8]) -> Any? {
  try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
}

#endif
