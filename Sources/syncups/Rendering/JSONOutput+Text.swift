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
    case .model(let shown):
      shown.model.show(to: &self)
    }
  }
}
