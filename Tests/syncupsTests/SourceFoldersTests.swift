import Foundation
import Testing

/// The executable's folders, read from its sources: each concept (the commands of one part of
/// the program and their machinery: `SyncUps/`, `Meeting/`, `Team/`, `Hooks/`, …) stands on
/// shared floors and on nothing else.
///
/// The rule: a folder of `Sources/syncups` is a floor when it is named in ``floors``, else a
/// concept. Any file may refer to a type of its own folder or of a floor. A floor never refers
/// to a concept's type, and a concept never refers to another concept's type, with one
/// exception: the command table (`CommandLine/CommandTable.swift`, and the extensions of it in
/// `CommandLine/CommandTable+*.swift`, such as the hook samples written by the commands that
/// fire the real events) lists every command, so it names every concept. What several concepts
/// share therefore lives on a floor: the hooks are fired through `HookFiring/` (`Hooks` on the
/// command context), the work cards `standup`, `start`, `meeting show` and `config` read come
/// from `WorkCards/`, and what plain git and a killed sync leave in the data file's repository
/// is read through `Git/`, and what running meetings publish (read by `status` and `watch`)
/// through `MeetingStatus/`. The files at the top (`main.swift`, `Program.swift`) start the
/// program and count as a floor.
///
/// A type is one declared at the top level of a file (`struct`, `enum`, `class`, `actor`,
/// `protocol`, `typealias`); a reference is its name in code, outside comments and the text of
/// string literals, not after a `.`.
@Suite("Source folders")
struct SourceFoldersTests {
  /// The shared floors any folder may stand on.
  static let floors: Set<String> = [
    "", "CommandLine", "Context", "Git", "HookFiring", "MeetingStatus", "Process", "Rendering",
    "Terminal", "WorkCards",
  ]

  /// The executable's sources, found from this file's path.
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/syncups")

  @Test func noFloorOrConceptRefersToAnotherConcept() throws {
    let files = try Self.read(Self.sources)
    #expect(files.count > 100)
    let findings = FolderRule(floors: Self.floors).findings(in: files)
    #expect(findings.map(\.description) == [])
  }

  @Test func aReferenceAcrossConceptsIsNamedWithItsFileLineAndType() {
    let files = [
      "Meeting/Start.swift": """
        struct StartCommand {
          let status = PublishedStatus()
        }
        """,
      "Meeting/Status/PublishedStatus.swift": "struct PublishedStatus {}\n",
      "Team/Sync.swift": """
        // A StartCommand in a comment is no reference.
        @MainActor
        final class SyncCommand {
          let text = "StartCommand \\(PublishedStatus.self) \\("StartCommand")"
          let raw = #"StartCommand "quoted" \\(StartCommand)"#
          let kind = Kind.StartCommand
        }
        """,
      "Rendering/Shown.swift": """
        /* StartCommand
           /* nested */ StartCommand */
        enum Shown { static let help = SyncCommand.self }
        """,
      "CommandLine/CommandTable.swift": "let commands = [StartCommand.self, SyncCommand.self]\n",
      "CommandLine/CommandTable+Samples.swift": "let sample = PublishedStatus()\n",
      "CommandLine/Parsing.swift": "package typealias Parsed = StartCommand\n",
      "Program.swift": "let shown = Shown.self\n",
    ]
    let findings = FolderRule(floors: ["", "CommandLine", "Rendering"]).findings(in: files)
    #expect(
      findings.map(\.description) == [
        "CommandLine/Parsing.swift:1: the floor CommandLine/ refers to StartCommand, "
          + "a type of the concept Meeting/ (Meeting/Start.swift)",
        "Rendering/Shown.swift:3: the floor Rendering/ refers to SyncCommand, "
          + "a type of the concept Team/ (Team/Sync.swift)",
        "Team/Sync.swift:4: the concept Team/ refers to PublishedStatus, "
          + "a type of the concept Meeting/ (Meeting/Status/PublishedStatus.swift)",
      ])
  }

  /// Every `.swift` file under `directory`, by its path there.
  static func read(_ directory: URL) throws -> [String: String] {
    let paths = FileManager.default.enumerator(atPath: directory.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    return try Dictionary(
      uniqueKeysWithValues: paths.map {
        ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8))
      })
  }
}

/// The folder rule of ``SourceFoldersTests``, over sources given by path.
struct FolderRule {
  /// A reference the rule forbids.
  struct Finding: CustomStringConvertible {
    var file: String
    var line: Int
    var type: String
    /// The file declaring ``type``.
    var declaration: String
    var fileFolder: String
    var typeFolder: String
    var fromFloor: Bool

    var description: String {
      "\(file):\(line): the \(fromFloor ? "floor" : "concept") \(fileFolder)/ refers to "
        + "\(type), a type of the concept \(typeFolder)/ (\(declaration))"
    }
  }

  var floors: Set<String>

