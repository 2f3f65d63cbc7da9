// The reliability suite: drives the real syncups binary as separate processes, in scratch
// homes, and checks what the documentation promises under concurrency, crashes, bad data
// files, a full disk, fuzzed arguments and imports, and hostile text.
//
//   make reliability RELIABILITY_FLAGS="[--seed N] [--filter NAME] [--timing] [--verbose] [--keep] [--list]"
//
// which builds the release syncups, the earlier releases the sync cases team it with (0.3.0 and
// 0.2.0, from this repository's history: Tests/Interop/build-release) and this package, and runs
// `Tests/ReliabilitySuite/.build/release/ReliabilitySuite --binary .build/release/syncups
// --older 0.3.0=PATH --older 0.2.0=PATH`. Without --binary it looks for a syncups next to this
// executable; without --older, every teammate runs the binary under test; the seed defaults
// to 1.
//
// Each case prints one line, `case <name> ok` or `FAIL <name>: <what went wrong>`, and the run
// ends with `N passed, M failed`; the exit status is 1 when any case failed. `--filter` runs the
// cases whose names contain NAME; a case draws the same random values with or without it.
// `--timing` adds each case's time to its line; `--verbose` writes details (every failing
// fuzz vector) to stderr; `--keep` keeps the scratch directories of a failing case and names them.

#if os(Linux)
import ChildProcessSupport
import Glibc

if CommandLine.argc > 1, CommandLine.arguments[1] == Launcher.flag {
  Launcher.main()
}

/// Every case, in the order they run. To add one, append a `ReliabilityCase(name) { … }` here
/// or to one of the lists it gathers.
let allCases: [ReliabilityCase] =
  ConcurrencyCases.all + CrashCases.all + BadDataCases.all + FullDiskCases.all + LockCases.all
  + PipeCases.all + MeetingCases.all + ArgumentFuzzing.all + ImportFuzzing.all + TerminalSafetyCases.all
  + SyncFaultCases.all

/// This executable's own path.
func executablePath() -> String {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  if count > 0 {
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
  return Files.realPath(CommandLine.arguments[0])
}

func usage(_ message: String? = nil) -> Never {
  let text =
    (message.map { "ReliabilitySuite: \($0)\n" } ?? "")
    + "usage: ReliabilitySuite [--binary PATH] [--older VERSION=PATH ...] [--seed N] [--filter NAME]\n"
    + "                        [--timing] [--verbose] [--keep] [--list]\n"
  writeLine(text, to: message == nil ? 1 : 2)
  exit(message == nil ? 0 : 64)
}

let suite = executablePath()
var binary = Files.directory(of: suite) + "/syncups"
var seed: UInt64 = 1
var filter: String?
var timing = false
var verbose = false
var keep = false
/// Earlier releases, by version: what an older teammate runs in the sync cases.
var older: [OlderRelease] = []
var arguments = CommandLine.arguments.dropFirst()
while let word = arguments.popFirst() {
  switch word {
  case "--binary":
    guard let value = arguments.popFirst() else { usage("--binary needs a path") }
    binary = value.hasPrefix("/") ? value : Files.realPath(value)
  case "--older":
    guard let value = arguments.popFirst(), let equals = value.firstIndex(of: "="),
      equals != value.startIndex
    else { usage("--older needs VERSION=PATH") }
    let path = String(value[value.index(after: equals)...])
    let release = OlderRelease(
      version: String(value[..<equals]), binary: path.hasPrefix("/") ? path : Files.realPath(path))
    guard access(release.binary, X_OK) == 0 else {
      usage("no executable syncups \(release.version) at '\(release.binary)'")
    }
    older.append(release)
  case "--seed":
    guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else { usage("--seed needs a number") }
    seed = value
  case "--filter":
    guard let value = arguments.popFirst() else { usage("--filter needs a name") }
    filter = value
  case "--timing":
    timing = true
  case "--verbose":
    verbose = true
  case "--keep":
    keep = true
  case "--list":
    for reliabilityCase in allCases { writeLine(reliabilityCase.name + "\n") }
    exit(0)
  case "-h", "--help":
    usage()
  default:
    usage("unknown argument '\(word)'")
  }
}
guard access(binary, X_OK) == 0 else {
  usage("no executable syncups at '\(binary)' (run the suite with 'make reliability', or pass --binary)")
}

// A child that stops reading its input must not kill the suite (children get the default
// back, see ChildSpawn).
signal(SIGPIPE, SIG_IGN)
exit(
  SuiteRunner.run(
    allCases, binary: binary, older: older, suite: suite, seed: seed, filter: filter, timing: timing,
    verbose: verbose, keep: keep))

#else
// The suite drives processes through Linux interfaces (posix_spawn details, /proc, RLIMIT
// types); elsewhere it only says so, so that the package still builds.
print("ReliabilitySuite runs on Linux only.")
#endif
