#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The running syncups executable, for the programs it starts that call it back: git's merge
/// driver, and hooks and extensions (as `SYNCUPS`, as cargo sets `CARGO` for its own), which
/// then reach this syncups even when it is not on `PATH` (`swift run syncups`, a copy kept
/// elsewhere).
enum ThisExecutable {
  /// Its absolute path: where `/proc/self/exe` links, else `argv[0]` resolved.
  static let path: String = {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 {
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let argument = CommandLine.arguments[0]
    guard let resolved = realpath(argument, nil) else { return argument }
    defer { free(resolved) }
    return String(cString: resolved)
  }()

  /// The name of the variable that hands it on.
  static let variable = "SYNCUPS"
}
