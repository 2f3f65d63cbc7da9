#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// The text writer as a ``JSONSink``: ids and dates go straight in as bytes, without a
/// `String` each (`list --json` writes many).
extension JSONTextWriter: JSONSink {
  mutating func date(_ date: Date) {
    plainString { DateText.appendISO8601(date, to: &$0) }
  }

  mutating func uuid(_ id: UUID) {
    plainString { bytes in
      let digits: StaticString = "0123456789ABCDEF"
      withUnsafeBytes(of: id.uuid) { uuid in
        for (index, byte) in uuid.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            bytes.append(UInt8(ascii: "-"))
          }
          bytes.append(digits.utf8Start[Int(byte >> 4)])
          bytes.append(digits.utf8Start[Int(byte & 0x0F)])
        }
      }
    }
  }
}
