/// Turns the bytes a terminal in raw mode sends into ``Key``s.
///
/// Bytes may arrive in any pieces: a UTF-8 character or an escape sequence split across reads
/// is completed by the next ``feed(_:)``. Escape sequences for the arrows, Home, End and
/// Delete, in their CSI (`ESC [ C`, `ESC [ 1 ; 5 C`) and SS3 (`ESC O C`) forms, become keys;
/// any other sequence is swallowed whole, so it never shows up as stray characters. Control
/// bytes and invalid UTF-8 that have no key are dropped.
///
/// An escape byte alone may be the Escape key or the start of a sequence whose rest has not
/// arrived yet, so it is held back: the next byte decides, or, when nothing follows within a
/// short time, ``timeoutPendingEscape()`` reports it as `.escape`.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed([0x74, 0xC3])       // [.character("t")]  (0xC3 starts "é")
/// decoder.feed([0xA9, 0x1B])       // [.character("é")]  (0x1B is held back)
/// decoder.hasPendingEscape         // true
/// decoder.timeoutPendingEscape()   // [.escape]
/// ```
struct KeyDecoder: Sendable {
  /// What the bytes decoded so far leave unfinished.
  private enum Pending: Equatable, Sendable {
    case none
    /// An escape byte.
    case escape
    /// `ESC [` and the parameter and intermediate bytes since.
    case csi([UInt8])
    /// `ESC O`.
    case ss3
    /// The first bytes of a UTF-8 character that is `length` bytes long.
    case utf8([UInt8], length: Int)
  }

  /// The most parameter bytes kept for one CSI sequence; longer ones are still swallowed.
  private static let maximumParameterCount = 16

  private var pending = Pending.none

  init() {}

  /// Whether an escape byte, or the start of an escape sequence, waits for more bytes: the
  /// caller should call ``timeoutPendingEscape()`` if nothing arrives soon.
  var hasPendingEscape: Bool {
    switch pending {
    case .escape, .csi, .ss3: true
    case .none, .utf8: false
    }
  }

