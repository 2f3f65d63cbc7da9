/// Tells well-formed UTF-8 (The Unicode Standard, table 3-7: no overlong forms, no surrogates,
/// nothing above U+10FFFF), so that bytes can be turned into a `String` knowing nothing will be
/// replaced.
///
/// ```swift
/// [0x5A, 0x6F, 0xC3, 0xAB].withUnsafeBufferPointer(UTF8Validation.isValid)  // true ("Zoë")
/// [0xC3].withUnsafeBufferPointer(UTF8Validation.isValid)                    // false
/// ```
enum UTF8Validation {
  /// Whether `bytes` are well-formed UTF-8.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var secondRange: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; secondRange = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; secondRange = 0x80...0x9F
      case 0xF0: length = 4; secondRange = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; secondRange = 0x80...0x8F
      default: return false
      }
      guard count - index >= length, secondRange.contains(bytes[index + 1]) else { return false }
      for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
        return false
      }
      index += length
    }
    return true
  }
}
