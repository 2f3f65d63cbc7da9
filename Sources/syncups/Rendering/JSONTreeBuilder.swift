#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

/// Collects what a ``JSONSink`` shape writes into a ``JSONOutput`` tree.
///
/// ```swift
/// JSONTreeBuilder.build { meeting.show(to: &$0) }  // .object(["date": …, "id": …, …])
/// ```
struct JSONTreeBuilder: JSONSink {
  /// A container still open, with what it holds so far; an object also has the key its next
  /// member goes under.
  private enum Open {
    case array([JSONOutput])
    case object([String: JSONOutput], key: String?)
  }

  private var open: [Open] = []
  private var result: JSONOutput = .null

  /// The one value `body` writes.
  static func build(_ body: (inout JSONTreeBuilder) -> Void) -> JSONOutput {
    var builder = JSONTreeBuilder()
    body(&builder)
    precondition(builder.open.isEmpty, "a container was left open")
    return builder.result
  }

  mutating func beginArray() { open.append(.array([])) }
  mutating func beginObject() { open.append(.object([:], key: nil)) }

  mutating func endArray() {
    guard case .array(let elements) = open.popLast() else { preconditionFailure("no array") }
    add(.array(elements))
  }

  mutating func endObject() {
    guard case .object(let members, _) = open.popLast() else { preconditionFailure("no object") }
    add(.object(members))
  }

  mutating func key(_ name: String) {
    guard case .object(let members, _) = open.popLast() else { preconditionFailure("no object") }
    open.append(.object(members, key: name))
  }

  mutating func bool(_ value: Bool) { add(.bool(value)) }
  mutating func int(_ value: Int) { add(.int(value)) }
  mutating func double(_ value: Double) { add(.double(value)) }
  mutating func string(_ value: String) { add(.string(value)) }
  mutating func uuid(_ id: UUID) { add(.string(id.uuidString)) }
  mutating func date(_ date: Date) { add(.string(DateText.iso8601(date))) }

  private mutating func add(_ value: JSONOutput) {
    switch open.popLast() {
    case nil:
      result = value
    case .array(var elements)?:
      elements.append(value)
      open.append(.array(elements))
    case .object(var members, let key?)?:
      members[key] = value
      open.append(.object(members, key: nil))
    case .object(_, nil)?:
      preconditionFailure("an object member without a key")
    }
  }
}
