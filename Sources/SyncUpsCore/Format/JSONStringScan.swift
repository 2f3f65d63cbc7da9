/// Scans the contents of JSON strings eight bytes at a time, for the fast codec of
/// ``SyncUpsFile``: most bytes of a title or a transcript need no attention, and one 64-bit
/// test tells whether any of eight does.
///
/// ```swift
/// var bits: UInt64 = 0
/// let skipped = JSONStringScan.ordinaryLength(of: start, count: 20, bits: &bits)
/// // a multiple of 8: the bytes before the first word holding `"`, `\` or a control character
/// ```
enum JSONStringScan {
  /// How many of the `count` bytes at `start` can be passed over, eight at a time, because
  /// none of them is a quote, a backslash or a control character (below 0x20): a multiple of 8,
  /// stopping at the first word that holds one, or with fewer than 8 bytes left. Every byte
  /// passed over is OR-ed into `bits`, so that `bits & 0x8080_8080_8080_8080 != 0` tells
  /// whether any was not ASCII.
  @inline(__always)
  static func ordinaryLength(
    of start: UnsafePointer<UInt8>, count: Int, bits: inout UInt64
  ) -> Int {
    var offset = 0
    while count - offset >= 8 {
      let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
      guard !hasSpecialByte(word) else { break }
      bits |= word
      offset += 8
    }
    return offset
  }

  /// Whether any of the eight bytes in `word` is a quote, a backslash or below 0x20.
  ///
  /// With `ones` holding 0x01 in every byte, `(x - ones) & ~x & (ones * 0x80)` is nonzero
  /// exactly when some byte of `x` is zero, and `(x - ones * n) & ~x & (ones * 0x80)` exactly
  /// when some byte is below `n` (for `n` up to 0x80); a quote or a backslash is a zero byte
  /// once the word is XOR-ed with copies of it.
  @inline(__always)
  static func hasSpecialByte(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let control = (word &- ones &* 0x20) & ~word
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let quote = (quotes &- ones) & ~quotes
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let backslash = (backslashes &- ones) & ~backslashes
    return (control | quote | backslash) & (ones &* 0x80) != 0
  }
}
