#if os(Linux)
import ChildProcessSupport
import Foundation

/// Checks of what syncups prints: raw terminal controls, and the documented shape of errors.
enum OutputChecks {
  /// The exit statuses documented in syncups(1) and `ExitStatus`.
  static let documentedStatuses: Set<Int32> = [0, 1, 64, 65, 75, 129, 130, 143]

  /// The first character in `bytes` that a terminal would act on instead of showing, described
  /// with its offset, or nil when there is none. A line feed is fine; so is a select graphic
  /// rendition sequence (`ESC [ … m`) when `allowingSGR`, which is how syncups colours its
  /// own output. Checked: C0 controls, ESC, DEL, C1 controls (U+0080–U+009F), the
  /// bidirectional formatting characters and the line and paragraph separators, and invalid
  /// UTF-8.
  static func rawControl(in bytes: [UInt8], allowingSGR: Bool = false) -> String? {
    var index = 0
    func report(_ what: String) -> String {
      let start = max(0, index - 20)
      let context = visible(Array(bytes[start..<min(bytes.count, index + 20)]), limit: 60)
      return "\(what) at byte \(index) (…\(context)…)"
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x0A:
        index += 1
      case 0x1B:
        if allowingSGR, let end = sgrEnd(in: bytes, from: index) {
          index = end
        } else {
          return report("raw ESC")
        }
      case 0x00...0x1F:
        return report("raw control \\x\(String(byte, radix: 16, uppercase: true))")
      case 0x7F:
        return report("raw DEL")
      case 0x20...0x7E:
        index += 1
      default:
        let length = byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
        guard length > 0, index + length <= bytes.count,
          let character = String(validating: bytes[index..<index + length], as: UTF8.self),
          let scalar = character.unicodeScalars.first
        else {
          return report("invalid UTF-8")
        }
        switch scalar.value {
        case 0x80...0x9F:
          return report("raw C1 control U+\(String(scalar.value, radix: 16, uppercase: true))")
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
          return report("raw formatting character U+\(String(scalar.value, radix: 16, uppercase: true))")
        default:
          index += length
        }
      }
    }
    return nil
  }

  /// The index just past an `ESC [ <digits and semicolons> m` sequence starting at `start`.
  private static func sgrEnd(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start + 1
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
    index += 1
    while index < bytes.count, (0x30...0x39).contains(bytes[index]) || bytes[index] == UInt8(ascii: ";") {
      index += 1
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "m") else { return nil }
    return index + 1
  }

  /// What is wrong with a failed command's standard error, or nil when it has the documented
  /// shape: a first line `Error: <what>`; for a usage error (64) exactly three lines, then
  /// `Usage: syncups …` and `See 'syncups … --help' for more information.`; otherwise only
  /// indented continuation lines (the candidates of an ambiguous reference) and their closing
  /// hint. No raw controls anywhere. With `traced` (`--trace`), the trace of the actions run
  /// before the failure may come first.
  static func errorShapeProblem(_ outcome: Outcome, traced: Bool = false) -> String? {
    if let control = rawControl(in: outcome.stderr) { return "stderr has a \(control)" }
    var text = outcome.stderrText
    if traced, !text.hasPrefix("Error: "), let start = text.range(of: "\nError: ", options: .backwards) {
      text = String(text[text.index(after: start.lowerBound)...])
    }
    guard text.hasPrefix("Error: ") else {
      return "stderr does not start with 'Error: ': '\(visible(outcome.stderr, limit: 80))'"
    }
    guard text.hasSuffix("\n") else { return "stderr does not end with a newline" }
    let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
    if outcome.status == 64 {
      guard lines.count == 3 else {
        return "a usage error has \(lines.count) lines, not 3: '\(visible(outcome.stderr, limit: 100))'"
      }
      guard lines[1].hasPrefix("Usage: syncups") else {
        return "line 2 is not 'Usage: syncups …': '\(visible(Array(lines[1].utf8)))'"
      }
      guard lines[2].hasPrefix("See 'syncups"), lines[2].hasSuffix(" --help' for more information.") else {
        return "line 3 is not 'See 'syncups … --help' …': '\(visible(Array(lines[2].utf8)))'"
      }
      return nil
    }
    for (offset, line) in lines.enumerated().dropFirst()
    where !line.hasPrefix("  ") && line != "Use more of the title, or an id."
      && !line.hasPrefix("Use an id (the short ids above will do)") {
      return "stderr line \(offset + 1) is not part of the message: '\(visible(Array(line.utf8)))'"
    }
    return nil
  }
}

#endif
