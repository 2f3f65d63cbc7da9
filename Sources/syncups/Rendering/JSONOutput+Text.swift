#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

extension JSONOutput {
  /// The document as text ending in one newline.
  ///
  /// Pretty (the default, for people and `jq`): two-space indentation, `"key" : value` as in
  /// the data file, empty arrays and objects as `[]` and `{}`. Compact: one line without
  /// spaces, for JSON Lines. Either way keys are sorted, `/` is not escaped, and strings
  /// escape, as `\uXXXX` (or `\n`, `\t`…), every character a terminal might act on: C0 and C1
  /// controls, DEL, bidirectional formatting characters and U+2028/U+2029 — so JSON printed
  /// to a terminal is as safe as human output, and still decodes to the same strings.
  /// A number that is not finite is written as `null`.
  func text(pretty: Bool = true) -> String {
    var writer = JSONTextWriter(pretty: pretty)
    writer.value(self)
    writer.endDocument()
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

extension JSONTextWriter {
  /// Writes `value`, object members sorted by key.
  mutating func value(_ value: JSONOutput) {
    switch value {
    case .null:
      null()
    case .bool(let value):
      bool(value)
    case .int(let value):
      int(value)
    case .double(let value):
      double(value)
    case .string(let value):
      string(value)
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element) }
      endArray()
    case .object(let members):
      beginObject()
      for (key, member) in members.sorted(by: { $0.key < $1.key }) {
        self.key(key)
        self.value(member)
      }
      endObject()
    case .model(let shown) where shown.members.isEmpty:
      shown.model.show(to: &self)
    case .model(let shown):
      withUnsafeMutablePointer(to: &self) { writer in
        var sink = MembersAtTheEnd(writer: writer, members: shown.members)
        shown.model.show(to: &sink)
      }
    }
  }
}

/// Passes a model's object on to the writer, and writes `members` before the object ends.
private struct MembersAtTheEnd: JSONSink {
  let writer: UnsafeMutablePointer<JSONTextWriter>
  let members: [String: JSONOutput]
  /// How many objects and arrays are open: the model's own object ends at 0.
  var depth = 0

  mutating func beginArray() {
    depth += 1
    writer.pointee.beginArray()
  }
  mutating func endArray() {
    depth -= 1
    writer.pointee.endArray()
  }
  mutating func beginObject() {
    depth += 1
    writer.pointee.beginObject()
  }
  mutating func endObject() {
    depth -= 1
    if depth == 0 {
      for (key, member) in members.sorted(by: { $0.key < $1.key }) {
        writer.pointee.key(key)
        writer.pointee.value(member)
      }
    }
    writer.pointee.endObject()
  }
  mutating func key(_ name: String) { writer.pointee.key(name) }
  mutating func bool(_ value: Bool) { writer.pointee.bool(value) }
  mutating func int(_ value: Int) { writer.pointee.int(value) }
  mutating func double(_ value: Double) { writer.pointee.double(value) }
  mutating func string(_ value: String) { writer.pointee.string(value) }
  mutating func uuid(_ id: UUID) { writer.pointee.uuid(id) }
  mutating func date(_ date: Date) { writer.pointee.date(date) }
}
