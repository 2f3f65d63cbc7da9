/// Turns ``ScannedArguments`` into a typed ``Invocation``, checking every value: durations,
/// themes, colour modes, setting names and values, shells, `OLD=NEW` pairs, and that paths,
/// titles and attendee names are not blank.
enum CommandBuilder {
  /// The invocation the scanned words ask for.
  static func invocation(from scanned: ScannedArguments) throws(UsageError) -> Invocation {
    let path = scanned.path
    if scanned.helpRequested {
      return Invocation(
        options: (try? globalOptions(scanned)) ?? GlobalOptions(), command: .help(path))
    }
    let options = try globalOptions(scanned)
    if scanned.flag("version") {
      return Invocation(options: options, command: .version)
    }
    if !scanned.command.subcommands.isEmpty {
      return Invocation(options: options, command: .help(path))
    }
    let command = try build(path, scanned)
    return Invocation(options: options, command: command)
  }

  private static func globalOptions(_ scanned: ScannedArguments) throws(UsageError) -> GlobalOptions
  {
    var options = GlobalOptions()
    options.file = try scanned.value("file").map { path throws(UsageError) in
      try nonEmptyPath(path, for: "--file", path: scanned.path)
    }
    options.json = scanned.flag("json")
    options.quiet = scanned.flag("quiet")
    options.trace = scanned.flag("trace")
    if let color = scanned.value("color") {
      options.color = try choice(ColorMode.self, color, for: "--color", path: scanned.path)
    }
    return options
  }

  // MARK: - Commands

  private static func build(_ path: [String], _ scanned: ScannedArguments) throws(UsageError)
    -> Command
  {
    let arguments = scanned.positionals
    switch path {
    case ["list"]:
      return .list
    case ["show"]:
      return .show(syncUp: arguments[0])
    case ["add"]:
      return .add(
        title: try notBlank(scanned.value("title") ?? "", for: "--title", path: path),
        attendees: try scanned.values("attendee").map { name throws(UsageError) in
          try notBlank(name, for: "--attendee", path: path)
        },
        duration: try scanned.value("duration").map { text throws(UsageError) in
          try duration(text, for: "--duration", path: path)
        },
        theme: try scanned.value("theme").map { text throws(UsageError) in
          try theme(text, for: "--theme", path: path)
        })
    case ["edit"]:
      return .edit(syncUp: arguments[0], edits: try edits(scanned))
    case ["delete"]:
      return .delete(syncUp: arguments[0], yes: scanned.flag("yes"))
    case ["start"]:
      return .start(syncUp: arguments[0])
    case ["meetings"]:
      return .meetings(syncUp: arguments[0])
    case ["meeting", "show"]:
      return .meetingShow(syncUp: arguments[0], meeting: arguments[1])
    case ["meeting", "delete"]:
      return .meetingDelete(syncUp: arguments[0], meeting: arguments[1], yes: scanned.flag("yes"))
    case ["themes"]:
      return .themes
    case ["config", "list"]:
      return .configList
    case ["config", "get"]:
      return .configGet(try choice(ConfigKey.self, arguments[0], for: "<key>", path: path))
    case ["config", "set"]:
      let key = try choice(ConfigKey.self, arguments[0], for: "<key>", path: path)
      return .configSet(try setting(key, arguments[1], path: path))
    case ["config", "unset"]:
      return .configUnset(try choice(ConfigKey.self, arguments[0], for: "<key>", path: path))
    case ["import"]:
      if arguments[0] == "-" { return .importData(from: .standardInput) }
      return .importData(from: .file(try nonEmptyPath(arguments[0], for: "<file>", path: path)))
    case ["export"]:
      return .exportData
    case ["completions"]:
      return .completions(try choice(Shell.self, arguments[0], for: "<shell>", path: path))
    case ["help"]:
      return .help(try helpTopic(arguments))
    case ["version"]:
      return .version
    case ["__complete"]:
      return .complete(try completionRequest(arguments, path: path))
    default:
      // A command in the table without a case here is a programmer error; a test covers it.
      fatalError("no builder for command '\(path.joined(separator: " "))'")
    }
  }

