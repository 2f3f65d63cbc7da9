#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes to standard output (buffered, flushed at exit) and standard error (at once).
///
/// A write to standard output that fails (a full disk, a closed pipe when SIGPIPE is ignored)
/// is remembered in ``standardOutputFailure`` and the rest of the output is dropped: the
/// program reports it and exits with status 1 instead of claiming success.
enum Output {
  nonisolated(unsafe) private static var buffer: [UInt8] = []
  /// The `errno` of the first write to standard output that failed, if one did.
  nonisolated(unsafe) private(set) static var standardOutputFailure: Int32?
  /// How much standard output is buffered before it is written: 64 KiB.
  private static let flushThreshold = 1 << 16

  /// Data for standard output.
  static func standard(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= flushThreshold { flush() }
  }

  /// JSON for standard output, written by `body` straight into the buffer, which is written out
  /// each time it holds 64 KiB or more: a large document never sits in memory whole.
  ///
  /// ```swift
  /// Output.standardJSON { $0.syncUps(syncUps.elements) }  // list --json
  /// ```
  static func standardJSON(pretty: Bool = true, _ body: (inout JSONTextWriter) -> Void) {
    var writer = JSONTextWriter(
      pretty: pretty, bytes: buffer, flushThreshold: flushThreshold,
      flush: { bytes in
        writeStandardOutput(bytes)
        bytes.removeAll(keepingCapacity: true)
      })
    buffer = []
    body(&writer)
    writer.endDocument()
    buffer = writer.bytes
    if buffer.count >= flushThreshold { flush() }
  }

  /// A message for standard error; standard output is flushed first so the two keep their order.
  static func error(_ text: String) {
    flush()
    writeAll(2, Array(text.utf8))
  }

  /// Flushes standard output and returns the status to exit with: `status`, or 1 when it was
  /// success but standard output could not be written, which is then reported.
  ///
  /// ```swift
  /// exit(Output.finish(ExitStatus.success.rawValue))
  /// ```
  static func finish(_ status: Int32) -> Int32 {
    flush()
    guard let failure = standardOutputFailure else { return status }
    error("Error: cannot write to standard output: \(String(cString: strerror(failure)))\n")
    return status == ExitStatus.success.rawValue ? ExitStatus.failure.rawValue : status
  }

  /// Writes what standard output has buffered.
  static func flush() {
    guard !buffer.isEmpty else { return }
    writeStandardOutput(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes `bytes` to standard output unless an earlier write failed; remembers a failure.
  private static func writeStandardOutput(_ bytes: [UInt8]) {
    guard standardOutputFailure == nil else { return }
    standardOutputFailure = writeAll(1, bytes)
  }

  /// Writes all of `bytes`, waiting while a non-blocking descriptor is full; the `errno` of a
  /// failed write, or nil.
  @discardableResult
  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          switch errno {
          case EINTR:
            continue
          case EAGAIN, EWOULDBLOCK:
            // A non-blocking descriptor that is full: wait until it takes more.
            var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, -1)
            continue
          default:
            return errno
          }
        }
        offset += written
      }
      return nil
    }
  }
}
