/// A JSON document, built from the data a command prints with `--json` (see
/// ``JSONOutput/syncUp(_:)`` and its siblings) and written by ``JSONOutput/text(pretty:)``.
///
/// ```swift
/// let value: JSONOutput = .object(["title": .string("Design"), "duration": .int(300)])
/// value.text(pretty: false)  // "{\"duration\":300,\"title\":\"Design\"}\n"
/// ```
///
/// Output only, and unrelated to SharedState's `JSONValue` (the settings file's values).
enum JSONOutput: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  /// A number that may have a fraction.
  case double(Double)
  case string(String)
  case array([JSONOutput])
  /// An object; written with its keys sorted.
  case object([String: JSONOutput])
}
