#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file being read from its start, a chunk at a time, so that a decoder can build its value
/// without the whole file in memory at once.
///
/// `FileSystem.read(_:through:)` hands one to the code that reads the file; a
/// `.fileStorage(_:reading:encode:)` key hands one to its decoder:
///
/// ```swift
/// let (lineCount, _) = try fileSystem.read("/tmp/log.txt") { reader in
///   var buffer = [UInt8](repeating: 0, count: 65_536)
///   var lines = 0
///   while case let count = try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }),
///     count > 0
///   {
///     lines += buffer[..<count].count { $0 == UInt8(ascii: "\n") }
///   }
///   return lines
/// }!
/// ```
public struct FileReader {
  /// Reads at the offset into the buffer; 0 at the end.
  private let readAt: (Int, UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int
  private let readWhole: () throws(FileSystemError) -> Data
  /// The file's size in bytes when it was opened.
  public let size: Int
  /// How many bytes `read(into:)` has handed out.
  public private(set) var offset = 0

  /// A reader of a file of `size` bytes: `readAt` copies the bytes at an offset into a buffer
  /// and says how many (0 at the end of the file), `readAll` gives the whole file.
  public init(
    size: Int,
    readAt: @escaping (Int, UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int,
    readAll: @escaping () throws(FileSystemError) -> Data
  ) {
    self.size = size
    self.readAt = readAt
    self.readWhole = readAll
  }

  /// A reader of bytes in memory that hands out at most `chunkLimit` bytes per `read(into:)`;
  /// a small limit shows how a decoder copes with chunks that end anywhere.
  ///
  /// ```swift
  /// var reader = FileReader(data: Data("[1, 2]".utf8), chunkLimit: 1)
  /// ```
  public init(data: Data, chunkLimit: Int = .max) {
    precondition(chunkLimit > 0, "a chunk holds at least one byte")
    self.init(
      size: data.count,
      readAt: { offset, buffer in
        let count = min(buffer.count, chunkLimit, data.count - offset)
        guard count > 0 else { return 0 }
        let start = data.startIndex + offset
        data.copyBytes(
          to: buffer.bindMemory(to: UInt8.self).baseAddress!, from: start..<start + count)
        return count
      },
      readAll: { data }
    )
  }

  /// Copies the next bytes of the file into `buffer` and returns how many; 0 only at the end
  /// of the file (or for an empty buffer).
  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError)
    -> Int
  {
    guard buffer.count > 0 else { return 0 }
    let count = try readAt(offset, buffer)
    offset += count
    return count
  }

  /// The whole file, from its first byte, however much `read(into:)` has handed out already.
  public func readAll() throws(FileSystemError) -> Data {
    try readWhole()
  }
}
