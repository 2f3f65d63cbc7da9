#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable run of bytes in memory from `malloc`, handed over as a `Data` without a copy:
/// the fast writer of ``SyncUpsFile`` builds a whole file in one, so that a large file is never
/// held twice.
///
/// ```swift
/// var buffer = ByteBuffer(capacity: 1024)
/// buffer.append("[]")
/// let data = buffer.data()  // 2 bytes; the buffer is used up
/// ```
struct ByteBuffer: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  /// How many bytes have been written.
  private(set) var count = 0
  private var capacity: Int

  /// An empty buffer with room for `capacity` bytes before it has to grow.
  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    start = Self.reallocate(nil, to: self.capacity)
  }

  deinit {
    free(start)
  }

  /// The bytes as `Data`, which takes over the memory.
  consuming func data() -> Data {
    if capacity - count > 1 << 16 {
      start = Self.reallocate(start, to: max(count, 1))
    }
    let data = Data(bytesNoCopy: start, count: count, deallocator: .free)
    discard self
    return data
  }

  /// Appends one byte.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    start[count] = byte
    count += 1
  }

  /// Appends `bytes`.
  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    reserve(bytes.count)
    (start + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  /// Appends fixed ASCII text.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Lets `body` write exactly `length` bytes at the end, in place.
  @inline(__always)
  mutating func append(length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
    reserve(length)
    body(start + count)
    count += length
  }

  /// Makes room for `extra` more bytes, at least doubling the capacity when it grows.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    capacity = max(count + extra, capacity * 2)
    start = Self.reallocate(start, to: capacity)
  }

  /// `realloc`, which only fails when memory is exhausted.
  private static func reallocate(
    _ pointer: UnsafeMutablePointer<UInt8>?, to capacity: Int
  ) -> UnsafeMutablePointer<UInt8> {
    guard let raw = realloc(pointer, capacity) else { fatalError("Out of memory") }
    return raw.assumingMemoryBound(to: UInt8.self)
  }
}