  /// The keys that `bytes` complete, in order.
  mutating func feed(_ bytes: some Collection<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      decode(byte, into: &keys)
    }
    return keys
  }

  /// Ends a wait for the rest of an escape sequence: a lone escape byte is the Escape key;
  /// an unfinished sequence is dropped.
  mutating func timeoutPendingEscape() -> [Key] {
    switch pending {
    case .escape:
      pending = .none
      return [.escape]
    case .csi, .ss3:
      pending = .none
      return []
    case .none, .utf8:
      return []
    }
  }

  /// Decodes one byte in the light of what is pending.
  private mutating func decode(_ byte: UInt8, into keys: inout [Key]) {
    switch pending {
    case .none:
      decodeFresh(byte, into: &keys)
    case .escape:
      continueEscape(byte, into: &keys)
    case .csi(let parameters):
      continueCSI(parameters, byte, into: &keys)
    case .ss3:
      continueSS3(byte, into: &keys)
    case .utf8(let bytes, let length):
      continueUTF8(bytes, length: length, byte, into: &keys)
    }
  }

  /// Decodes a byte that starts something: a key of its own, an escape, or a UTF-8 sequence.
  private mutating func decodeFresh(_ byte: UInt8, into keys: inout [Key]) {
    pending = .none
    switch byte {
    case 0x1B:
      pending = .escape
    case 0x0D, 0x0A:
      keys.append(.enter)
    case 0x7F, 0x08:
      keys.append(.backspace)
    case 0x09:
      keys.append(.tab)
    case 0x01...0x1A:
      keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
    case 0x20...0x7E:
      keys.append(.character(Character(Unicode.Scalar(byte))))
    case 0xC2...0xDF:
      pending = .utf8([byte], length: 2)
    case 0xE0...0xEF:
      pending = .utf8([byte], length: 3)
    case 0xF0...0xF4:
      pending = .utf8([byte], length: 4)
    default:
      break  // NUL, the other C0 controls, and bytes that cannot start a UTF-8 character
    }
  }

  /// After an escape byte: `[` starts CSI, `O` starts SS3; anything else means the escape was
  /// the Escape key, and the byte is decoded afresh.
  private mutating func continueEscape(_ byte: UInt8, into keys: inout [Key]) {
    switch byte {
    case UInt8(ascii: "["):
      pending = .csi([])
    case UInt8(ascii: "O"):
      pending = .ss3
    default:
      keys.append(.escape)
      decodeFresh(byte, into: &keys)
    }
  }

  /// Inside `ESC [`: parameter and intermediate bytes accumulate until a final byte ends the
  /// sequence; any other byte abandons it and is decoded afresh.
  private mutating func continueCSI(_ parameters: [UInt8], _ byte: UInt8, into keys: inout [Key]) {
    switch byte {
    case 0x40...0x7E:
      pending = .none
      if let key = Self.csiKey(parameters: parameters, final: byte) { keys.append(key) }
    case 0x20...0x3F:
      let kept = parameters.count < Self.maximumParameterCount ? parameters + [byte] : parameters
      pending = .csi(kept)
    default:
      decodeFresh(byte, into: &keys)
    }
  }

  /// After `ESC O`: one final byte names the key.
  private mutating func continueSS3(_ byte: UInt8, into keys: inout [Key]) {
    switch byte {
    case 0x40...0x7E:
      pending = .none
      if let key = Self.ss3Key(final: byte) { keys.append(key) }
    default:
      decodeFresh(byte, into: &keys)
    }
  }

  /// Inside a UTF-8 character: continuation bytes complete it; any other byte drops the
  /// unfinished character and is decoded afresh.
  private mutating func continueUTF8(
    _ bytes: [UInt8], length: Int, _ byte: UInt8, into keys: inout [Key]
  ) {
    guard (0x80...0xBF).contains(byte) else {
      decodeFresh(byte, into: &keys)
      return
    }
    let bytes = bytes + [byte]
    guard bytes.count == length else {
      pending = .utf8(bytes, length: length)
      return
    }
    pending = .none
    if let character = Self.character(utf8: bytes) { keys.append(.character(character)) }
  }

  /// The character a complete UTF-8 sequence encodes, or `nil` when it is invalid (overlong,
  /// a surrogate, beyond U+10FFFF) or a C1 control.
  private static func character(utf8 bytes: [UInt8]) -> Character? {
    guard let text = String(validating: bytes, as: UTF8.self),
      let scalar = text.unicodeScalars.first, !(0x80...0x9F).contains(scalar.value)
    else { return nil }
    return Character(scalar)
  }

  /// The key a CSI sequence stands for: arrows (with or without modifiers), Home, End,
  /// Delete; `nil` for every other sequence.
  private static func csiKey(parameters: [UInt8], final: UInt8) -> Key? {
    let isNumeric = parameters.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") }
    guard isNumeric else { return nil }
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"): return tildeKey(parameters)
    default: return nil
    }
  }

  /// The key of a `CSI n ~` sequence, by its first parameter.
  private static func tildeKey(_ parameters: [UInt8]) -> Key? {
    let first = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .first.map { String(decoding: $0, as: UTF8.self) }
    switch first {
    case "1", "7": return .home
    case "3": return .delete
    case "4", "8": return .end
    default: return nil
    }
  }

  /// The key an SS3 sequence stands for, or `nil`.
  private static func ss3Key(final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }
}

/// A key pressed on the terminal, as ``KeyDecoder`` reports it.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(Array("n\u{1B}[C\r".utf8))  // [.character("n"), .right, .enter]
/// ```
enum Key: Equatable, Sendable {
  /// A character typed: a letter, a digit, a space, punctuation, any non-control character.
  case character(Character)
  /// Return or Enter (a carriage return or a line feed).
  case enter
  /// Escape, pressed on its own.
  case escape
  /// Backspace (DEL or BS, whichever the terminal sends).
  case backspace
  case tab
  /// Delete (the forward-deleting key, `ESC [ 3 ~`).
  case delete
  case left
  case right
  case up
  case down
  case home
  case end
  /// A control key other than those above, by its lower-case letter: `.control("c")` is
  /// Ctrl-C, which arrives as a key only when the terminal does not turn it into SIGINT.
  case control(Character)
}
