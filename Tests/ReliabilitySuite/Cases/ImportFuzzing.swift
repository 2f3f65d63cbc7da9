#if os(Linux)
import ChildProcessSupport

/// Mutated import documents in both formats: an import either succeeds and leaves a file that
/// loads and renders, or fails with exit 65 and changes nothing.
enum ImportFuzzing {
  static var all: [ReliabilityCase] {
    [ReliabilityCase("import-fuzzing", fuzzImports)]
  }

  static let documents = 300

  /// 300 documents, each a valid export in our format or the app's with zero to three
  /// structural mutations (a value replaced by an edge case for its key, removed, duplicated,
  /// a key repeated or added) and sometimes a byte-level one (truncation, a flipped byte,
  /// invalid UTF-8, a BOM, deep nesting), imported from a file or standard input.
  ///
  /// Never a signal; exit 0 or 65 only. Exit 65: `Error: cannot import …` and the data and
  /// settings untouched (not even rewritten). Exit 0: the data file still loads, keeps the
  /// sync-ups it had in front, gained as many as the message says, and every new sync-up
  /// renders (`show`, `meetings`, `meeting show`) without raw controls, and `export` reads
  /// back into a fresh file. Then the data is put back for the next document.
  static func fuzzImports(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let (existing, existingTitles) = Fixtures.dataset(
      count: 3, meetings: 2, titlePrefix: "Existing", random: &context.random)
    try syncups.writeData(existing)
    try syncups.succeed("config", "set", "bell", "off")
    try syncups.succeed("edit", "Existing 1", "--duration", "7m")  // creates the lock sidecar
    let importFile = syncups.workDirectory + "/document.json"
    let pristine = TreeSnapshot.take(of: syncups.home, ignoringLocks: true)
    var baseline = TreeSnapshot.take(of: syncups.home, identities: true, ignoringLocks: true)
    var firstFailure: String?
    var failureCount = 0
    var accepted = 0
    for number in 1...documents {
      let (bytes, label) = document(&context.random)
      let fromStandardInput = context.random.chance(0.5)
      if !fromStandardInput { try Files.write(bytes, to: importFile) }
      let outcome = try syncups.run(
        ["import", fromStandardInput ? "-" : importFile], input: fromStandardInput ? .bytes(bytes) : .null)
      var problem: String?
      if outcome.status == 0 {
        accepted += 1
        problem = try checkAccepted(outcome, syncups: syncups, existingTitles: existingTitles)
        try pristine.restore(at: syncups.home)
        baseline = TreeSnapshot.take(of: syncups.home, identities: true, ignoringLocks: true)
      } else {
        problem = checkRejected(outcome, source: fromStandardInput ? "standard input" : "'\(importFile)'")
        let after = TreeSnapshot.take(of: syncups.home, identities: true, ignoringLocks: true)
        if problem == nil, after != baseline {
          problem = "rejected, but the files changed: \(baseline.changes(in: after))"
        }
        if after != baseline {
          try pristine.restore(at: syncups.home)
          baseline = TreeSnapshot.take(of: syncups.home, identities: true, ignoringLocks: true)
        }
      }
      if let problem {
        failureCount += 1
        context.note("#\(number) (\(label)): \(problem)")
        if firstFailure == nil { firstFailure = "#\(number) (\(label)): \(problem)" }
      }
    }
    context.note("\(accepted) of \(documents) documents accepted")
    if failureCount > 0 {
      throw CaseFailure(
        "\(failureCount) of \(documents) imports failed (--verbose lists them); first: \(firstFailure ?? "")")
    }
    try require(accepted >= documents / 20, "only \(accepted) of \(documents) documents were accepted")
    try require(
      accepted <= documents * 9 / 10,
      "\(accepted) of \(documents) documents were accepted: the mutations do little")
  }

  /// What is wrong with a rejected import, or nil.
  static func checkRejected(_ outcome: Outcome, source: String) -> String? {
    if outcome.timedOut { return "hung" }
    if let signal = outcome.signal {
      return "killed by signal \(signal): \(visible(outcome.stderr, limit: 80))"
    }
    guard outcome.status == 65 else {
      return "exit \(outcome.status ?? -1), expected 0 or 65: \(visible(outcome.stderr, limit: 80))"
    }
    if let shape = OutputChecks.errorShapeProblem(outcome) { return shape }
    guard outcome.firstErrorLine.hasPrefix("Error: cannot import \(source): ") else {
      return "the message does not name the import: \(visible(outcome.stderr, limit: 80))"
    }
    return nil
  }

