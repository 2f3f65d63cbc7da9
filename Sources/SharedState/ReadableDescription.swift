#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A readable account of an error, for a person who wrote or edits the JSON, not the Swift
/// code: for an encoding or decoding error, what is wrong in JSON's own words and where in the
/// document; otherwise the error's description.
///
/// ```swift
/// do { … } catch { print("cannot decode 'x.json': \(readableDescription(of: error))") }
/// // cannot decode 'x.json': expected a string, found a number (at [0].text)
/// ```
///
/// Swift type names never appear: `String` is "a string", `Array<Any>` "an array",
/// `Dictionary<String, Any>` "an object". A type that is none of JSON's kinds is described by
/// what was found alone.
public func readableDescription(of error: any Error) -> String {
  switch error {
  case DecodingError.dataCorrupted(let context):
    return JSONWording.problem(context.debugDescription)
      + " (\(JSONWording.location(context.codingPath)))"
  case DecodingError.keyNotFound(let key, let context):
    return "missing key '\(key.stringValue)' (\(JSONWording.location(context.codingPath)))"
  case DecodingError.typeMismatch(let type, let context):
    let found = JSONWording.found(in: context.debugDescription)
    return JSONWording.mismatch(expected: type, found: found)
      + " (\(JSONWording.location(context.codingPath)))"
  case DecodingError.valueNotFound(let type, let context):
    return JSONWording.mismatch(expected: type, found: "null")
      + " (\(JSONWording.location(context.codingPath)))"
  case EncodingError.invalidValue(_, let context):
    return JSONWording.problem(context.debugDescription)
      + " (\(JSONWording.location(context.codingPath)))"
  default:
    return String(describing: error)
  }
}

/// The words ``readableDescription(of:)`` uses for JSON.
private enum JSONWording {
  /// `at [0].attendees[1].name`, or `at the top level`.
  static func location(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "at the top level" }
    var text = "at "
    for (offset, key) in codingPath.enumerated() {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (offset == 0 ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  /// `expected a string, found a number`; `found a number` when the expected type is not one
  /// of JSON's kinds; `expected a string` when what was found is not known.
  static func mismatch(expected type: Any.Type, found: String?) -> String {
    switch (kind(of: type), found) {
    case (let expected?, let found?): "expected \(expected), found \(found)"
    case (let expected?, nil): "expected \(expected)"
    case (nil, let found?): "unexpected \(found)"
    case (nil, nil): "unexpected value"
    }
  }

  /// The JSON kind a Swift type is decoded from, if it is one.
  static func kind(of type: Any.Type) -> String? {
    if type == String.self || type == Substring.self || type == Character.self {
      return "a string"
    }
    if type == Bool.self { return "true or false" }
    if type == UUID.self { return "a UUID string" }
    if type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type
      || type == Decimal.self
    {
      return "a number"
    }
    let name = String(describing: type)
    if name.hasPrefix("Array<") || name.hasPrefix("ContiguousArray<") || name.hasPrefix("Set<") {
      return "an array"
    }
    if name.hasPrefix("Dictionary<") { return "an object" }
    return nil
  }

  /// What the decoder found, from its message `Expected to decode T but found X instead.`, in
  /// JSON's words; nil when the message has another form.
  static func found(in message: String) -> String? {
    guard let start = message.firstRange(of: " but found "),
      let end = message[start.upperBound...].firstRange(of: " instead")
    else { return nil }
    switch message[start.upperBound..<end.lowerBound] {
    case "a dictionary": return "an object"
    case "an array": return "an array"
    case "a string": return "a string"
    case "number", "a number": return "a number"
    case "bool", "a bool", "a boolean": return "a boolean"
    case "null", "a null value": return "null"
    default: return nil
    }
  }

  /// A decoder's description of corrupt data, with Foundation's stock sentences reworded and
  /// the first letter lower-cased to follow the `cannot … :` that comes before it.
  static func problem(_ message: String) -> String {
    let reworded =
      switch message {
      case "The given data was not valid JSON.": "not valid JSON"
      case "Attempted to decode UUID from invalid UUID string.": "expected a UUID string"
      case "Expected date string to be ISO8601-formatted.":
        "expected an ISO 8601 date such as 2026-01-31T09:15:00Z"
      default: message
      }
    guard let first = reworded.first, let second = reworded.dropFirst().first,
      first.isUppercase, second.isLowercase
    else { return reworded }
    return first.lowercased() + reworded.dropFirst()
  }
}
