#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where and why a document is not JSON that `JSONDecoder` reads, for a person who edits it:
/// the decoder itself says only "The given data was not valid JSON", whatever the cause, and
/// says so of valid JSON nested deeper than it reads too.
///
/// ```swift
/// JSONSyntaxError.locate(in: Data("[1,\n 2 x]".utf8))?.description
/// // "not valid JSON: expected ',' or ']', found 'x' (at line 2, column 4)"
/// ```
///
/// Lines and columns count from 1; a column counts characters (Unicode scalars), not bytes.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in JSON's words: `expected ',' or ']', found 'x'`.
  public var problem: String
  /// Whether the document is JSON nested deeper than ``depthLimit``, rather than not JSON.
  public var isTooDeep: Bool
  public var line: Int
  public var column: Int

  /// How many arrays and objects `JSONDecoder` reads inside one another.
  public static let depthLimit = 512

  public var description: String {
    (isTooDeep ? "nested too deeply: " : "not valid JSON: ") + problem
      + " (at line \(line), column \(column))"
  }

  /// `error` with the place and cause of the problem in `data` when it is the decoder's "not
  /// valid JSON" (at the top level, the only place it says so); anything else unchanged, and
  /// that too when the scan finds no problem the decoder could have meant.
  ///
  /// ```swift
  /// do { try JSONDecoder().decode(T.self, from: data) }
  /// catch { throw JSONSyntaxError.locating(error, in: data) }
  /// ```
  public static func locating(_ error: any Error, in data: Data) -> any Error {
    guard case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty,
      context.debugDescription == "The given data was not valid JSON.",
      let located = locate(in: data)
    else { return error }
    return located
  }

  /// The first problem in `data`, or nil when it is JSON nested no deeper than ``depthLimit``.
  public static func locate(in data: Data) -> JSONSyntaxError? {
    var scanner = JSONSyntaxScanner(bytes: [UInt8](data))
    guard let (offset, problem, isTooDeep) = scanner.firstProblem() else { return nil }
    var line = 1
    var column = 1
    for byte in data.prefix(offset) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
        column += 1
      }
    }
    return JSONSyntaxError(problem: problem, isTooDeep: isTooDeep, line: line, column: column)
  }
}

/// Checks JSON's grammar (RFC 8259) a byte at a time, without recursion, so that no nesting
/// can exhaust the stack.
private struct JSONSyntaxScanner {
  let bytes: [UInt8]
  var index = 0

  private enum Expecting { case value, key, next }

  /// The offset, wording and kind of the first problem, or nil when there is none.
  mutating func firstProblem() -> (offset: Int, problem: String, isTooDeep: Bool)? {
    var open: [UInt8] = []  // the closing bracket of each array and object we are in
    var expecting = Expecting.value
    while true {
      skipWhitespace()
      switch expecting {
      case .value:
        guard let byte = peek() else { return failure("expected a value, found \(found)") }
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
          guard open.count < JSONSyntaxError.depthLimit else {
            return (
              index,
              "more than \(JSONSyntaxError.depthLimit) arrays and objects inside one another",
              true
            )
          }
          index += 1
          let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
          open.append(closing)
          skipWhitespace()
          if peek() == closing {
            index += 1
            open.removeLast()
            expecting = .next
          } else {
            expecting = closing == UInt8(ascii: "]") ? .value : .key
          }
          continue
        }
        if let problem = scanScalar(byte) { return failure(problem) }
        expecting = .next
      case .key:
        guard peek() == UInt8(ascii: "\"") else {
          return failure("expected a key in double quotes, found \(found)")
        }
        if let problem = scanString() { return failure(problem) }
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
          return failure("expected ':' after a key, found \(found)")
        }
        index += 1
        expecting = .value
      case .next:
        guard let closing = open.last else {
          return peek() == nil ? nil : failure("found \(found) after the end of the document")
        }
        let bracket = Character(Unicode.Scalar(closing))
        if peek() == closing {
          index += 1
          open.removeLast()
        } else if peek() == UInt8(ascii: ",") {
          index += 1
          expecting = closing == UInt8(ascii: "]") ? .value : .key
        } else {
          return failure("expected ',' or '\(bracket)', found \(found)")
        }
      }
    }
  }

  private func failure(_ problem: String) -> (offset: Int, problem: String, isTooDeep: Bool) {
    (index, problem, false)
  }

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// What is at the current offset, for a message: `'x'`, or the end of the file.
  private var found: String {
    guard let byte = peek() else { return "the end of the file" }
    guard (0x21...0x7E).contains(byte) else {
      let hex = String(byte, radix: 16, uppercase: true)
      return byte < 0x80
        ? "the character U+" + String(repeating: "0", count: 4 - hex.count) + hex
        : "a non-ASCII character"
    }
    return "'\(Character(Unicode.Scalar(byte)))'"
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    {
      index += 1
    }
  }

  /// A string, number or literal starting with `byte`; the problem, if any.
  private mutating func scanScalar(_ byte: UInt8) -> String? {
    switch byte {
    case UInt8(ascii: "\""):
      return scanString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return scanNumber()
    default:
      for literal in ["true", "false", "null"] where literal.utf8.first == byte {
        guard bytes[index...].starts(with: literal.utf8) else { break }
        index += literal.utf8.count
        return nil
      }
      return "expected a value, found \(found)"
    }
  }

  private mutating func scanString() -> String? {
    index += 1  // the opening quote
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return nil
      case UInt8(ascii: "\\"):
        index += 1
        guard let escaped = peek() else { break }
        if escaped == UInt8(ascii: "u") {
          let digits = bytes[(index + 1)...].prefix(4)
          guard digits.count == 4, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
          else { return "expected four hex digits after \\u" }
          index += 5
        } else if "\"\\/bfnrt".utf8.contains(escaped) {
          index += 1
        } else {
          return "\(found) cannot follow a backslash in a string"
        }
      case 0..<0x20:
        return "\(found) must be escaped in a string"
      default:
        index += 1
      }
    }
    return "a string that is never closed"
  }

  private mutating func scanNumber() -> String? {
    func digits() -> Int {
      let first = index
      while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
      return index - first
    }
    if peek() == UInt8(ascii: "-") { index += 1 }
    if peek() == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      return "expected a digit, found \(found)"
    }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return "expected a digit after '.', found \(found)" }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { return "expected a digit in the exponent, found \(found)" }
    }
    return nil
  }
}