  /// What is wrong after an accepted import, or nil.
  static func checkAccepted(_ outcome: Outcome, syncups: Syncups, existingTitles: [String]) throws -> String?
  {
    guard outcome.stderrText.hasPrefix("Imported ") else {
      return "exit 0 but stderr says \(visible(outcome.stderr, limit: 80))"
    }
    let listed = try syncups.run("list", "--json")
    guard listed.status == 0, let list = parseJSON(listed.stdout) as? [[String: Any]] else {
      return
        "accepted, but the data file no longer loads: \(listed.summary): \(visible(listed.stderr, limit: 100))"
    }
    let titles = list.map { $0["title"] as? String ?? "?" }
    guard Array(titles.prefix(existingTitles.count)) == existingTitles else {
      return "the sync-ups already there changed: \(titles.prefix(existingTitles.count))"
    }
    let added = list.count - existingTitles.count
    guard outcome.stderrText.hasPrefix("Imported \(added) sync-up") else {
      return "\(added) sync-ups were added but stderr says \(visible(outcome.stderr, limit: 80))"
    }
    var runs: [[String]] = [["list"]]
    for object in list.dropFirst(existingTitles.count) {
      guard let id = object["id"] as? String else { return "a new sync-up has no id" }
      runs.append(["show", id])
      if let meetings = object["meetings"] as? [Any], !meetings.isEmpty {
        runs.append(["meetings", id])
        runs.append(["meeting", "show", id, "1"])
      }
    }
    for arguments in runs {
      let shown = try syncups.run(arguments, environment: ["NO_COLOR": "1"])
      guard shown.status == 0 else {
        return
          "accepted, then syncups \(arguments.joined(separator: " ")): \(shown.summary): \(visible(shown.stderr, limit: 80))"
      }
      if let control = OutputChecks.rawControl(in: shown.stdout + shown.stderr) {
        return "syncups \(arguments[0]) printed a \(control)"
      }
    }
    let exported = try syncups.run("export")
    guard exported.status == 0 else { return "accepted, then export: \(exported.summary)" }
    let copy = syncups.workDirectory + "/round-trip.json"
    defer {
      Files.remove(copy)
      Files.remove(syncups.workDirectory + "/.round-trip.json.lock")
    }
    let reimported = try syncups.run(["--file", copy, "import", "-"], input: .bytes(exported.stdout))
    guard reimported.status == 0 else {
      return "accepted, but its export does not import: \(visible(reimported.stderr, limit: 100))"
    }
    return nil
  }

  // MARK: Documents

  /// One document and a few words on how it was made.
  static func document(_ random: inout SplitMix64) -> (bytes: [UInt8], label: String) {
    let appFormat = random.chance(0.5)
    var (document, _) = Fixtures.dataset(
      count: random.int(1...3), meetings: 2, titlePrefix: "Fuzz", appFormat: appFormat, random: &random)
    var notes = [appFormat ? "app format" : "our format"]
    let mutations = random.chance(0.15) ? 0 : random.int(1...3)
    for _ in 0..<mutations {
      let note: String
      (document, note) = mutate(document, appFormat: appFormat, &random)
      notes.append(note)
    }
    var bytes = document.encoded(pretty: random.chance(0.7))
    if random.chance(0.2) {
      let note: String
      (bytes, note) = mutateBytes(bytes, &random)
      notes.append(note)
    }
    return (bytes, notes.joined(separator: ", ").replacingControls().clipped(100))
  }

  /// A step from a JSON value to one of its children.
  enum Step {
    case element(Int)
    case member(Int)
  }

