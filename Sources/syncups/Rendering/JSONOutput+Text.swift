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
    var output = ""
    write(to: &output, indent: pretty ? 0 : nil)
    return output + "\n"
  }

  /// Appends the value; `indent` is the current depth when pretty, `nil` when compact.
  private func write(to output: inout String, indent: Int?) {
    switch self {
    case .null:
      output += "null"
    case .bool(let value):
      output += value ? "true" : "false"
    case .int(let value):
      output += String(value)
    case .double(let value):
      output += Self.number(value)
    case .string(let value):
      Self.writeString(value, to: &output)
    case .array(let elements):
      writeContainer(
        elements, open: "[", close: "]", to: &output, indent: indent
      ) { element, output, indent in
        element.write(to: &output, indent: indent)
      }
    case .object(let members):
      let sorted = members.sorted { $0.key < $1.key }
      writeContainer(
        sorted, open: "{", close: "}", to: &output, indent: indent
      ) { member, output, indent in
        Self.writeString(member.key, to: &output)
        output += indent == nil ? ":" : " : "
        member.value.write(to: &output, indent: indent)
      }
    }
  }

  /// Appends `[…]` or `{…}`, one element per line when pretty.
  private func writeContainer<Element>(
    _ elements: [Element], open: String, close: String, to output: inout String, indent: Int?,
    element writeElement: (Element, inout String, Int?) -> Void
  ) {
    output += open
    guard !elements.isEmpty else {
      output += close
      return
    }
    let inner = indent.map { $0 + 1 }
    for (index, element) in elements.enumerated() {
      if index > 0 { output += "," }
      if let inner { output += "\n" + String(repeating: "  ", count: inner) }
      writeElement(element, &output, inner)
    }
    if let indent { output += "\n" + String(repeating: "  ", count: indent) }
    output += close
  }

  /// A number: whole values without a fraction (`150`), others in the shortest form that reads
  /// back as the same `Double` (`33.333333333333336`).
  private static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
      return String(Int(value))
    }
    return "\(value)"
  }

  /// Appends a quoted, escaped string.
  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E,
          0x2066...0x2069:
          let digits = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        default:
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
