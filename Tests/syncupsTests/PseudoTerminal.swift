#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal for tests: the program under test uses ``terminal`` (the slave side) as
/// its terminal; the test reads what it wrote and types keys through the master side.
final class PseudoTerminal {
  /// The master side: bytes written to the terminal are read here, keys are written here.
  let master: Int32
  /// The slave side, a real terminal device.
  let terminal: Int32
  /// The slave's device path, e.g. `/dev/pts/3`.
  let path: String

  /// Opens a new pseudo-terminal of `columns`×`rows`.
  init(columns: Int = 80, rows: Int = 24) throws {
    master = PseudoTerminal.openMaster()
    guard master >= 0, PseudoTerminal.grant(master) == 0, PseudoTerminal.unlock(master) == 0
    else { throw Failure(message: "cannot open a pseudo-terminal (errno \(errno))") }
    path = PseudoTerminal.slaveName(master)
    terminal = open(path, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw Failure(message: "cannot open \(path) (errno \(errno))") }
    resize(columns: columns, rows: rows)
  }

  deinit {
    close(terminal)
    close(master)
  }

  /// Sets the window size, as a terminal emulator does when its window is resized.
  func resize(columns: Int, rows: Int) {
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Types `text` on the terminal's keyboard.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Everything the program wrote that arrives within `timeout` milliseconds of the last
  /// byte, as text.
  func readOutput(timeout: Int32 = 100) -> String {
    String(decoding: readBytes(from: master, timeout: timeout), as: UTF8.self)
  }

  /// What the program writes until it has written `needle`, or for at most a minute (a guard
  /// against waiting for ever, not a speed requirement).
  func readOutput(until needle: String) -> String {
    var bytes: [UInt8] = []
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      bytes += readBytes(from: master, timeout: 20)
      if String(decoding: bytes, as: UTF8.self).contains(needle) { break }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The bytes waiting to be read from the slave side: keys typed but not consumed.
  func pendingInput() -> [UInt8] {
    readBytes(from: terminal, timeout: 50)
  }

  /// The slave's current settings.
  func settings() -> TerminalSettings {
    var current = termios()
    _ = tcgetattr(terminal, &current)
    return TerminalSettings(current)
  }

  private func readBytes(from fd: Int32, timeout: Int32) -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while poll(&poller, 1, timeout) == 1 {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      result += buffer[0..<count]
    }
    return result
  }

  private struct Failure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  #if canImport(Glibc)
    // The pseudo-terminal calls of <stdlib.h> need _XOPEN_SOURCE, which the Glibc module
    // does not define: find them by name.
    private typealias FDCall = @convention(c) (Int32) -> Int32
    private typealias NameCall = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    private static func function<T>(_ name: String, as type: T.Type) -> T {
      let library = dlopen(nil, RTLD_NOW)
      return unsafeBitCast(dlsym(library, name)!, to: type)
    }

    private static func openMaster() -> Int32 {
      function("posix_openpt", as: FDCall.self)(O_RDWR | O_NOCTTY)
    }
    private static func grant(_ fd: Int32) -> Int32 { function("grantpt", as: FDCall.self)(fd) }
    private static func unlock(_ fd: Int32) -> Int32 { function("unlockpt", as: FDCall.self)(fd) }
    private static func slaveName(_ fd: Int32) -> String {
      var name = [CChar](repeating: 0, count: 256)
      _ = function("ptsname_r", as: NameCall.self)(fd, &name, name.count)
      let bytes = name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      return String(decoding: bytes, as: UTF8.self)
    }
  #else
    private static func openMaster() -> Int32 { posix_openpt(O_RDWR | O_NOCTTY) }
    private static func grant(_ fd: Int32) -> Int32 { grantpt(fd) }
    private static func unlock(_ fd: Int32) -> Int32 { unlockpt(fd) }
    private static func slaveName(_ fd: Int32) -> String { String(cString: ptsname(fd)) }
  #endif
}

/// The fields of a `termios`, comparable.
struct TerminalSettings: Equatable {
  var input: UInt64
  var output: UInt64
  var control: UInt64
  var local: UInt64
  var characters: [UInt8]
  var inputSpeed: UInt64
  var outputSpeed: UInt64

  init(_ settings: termios) {
    var settings = settings
    input = UInt64(settings.c_iflag)
    output = UInt64(settings.c_oflag)
    control = UInt64(settings.c_cflag)
    local = UInt64(settings.c_lflag)
    characters = withUnsafeBytes(of: settings.c_cc) { Array($0) }
    inputSpeed = UInt64(cfgetispeed(&settings))
    outputSpeed = UInt64(cfgetospeed(&settings))
  }

  /// Whether every bit of `flag` is set in `field`.
  static func has(_ field: UInt64, _ flag: Int32) -> Bool {
    field & UInt64(flag) == UInt64(flag)
  }
}
