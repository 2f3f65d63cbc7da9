#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines from a file descriptor, read in blocks; invalid UTF-8 is repaired, a last line
/// without a line break still counts.
struct LineReader {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var isAtEnd = false

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next line without its line break, or nil at the end of input (or on a read error).
  mutating func nextLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        var line = buffer[..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        defer { buffer.removeSubrange(...newline) }
        return String(decoding: line, as: UTF8.self)
      }
      if isAtEnd {
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
      }
      fill()
    }
  }

  private mutating func fill() {
    var block = [UInt8](repeating: 0, count: 4096)
    let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      buffer.append(contentsOf: block[..<count])
    } else if count == 0 || errno != EINTR {
      isAtEnd = true
    }
  }
}
