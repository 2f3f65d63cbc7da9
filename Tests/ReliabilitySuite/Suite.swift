#if os(Linux)
import ChildProcessSupport
import Glibc

/// Why a case failed, in a few words for its `FAIL` line.
struct CaseFailure: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}

/// A case that cannot run here, with the reason; it is reported as passed, saying so.
struct CaseSkip: Error {
  var reason: String
}

/// Fails the case with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw CaseFailure(message()) }
}

/// One named check of the binary. Adding a case is a few lines:
///
/// ```swift
/// ReliabilityCase("add-then-list") { context in
///   let syncups = try context.makeSyncups()
///   try syncups.succeed("add", "--title", "Design")
///   try require(try syncups.titles() == ["Design"], "the new sync-up is not listed")
/// }
/// ```
///
/// A case passes when its body returns, fails with the message of any error it throws, and is
/// skipped (still passing, saying why) when it throws ``CaseSkip``.
struct ReliabilityCase {
  let name: String
  let body: (CaseContext) throws -> Void

  init(_ name: String, _ body: @escaping (CaseContext) throws -> Void) {
    self.name = name
    self.body = body
  }
}

/// An earlier release of syncups: its version (`0.3.0`) and its binary.
struct OlderRelease {
  var version: String
  var binary: String

  /// Whether this release comes after `other`, comparing versions number by number.
  func isNewer(than other: OlderRelease) -> Bool {
    let numbers = { (version: String) in version.split(separator: ".").map { Int($0) ?? 0 } }
    return numbers(other.version).lexicographicallyPrecedes(numbers(version))
  }
}

/// What a case gets: the binary, the seeded generator, and scratch homes removed afterwards.
final class CaseContext {
  let name: String
  /// The syncups binary under test.
  let binary: String
  /// Earlier releases a case may team with the binary under test (`--older`), newest first.
  let older: [OlderRelease]
  /// This suite's own executable, for ``Launcher``.
  let suite: String
  /// The generator for this case (see ``SplitMix64/forCase(_:seed:)``).
  var random: SplitMix64
  /// Whether ``note(_:)`` writes (`--verbose`).
  let verbose: Bool
  private var scratches: [String] = []

  init(
    name: String, binary: String, older: [OlderRelease] = [], suite: String, seed: UInt64,
    verbose: Bool = false
  ) {
    self.name = name
    self.binary = binary
    self.older = older.sorted { $0.isNewer(than: $1) }
    self.suite = suite
    self.verbose = verbose
    random = SplitMix64.forCase(name, seed: seed)
  }

  /// A detail for standard error with `--verbose`, e.g. every failing vector of a fuzzer
  /// (whose `FAIL` line names only the first).
  func note(_ text: @autoclosure () -> String) {
    if verbose { writeLine("  \(name): \(text().replacingControls())\n", to: 2) }
  }

  /// A fresh scratch home with its own data and configuration directories, running the binary
  /// under test, or `binary` (an earlier release's).
  func makeSyncups(binary: String? = nil) throws -> Syncups {
    let syncups = try Syncups(binary: binary ?? self.binary, suite: suite)
    scratches.append(syncups.root)
    return syncups
  }

  /// The scratch directories the case made, in the order it made them.
  var scratchDirectories: [String] { scratches }

  /// Removes every scratch directory the case made.
  func cleanUp() {
    for path in scratches { Files.remove(path) }
    scratches.removeAll()
  }
}

/// Runs cases one after another, one line each, and a summary.
enum SuiteRunner {
  /// Runs the cases whose names contain `filter` (all when nil); returns the exit status.
  static func run(
    _ cases: [ReliabilityCase], binary: String, older: [OlderRelease], suite: String, seed: UInt64,
    filter: String?,
    timing: Bool, verbose: Bool, keep: Bool = false
  ) -> Int32 {
    var passed = 0
    var failed = 0
    for reliabilityCase in cases where filter.map({ reliabilityCase.name.contains($0) }) ?? true {
      let context = CaseContext(
        name: reliabilityCase.name, binary: binary, older: older, suite: suite, seed: seed,
        verbose: verbose)
      let started = monotonicSeconds()
      var line: String
      do {
        try reliabilityCase.body(context)
        line = "case \(reliabilityCase.name) ok"
        passed += 1
      } catch let skip as CaseSkip {
        line = "case \(reliabilityCase.name) ok (skipped: \(skip.reason))"
        passed += 1
      } catch {
        line = "FAIL \(reliabilityCase.name): \(oneLine(String(describing: error)))"
        failed += 1
      }
      if keep, line.hasPrefix("FAIL") {
        line += " (kept: \(context.scratchDirectories.joined(separator: " ")))"
      } else {
        context.cleanUp()
      }
      if timing { line += " [\(((monotonicSeconds() - started) * 10).rounded() / 10) s]" }
      writeLine(line + "\n")
    }
    writeLine("\(passed) passed, \(failed) failed\n")
    return failed > 0 ? 1 : 0
  }

  private static func oneLine(_ text: String) -> String {
    text.replacingControls()
  }
}

/// Writes `text` at once (unbuffered), so each case's line appears as it finishes.
func writeLine(_ text: String, to descriptor: Int32 = 1) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { return }
    bytes = bytes.dropFirst(count)
  }
}

extension String {
  /// The text with control characters shown as `\n`, `\e`, `\x07`…, so a failure stays on one
  /// line and never drives the terminal.
  func replacingControls() -> String {
    var result = ""
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x0A: result += "\\n"
      case 0x0D: result += "\\r"
      case 0x09: result += "\\t"
      case 0x1B: result += "\\e"
      case 0x00...0x1F, 0x7F...0x9F: result += "\\x" + hex2(scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// At most `limit` characters, with an ellipsis when cut.
  func clipped(_ limit: Int = 120) -> String {
    count <= limit ? self : prefix(limit) + "…"
  }
}

/// Bytes for a failure message: valid UTF-8 shown as text, other bytes as `\xNN`, controls
/// escaped, clipped.
func visible(_ bytes: [UInt8], limit: Int = 120) -> String {
  var text = ""
  var index = 0
  while index < bytes.count && text.count <= limit {
    let lead = bytes[index]
    let length =
      lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
    if length > 0, index + length <= bytes.count,
      let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)
    {
      text += scalar.replacingControls()
      index += length
    } else {
      text += "\\x" + hex2(UInt32(lead))
      index += 1
    }
  }
  return text.clipped(limit)
}

/// An argument vector for a failure message: each argument quoted and made visible.
func visible(arguments: [[UInt8]]) -> String {
  "[" + arguments.map { "'" + visible($0, limit: 40) + "'" }.joined(separator: " ") + "]"
}

private func hex2(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return digits.count < 2 ? "0" + digits : digits
}

#endif