  private static func edits(_ scanned: ScannedArguments) throws(UsageError) -> SyncUpEdits {
    let path = scanned.path
    var edits = SyncUpEdits()
    edits.title = try scanned.value("title").map { title throws(UsageError) in
      try notBlank(title, for: "--title", path: path)
    }
    if let text = scanned.value("duration") {
      edits.duration = try duration(text, for: "--duration", path: path)
    }
    if let text = scanned.value("theme") {
      edits.theme = try theme(text, for: "--theme", path: path)
    }
    for occurrence in scanned.occurrences {
      guard let value = occurrence.value else { continue }
      switch occurrence.option.long {
      case "add-attendee":
        let name = try notBlank(value, for: "--add-attendee", path: path)
        edits.attendeeChanges.append(.add(name: name))
      case "remove-attendee":
        edits.attendeeChanges.append(.remove(nameOrID: value))
      case "rename-attendee":
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
          throw UsageError(
            "invalid value '\(value)' for '--rename-attendee' (expected OLD=NEW)", path: path)
        }
        let newName = String(value[value.index(after: equals)...])
        guard !newName.allSatisfy(\.isWhitespace) else {
          throw UsageError(
            "the new name in '\(value)' for '--rename-attendee' is blank (expected OLD=NEW)",
            path: path)
        }
        edits.attendeeChanges.append(.rename(from: String(value[..<equals]), to: newName))
      default:
        break
      }
    }
    if edits.isEmpty {
      throw UsageError(
        "nothing to change (give --title, --duration, --theme, --add-attendee, "
          + "--remove-attendee or --rename-attendee)",
        path: path)
    }
    return edits
  }

  private static func setting(
    _ key: ConfigKey, _ value: String, path: [String]
  ) throws(UsageError) -> ConfigSetting {
    switch key {
    case .bell:
      switch value.lowercased() {
      case "on", "true", "yes", "1": return .bell(true)
      case "off", "false", "no", "0": return .bell(false)
      default:
        throw UsageError(
          "invalid value '\(value)' for 'bell' (expected \(Prose.alternatives(key.choices)))",
          path: path)
      }
    case .color:
      return .color(try choice(ColorMode.self, value, for: "color", path: path))
    case .defaultDuration:
      return .defaultDuration(try duration(value, for: "default-duration", path: path))
    case .defaultTheme:
      return .defaultTheme(try theme(value, for: "default-theme", path: path))
    }
  }

  private static func helpTopic(_ words: [String]) throws(UsageError) -> [String] {
    var command = CommandTable.root
    var topic: [String] = []
    for word in words {
      guard let next = command.subcommand(named: word) else {
        let prefix = topic.map { $0 + " " }.joined()
        throw UsageError(
          "unknown command '\(prefix)\(word)'",
          suggestion: Suggestion.closest(to: word, among: command.visibleSubcommands.map(\.name))
            .map { prefix + $0 },
          path: ["help"])
      }
      command = next
      topic.append(word)
    }
    return topic
  }

  private static func completionRequest(
    _ arguments: [String], path: [String]
  ) throws(UsageError) -> CompletionRequest {
    switch arguments[0] {
    case "syncups":
      if arguments.count > 1 {
        throw UsageError("unexpected argument '\(arguments[1])'", path: path)
      }
      return .syncUps
    case "meetings", "attendees":
      guard arguments.count > 1 else {
        throw UsageError("missing argument '<syncup>'", path: path)
      }
      return arguments[0] == "meetings"
        ? .meetings(syncUp: arguments[1]) : .attendees(syncUp: arguments[1])
    default:
      throw UsageError(
        "invalid value '\(arguments[0])' for '<kind>' "
          + "(expected \(Prose.alternatives(CompletionRequest.kinds)))",
        path: path)
    }
  }

  // MARK: - Values

  /// `text` unless it is empty or only whitespace: a title or name nobody could refer to later.
  static func notBlank(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> String
  {
    guard text.allSatisfy(\.isWhitespace) else { return text }
    throw UsageError("'\(name)' cannot be blank", path: path)
  }

  /// `text` unless it is empty, which names no file (and would open the working directory).
  static func nonEmptyPath(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> String
  {
    guard text.isEmpty else { return text }
    throw UsageError("'\(name)' needs a file path, not an empty string", path: path)
  }

  /// A duration in seconds, or a usage error naming the value and where it was given.
  static func duration(
    _ text: String, for name: String, path: [String]
  ) throws(UsageError) -> Int {
    do {
      return try DurationParser.seconds(text)
    } catch .invalid {
      throw UsageError(
        "invalid duration '\(text)' for '\(name)' (use e.g. 90s, 5m, 1m30s, 1:30, 1h or plain "
          + "minutes)",
        path: path)
    } catch .notPositive {
      throw UsageError(
        "duration '\(text)' for '\(name)' is not positive (durations run from 1s to 24h)",
        path: path)
    } catch {
      throw UsageError(
        "duration '\(text)' for '\(name)' is out of range (1s to 24h)", path: path)
    }
  }

  /// A canonical theme name matched case-insensitively, or a usage error with a suggestion.
  static func theme(_ text: String, for name: String, path: [String]) throws(UsageError) -> String {
    if let theme = ThemeNames.canonical(text) { return theme }
    let suggestion = Suggestion.closest(to: text, among: ThemeNames.all)
    let hint = suggestion == nil ? " (see 'syncups themes')" : ""
    throw UsageError(
      "unknown theme '\(text)' for '\(name)'\(hint)", suggestion: suggestion, path: path)
  }

  /// One of a fixed set of words, or a usage error listing them.
  static func choice<Value: RawRepresentable & CaseIterable>(
    _ type: Value.Type, _ text: String, for name: String, path: [String]
  ) throws(UsageError) -> Value where Value.RawValue == String {
    if let value = Value(rawValue: text) { return value }
    let words = Value.allCases.map(\.rawValue)
    throw UsageError(
      "invalid value '\(text)' for '\(name)' (expected \(Prose.alternatives(words)))",
      suggestion: Suggestion.closest(to: text, among: words), path: path)
  }
}