  func findings(in files: [String: String]) -> [Finding] {
    let code = files.mapValues(Self.code(of:))
    var declarations: [String: String] = [:]
    for (path, lines) in code {
      for line in lines {
        if let name = Self.declaredType(line) { declarations[name] = path }
      }
    }
    var findings: [Finding] = []
    for (path, lines) in code.sorted(by: { $0.key < $1.key }) {
      let folder = Self.folder(of: path)
      if folder == "CommandLine", Self.isCommandTable(path) { continue }
      for (index, line) in lines.enumerated() {
        for name in Self.typeNames(in: line).sorted() {
          guard let declaration = declarations[name] else { continue }
          let owner = Self.folder(of: declaration)
          guard owner != folder, !floors.contains(owner) else { continue }
          findings.append(
            Finding(
              file: path, line: index + 1, type: name, declaration: declaration,
              fileFolder: folder, typeFolder: owner, fromFloor: floors.contains(folder)))
        }
      }
    }
    return findings
  }

  /// The top folder of `path`; empty for a file at the top.
  static func folder(of path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).dropLast().first.map(String.init)
      ?? ""
  }

  /// Whether `path` (in `CommandLine/`) is the command table or one of its extensions.
  static func isCommandTable(_ path: String) -> Bool {
    let name = path.split(separator: "/").last ?? ""
    return name == "CommandTable.swift" || name.hasPrefix("CommandTable+")
  }

  /// The type a line declares at the top level of its file (it starts the line), if any.
  static func declaredType(_ line: String) -> String? {
    guard let first = line.first, !first.isWhitespace else { return nil }
    let modifiers: Set<Substring> = [
      "public", "package", "internal", "fileprivate", "private", "final", "indirect",
      "nonisolated",
    ]
    let kinds: Set<Substring> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
    var words = line.split(whereSeparator: \.isWhitespace)[...]
    while let word = words.first, word.hasPrefix("@") || modifiers.contains(word) {
      words = words.dropFirst()
    }
    guard let kind = words.first, kinds.contains(kind), words.count > 1 else { return nil }
    let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    return name.isEmpty ? nil : String(name)
  }

  /// The capitalized names in a line of code, leaving out those after a `.` (members).
  static func typeNames(in line: String) -> Set<String> {
    var names: Set<String> = []
    var word = ""
    var afterDot = false
    var previous: Character = " "
    for character in line + " " {
      if character.isLetter || character.isNumber || character == "_" {
        if word.isEmpty { afterDot = previous == "." }
        word.append(character)
      } else {
        if let first = word.first, first.isUppercase, !afterDot { names.insert(word) }
        word = ""
      }
      previous = character
    }
    return names
  }

  /// The lines of a Swift source with its comments and the text of its string literals
  /// blanked; the code interpolated in a string is kept.
  static func code(of source: String) -> [String] {
    let bytes = Array(source.utf8)
    var out = bytes
    enum Context {
      /// Code: the file's, or that interpolated in a string (with its open parentheses).
      case code(interpolation: Bool, parentheses: Int)
      case string(hashes: Int, multiline: Bool)
    }
    var stack = [Context.code(interpolation: false, parentheses: 0)]
    var index = 0
    func at(_ offset: Int) -> UInt8? {
      index + offset < bytes.count ? bytes[index + offset] : nil
    }
    func matches(_ text: String, from offset: Int = 0) -> Bool {
      text.utf8.enumerated().allSatisfy { at(offset + $0.offset) == $0.element }
    }
    func blank(_ count: Int) {
      for offset in 0..<count where index + offset < bytes.count {
        if out[index + offset] != UInt8(ascii: "\n") { out[index + offset] = UInt8(ascii: " ") }
      }
      index += count
    }
    func hashes(from offset: Int) -> Int {
      var count = 0
      while at(offset + count) == UInt8(ascii: "#") { count += 1 }
      return count
    }
    while index < bytes.count {
      switch stack[stack.count - 1] {
      case .code(let interpolation, let parentheses):
        if matches("//") {
          var count = 0
          while let byte = at(count), byte != UInt8(ascii: "\n") { count += 1 }
          blank(count)
        } else if matches("/*") {
          var depth = 0
          var count = 0
          repeat {
            if matches("/*", from: count) {
              depth += 1
              count += 2
            } else if matches("*/", from: count) {
              depth -= 1
              count += 2
            } else {
              count += 1
            }
          } while depth > 0 && index + count < bytes.count
          blank(count)
        } else if matches("\"") || (matches("#") && at(hashes(from: 0)) == UInt8(ascii: "\"")) {
          let count = hashes(from: 0)
          let multiline = matches("\"\"\"", from: count)
          stack.append(.string(hashes: count, multiline: multiline))
          blank(count + (multiline ? 3 : 1))
        } else if interpolation, matches("(") {
          stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses + 1)
          index += 1
        } else if interpolation, matches(")") {
          if parentheses == 0 {
            stack.removeLast()
            blank(1)
          } else {
            stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses - 1)
            index += 1
          }
        } else {
          index += 1
        }
      case .string(let count, let multiline):
        let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: count)
        if matches("\\") && hashes(from: 1) >= count {
          if at(1 + count) == UInt8(ascii: "(") {
            blank(2 + count)
            stack.append(.code(interpolation: true, parentheses: 0))
          } else {
            blank(2 + count)
          }
        } else if matches(close) {
          stack.removeLast()
          blank(close.utf8.count)
        } else {
          blank(1)
        }
      }
    }
    return String(decoding: out, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