  /// Every node below the root: its path and, for an object member, its key.
  static func nodes(of value: JSONValue, path: [Step] = []) -> [(path: [Step], key: String?)] {
    var result: [(path: [Step], key: String?)] = []
    switch value {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        result.append((path + [.element(index)], nil))
        result += nodes(of: element, path: path + [.element(index)])
      }
    case .object(let pairs):
      for (index, pair) in pairs.enumerated() {
        result.append((path + [.member(index)], pair.0))
        result += nodes(of: pair.1, path: path + [.member(index)])
      }
    default:
      break
    }
    return result
  }

  /// The document with the node at `path` changed by `change`: a replacement, `[]` to remove
  /// it, or several values to put in its place (several members with its key in an object).
  static func edit(_ value: JSONValue, at path: ArraySlice<Step>, _ change: (JSONValue) -> [JSONValue])
    -> JSONValue
  {
    guard let step = path.first else { return value }
    switch (value, step) {
    case (.array(var elements), .element(let index)) where index < elements.count:
      if path.count == 1 {
        elements.replaceSubrange(index...index, with: change(elements[index]))
      } else {
        elements[index] = edit(elements[index], at: path.dropFirst(), change)
      }
      return .array(elements)
    case (.object(var pairs), .member(let index)) where index < pairs.count:
      if path.count == 1 {
        let key = pairs[index].0
        pairs.replaceSubrange(index...index, with: change(pairs[index].1).map { (key, $0) })
      } else {
        pairs[index].1 = edit(pairs[index].1, at: path.dropFirst(), change)
      }
      return .object(pairs)
    default:
      return value
    }
  }

  /// One structural mutation and its description.
  static func mutate(_ document: JSONValue, appFormat: Bool, _ random: inout SplitMix64) -> (
    JSONValue, String
  ) {
    let all = nodes(of: document)
    guard !all.isEmpty else {
      return (.array([edgeValue(for: nil, appFormat: appFormat, &random)]), "replaced everything")
    }
    let (path, key) = random.pick(all)
    let name = key ?? "element"
    switch random.int(1...100) {
    case 1...45:
      let replacement = edgeValue(for: key, appFormat: appFormat, &random)
      return (edit(document, at: path[...]) { _ in [replacement] }, "\(name) = \(describe(replacement))")
    case 46...60:
      return (edit(document, at: path[...]) { _ in [] }, "removed \(name)")
    case 61...72:
      let other = edgeValue(for: key, appFormat: appFormat, &random)
      let keepsOriginal = random.chance(0.5)
      return (
        edit(document, at: path[...]) { original in keepsOriginal ? [original, original] : [original, other]
        },
        keepsOriginal ? "repeated \(name)" : "repeated \(name) as \(describe(other))"
      )
    case 73...80:
      let ids = all.filter { $0.key == "id" }
      guard let source = ids.randomElement(using: &random), let target = ids.randomElement(using: &random)
      else {
        return (document, "nothing")
      }
      var copied: JSONValue = .null
      _ = edit(document, at: source.path[...]) { value in
        copied = value
        return [value]
      }
      return (edit(document, at: target.path[...]) { _ in [copied] }, "copied an id")
    case 81...88:
      let containers = all.filter {
        if case .object? = value(at: $0.path, in: document) { true } else { false }
      }
      guard let target = containers.randomElement(using: &random) else { return (document, "nothing") }
      let extra = edgeValue(for: nil, appFormat: appFormat, &random)
      return (
        edit(document, at: target.path[...]) { [$0.setting("unknownKey", to: extra).settingFirst()] },
        "added a key"
      )
    default:
      let generic = genericValue(&random)
      return (edit(document, at: path[...]) { _ in [generic] }, "\(name) = \(describe(generic))")
    }
  }

  /// The value at `path`.
  static func value(at path: [Step], in document: JSONValue) -> JSONValue? {
    var found: JSONValue?
    _ = edit(document, at: path[...]) { value in
      found = value
      return [value]
    }
    return found
  }

  /// A value at the edge of what `key` allows, in either format.
  static func edgeValue(for key: String?, appFormat: Bool, _ random: inout SplitMix64) -> JSONValue {
    switch key {
    case "duration":
      if random.chance(appFormat ? 0.8 : 0.2) {
        return random.pick([
          .array([.number("0"), .number("0")]), .array([.number("0"), .number("999999999999999999")]),
          Fixtures.appDuration(seconds: 1), Fixtures.appDuration(seconds: 86_400),
          Fixtures.appDuration(seconds: 86_401),
          .array([.number("-1"), .number("0")]),
          .array([.number("9223372036854775807"), .number("18446744073709551615")]),
          .array([.number("-9223372036854775808"), .number("0")]), .array([.number("1")]),
          .array([.number("1"), .number("2"), .number("3")]), .array([.string("16"), .string("0")]),
          .array([.number("16.5"), .number("0")]), .array([]),
          .array([.number("18446744073709551616"), .number("0")]),
          .array([.number("16"), .number("-1")]),
        ])
      }
      return .number(
        random.pick([
          "0", "1", "86400", "86401", "-1", "1.5", "300.0", "3e2", "1e20", "-0", "9007199254740993", "1e400",
          "-1e400", "0.0000001", "9223372036854775807", "9223372036854775808",
        ]))
    case "date":
      if random.chance(appFormat ? 0.8 : 0.2) {
        return .number(
          random.pick([
            "0", "-1e12", "1e12", "1e15", "1e300", "-1e300", "256260690.5", "-978307200", "6.3e10", "-6.3e10",
            "1.7976931348623157e308", "5e-324", "1e400", "-63114076800", "252423993600",
          ]))
      }
      return .string(
        random.pick([
          "2009-02-13T23:31:30Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
          "2009-02-13T23:31:30.123+05:30",
          "2009-13-45T99:99:99Z", "", "1970-01-01T00:00:00Z", "-0001-01-01T00:00:00Z",
          "+275760-09-13T00:00:00Z",
          "2009-02-13", "2009-02-13T23:31:30", "2009-02-13T23:31:30.999999999999Z", "2009-02-29T00:00:00Z",
          "10000-01-01T00:00:00Z", "2009-02-13T23:31:60Z",
        ]))
    case "id":
      return random.pick([
        .string(""), .string("nope"), .string(random.uuid().lowercased()),
        .string(random.uuid().replacingDashes()),
        .string("00000000-0000-0000-0000-000000000000"), .string("{" + random.uuid() + "}"), .number("1"),
        .null,
      ])
    case "theme":
      return random.pick([
        .string("nope"), .string("TEAL"), .string("Teal"), .string(""), .number("1"), .null,
        .string(random.pick(Fixtures.themes)),
      ])
    case "title", "name", "transcript":
      return random.pick([
        .string("\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m\r\u{7F}\u{202E}"), .string(""), .string("   "),
        .string(String(repeating: "☕", count: 50_000)), .string("Zoë 👩‍👩‍👧 日本"), .number("42"), .null,
        .raw(Array("\"\\ud800\"".utf8)), .raw(Array("\"\\u0000\"".utf8)), .string("line\nbreak\r\nthird"),
      ])
    case "attendees", "meetings":
      return random.pick([
        .array([]), .object([]), .null, .string("x"), .array([.number("1")]), .array([.array([])]),
      ])
    default:
      return genericValue(&random)
    }
  }

  /// A value of any type, some of them extreme.
  static func genericValue(_ random: inout SplitMix64) -> JSONValue {
    let choices: [JSONValue] = [
      .null, .bool(true), .bool(false), .string(""), .number("0"), .number("-1"), .number("1e400"),
      .array([]),
      .object([]), .string(String(repeating: "x", count: 100_000)),
      .raw(
        Array(repeating: UInt8(ascii: "["), count: 10_000)
          + Array(repeating: UInt8(ascii: "]"), count: 10_000)),
    ]
    return random.pick(choices)
  }

  /// One byte-level mutation and its description.
  static func mutateBytes(_ bytes: [UInt8], _ random: inout SplitMix64) -> ([UInt8], String) {
    var bytes = bytes
    let position = random.int(0...max(0, bytes.count - 1))
    switch random.int(1...8) {
    case 1:
      return (Array(bytes.prefix(position)), "truncated at \(position)")
    case 2:
      if !bytes.isEmpty { bytes[position] = UInt8.random(in: 0...255, using: &random) }
      return (bytes, "changed byte \(position)")
    case 3:
      let invalid: [UInt8] = random.pick(
        [[UInt8]]([[0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]]))
      bytes.insert(contentsOf: invalid, at: position)
      return (bytes, "invalid UTF-8 at \(position)")
    case 4:
      return ([0xEF, 0xBB, 0xBF] + bytes, "byte order mark")
    case 5:
      return (bytes + Array(random.pick(["]", "x", "\0", ",", "[]"]).utf8), "trailing garbage")
    case 6:
      let depth = random.pick([1_000, 100_000])
      return (Array(repeating: UInt8(ascii: "["), count: depth), "\(depth) open brackets")
    case 7:
      let depth = random.pick([512, 5_000, 50_000])
      let open = Array(repeating: UInt8(ascii: "["), count: depth)
      return (open + Array(repeating: UInt8(ascii: "]"), count: depth), "nested \(depth) deep")
    default:
      let whole = random.pick(["", "null", "{}", "[]", "[[]]", "[{}]", "[null]", "\"x\"", "1"])
      return (Array(whole.utf8), "the document '\(whole)'")
    }
  }

  static func describe(_ value: JSONValue) -> String {
    String(decoding: value.encoded(pretty: false), as: UTF8.self).replacingControls().clipped(40)
  }
}

extension String {
  func replacingDashes() -> String {
    String(filter { $0 != "-" })
  }
}

extension JSONValue {
  /// An object with its last member moved to the front, so an added key is not always last.
  func settingFirst() -> JSONValue {
    guard case .object(var pairs) = self, let last = pairs.popLast() else { return self }
    return .object([last] + pairs)
  }
}

#endif
