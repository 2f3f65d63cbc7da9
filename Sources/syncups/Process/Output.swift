#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes to standard output (buffered, flushed at exit) and standard error (at once).
enum Output {
  nonisolated(unsafe) private static var buffer: [UInt8] = []
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
        writeAll(1, bytes)
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

  /// Writes what standard output has buffered.
  static func flush() {
    guard !buffer.isEmpty else { return }
    writeAll(1, buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return  // a closed pipe: nothing more can be said
        }
        offset += written
      }
    }
  }
}
