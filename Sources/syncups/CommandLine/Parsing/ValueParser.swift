import SyncUpsCore

/// Checks and converts the words of a command line into typed values; the command table's
/// bindings name these. Every failure is a usage error naming the value and where it was given.
enum ValueParser {
  /// `text` unless it is empty or only whitespace: a title or name nobody could refer to later.
  static func notBlank(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> String
  {
    guard text.isBlank else { return text }
    throw UsageError("'\(name)' cannot be blank", path: path)
  }

  /// `text` unless it is blank (``notBlank(_:for:path:)``) or holds a line break: one line of
  /// an item, a resolution or a blocker, which a transcript, a list and a card show as one.
  static func line(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> String
  {
    let text = try notBlank(text, for: name, path: path)
    guard text.contains(where: \.isNewline) else { return text }
    throw UsageError("'\(name)' must be one line: it holds a line break", path: path)
  }

  /// A whole number of `things`, 1 or more, in ASCII digits without a sign (`--last`,
  /// `--limit`).
  static func count(
    _ text: String, of things: String, for name: String, path: [String]
  ) throws(UsageError) -> Int {
    guard text.allSatisfy(\.isASCII), let count = Int(text), count >= 1, !text.hasPrefix("+")
    else {
      throw UsageError(
        "invalid value '\(text)' for '\(name)' (expected a whole number of \(things), 1 or more)",
        path: path)
    }
    return count
  }

  /// How many commits of each attendee `standup --limit` shows (``count(_:of:for:path:)``).
  static func commitCount(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> Int
  {
    try count(text, of: "commits", for: name, path: path)
  }

  /// `text` unless it is empty, which names no file (and would open the working directory).
  static func nonEmptyPath(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> String
  {
    guard text.isEmpty else { return text }
    throw UsageError("'\(name)' needs a file path, not an empty string", path: path)
  }

  /// A duration as typed, checked with a bare number read as minutes.
  static func duration(
    _ text: String, for name: String, path: [String]
  ) throws(UsageError) -> DurationArgument {
    do {
      let argument = try DurationParser.argument(text)
      _ = try argument.seconds(bareNumberUnit: 60)
      return argument
    } catch {
      throw durationError(error, text: text, for: name, path: path)
    }
  }

  /// A duration as typed, in whole seconds, a bare number read as seconds (`hook-timeout`,
  /// `--min-slot`).
  static func seconds(_ text: String, for name: String, path: [String]) throws(UsageError) -> Int {
    do throws(DurationParser.Failure) {
      return try DurationParser.argument(text).seconds(bareNumberUnit: 1)
    } catch {
      throw durationError(error, text: text, for: name, path: path, plainNumbers: "seconds")
    }
  }

  /// The forms a cue takes, for messages and help.
  static let cueForms =
    "one or two cues such as 30s,10s (seconds left) or 80%,95% (of the slot used), or none"

  /// The cues of `--warn` and the `warn` setting (see ``CueWarnings``).
  static func cueWarnings(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> CueWarnings
  {
    try parsed(text, for: name, path: path, forms: cueForms, CueWarnings.init(rawValue:))
  }

  /// The `bell` setting's value: `off`, `change`, `cues` or `all`, `on` read as `change`.
  static func bell(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> BellSetting
  {
    try parsed(
      text, for: name, path: path, forms: "off, change (or on), cues or all",
      BellSetting.init(word:))
  }

  /// What is wrong with the duration `text` given for `name`, whose plain numbers count
  /// `plainNumbers` (`minutes`, or `seconds` for `hook-timeout`).
  static func durationError(
    _ failure: DurationParser.Failure, text: String, for name: String, path: [String],
    plainNumbers: String = "minutes"
  ) -> UsageError {
    switch failure {
    case .invalid:
      UsageError(
        "invalid duration '\(text)' for '\(name)' (use e.g. 90s, 5m, 1m30s, 1:30, 1h or plain "
          + "\(plainNumbers))",
        path: path)
    case .notPositive:
      UsageError(
        "duration '\(text)' for '\(name)' is not positive (durations run from 1s to 24h)",
        path: path)
    case .outOfRange:
      UsageError("duration '\(text)' for '\(name)' is out of range (1s to 24h)", path: path)
    }
  }

  /// A theme matched case-insensitively, or a usage error with a suggestion.
  static func theme(_ text: String, for name: String, path: [String]) throws(UsageError) -> Theme {
    if let theme = Theme(name: text) { return theme }
    let suggestion = Suggestion.closest(to: text, among: Theme.allCases.map(\.rawValue))
    let hint = suggestion == nil ? " (see 'syncups themes')" : ""
    throw UsageError(
      "unknown theme '\(text)' for '\(name)'\(hint)", suggestion: suggestion, path: path)
  }

  /// A theme's canonical (lower-case) name.
  static func themeName(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> String
  {
    try theme(text, for: name, path: path).rawValue
  }

  /// One of a fixed set of words in any case (`ROTATED` is `rotated`, as a theme is), or a
  /// usage error listing them.
  static func choice<Value: RawRepresentable & CaseIterable>(
    _ text: String, for name: String, path: [String]
  ) throws(UsageError) -> Value where Value.RawValue == String {
    let words = Value.allCases.map(\.rawValue)
    if let index = words.firstIndex(of: text.lowercased()) {
      return Value.allCases[Value.allCases.index(Value.allCases.startIndex, offsetBy: index)]
    }
    throw UsageError(
      "invalid value '\(text)' for '\(name)' (expected \(Prose.alternatives(words)))",
      suggestion: Suggestion.closest(to: text, among: words), path: path)
  }

  /// `text` as `read` reads it (an initializer such as ``DateArgument/init(parsing:)``), or a
  /// usage error naming the `forms` it takes.
  static func parsed<Value>(
    _ text: String, for name: String, path: [String], forms: String,
    _ read: (String) -> Value?
  ) throws(UsageError) -> Value {
    guard let value = read(text) else {
      throw UsageError("invalid value '\(text)' for '\(name)' (expected \(forms))", path: path)
    }
    return value
  }

  // MARK: - Attendee changes

  static func addedAttendee(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> AttendeeChange
  {
    .add(name: try notBlank(text, for: name, path: path))
  }

  static func removedAttendee(_ text: String, for name: String, path: [String]) -> AttendeeChange
  {
    .remove(nameOrID: text)
  }

  /// `OLD=NEW`, split at the first `=`; the new name may not be blank.
  static func renamedAttendee(_ text: String, for name: String, path: [String])
    throws(UsageError) -> AttendeeChange
  {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw UsageError("invalid value '\(text)' for '\(name)' (expected OLD=NEW)", path: path)
    }
    let newName = String(text[text.index(after: equals)...])
    guard !newName.isBlank else {
      throw UsageError(
        "the new name in '\(text)' for '\(name)' is blank (expected OLD=NEW)", path: path)
    }
    return .rename(from: String(text[..<equals]), to: newName)
  }

  /// `NAME=IDENTITY` of `--git-author`, split at the first `=`; neither part blank.
  static func addedGitAuthor(_ text: String, for name: String, path: [String])
    throws(UsageError) -> AttendeeChange
  {
    guard let equals = text.firstIndex(of: "="), !text[..<equals].isBlank,
      !text[text.index(after: equals)...].isBlank
    else {
      throw UsageError(
        "invalid value '\(text)' for '\(name)' (expected NAME=IDENTITY, such as "
          + "Blob=blob@example.com)", path: path)
    }
    return .addGitAuthor(
      attendee: String(text[..<equals]), author: String(text[text.index(after: equals)...]))
  }

  /// `NAME=ZONE` of `--attendee-zone`, split at the first `=`: an IANA zone the system knows
  /// (``zone(_:for:path:)``), or nothing to remove it.
  static func attendeeZone(_ text: String, for name: String, path: [String])
    throws(UsageError) -> AttendeeChange
  {
    guard let equals = text.firstIndex(of: "="), !text[..<equals].isBlank else {
      throw UsageError(
        "invalid value '\(text)' for '\(name)' (expected NAME=ZONE, such as Ben=Asia/Kolkata)",
        path: path)
    }
    let zone = String(text[text.index(after: equals)...])
    return .zone(
      attendee: String(text[..<equals]),
      zone: zone.isEmpty ? nil : try Self.zone(zone, for: name, path: path))
  }

  /// `NAME` or `NAME=IDENTITY` of `--no-git-author`, split at the first `=`.
  static func removedGitAuthor(_ text: String, for name: String, path: [String])
    throws(UsageError) -> AttendeeChange
  {
    guard let equals = text.firstIndex(of: "=") else {
      return .removeGitAuthor(attendee: text, author: nil)
    }
    return .removeGitAuthor(
      attendee: String(text[..<equals]), author: String(text[text.index(after: equals)...]))
  }

  // MARK: - Several arguments at once

  /// `KEY VALUE` of `config set`, the value checked for its key (``ConfigKey/parse(_:path:)``);
  /// only a setting that takes several values (`repositories`) takes more than one.
  static func setting(_ words: [String], path: [String]) throws(UsageError) -> ConfigSetting {
    let key: ConfigKey = try choice(words[0], for: "<key>", path: path)
    guard key.takesSeveralValues || words.count == 2 else {
      let several = ConfigKey.allCases.filter(\.takesSeveralValues).map(\.rawValue)
      throw UsageError(
        "'\(key.rawValue)' takes one value, not \(words.count - 1) (only "
          + "\(Prose.list(several)) \(several.count == 1 ? "takes" : "take") several)",
        path: path)
    }
    return try key.parse(Array(words.dropFirst()), path: path)
  }

  /// The words after `help`: a path of command names.
  static func helpTopic(_ words: [String], path: [String]) throws(UsageError) -> [String] {
    var command = CommandTable.root
    var topic: [String] = []
    for word in words {
      guard let next = command.subcommand(named: word) else {
        let prefix = topic.map { $0 + " " }.joined()
        throw UsageError(
          "unknown command '\(prefix)\(word)'",
          suggestion: Suggestion.closest(to: word, among: command.visibleSubcommands.map(\.name))
            .map { prefix + $0 },
          path: path)
      }
      command = next
      topic.append(word)
    }
    return topic
  }
}
