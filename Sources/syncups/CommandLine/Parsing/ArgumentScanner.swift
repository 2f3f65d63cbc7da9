/// Sorts command-line words into a command path, options and positional arguments, following
/// the ``CommandTable``. It knows the rules every command shares:
///
/// - `--name value` and `--name=value`; `-q`, bundles such as `-qy`, and `-xVALUE` or `-x VALUE`
///   for a short option taking a value;
/// - `--` ends the options; a lone `-` is an argument, and so is a negative number such as `-5`
///   (no option is a digit), so that a value like `--duration -5` reaches its validator;
/// - global options may appear before or after the command; the command's own options after it;
/// - a value may not look like an option (`--title --json` is a missing value): use `--title=-x`;
/// - a repeated option keeps every value; for a non-repeatable one the last value wins;
/// - `-h`/`--help` anywhere before `--` asks for help and overrides every other error.
///
/// Values are checked by ``CommandBuilder``, not here.
struct ArgumentScanner {
  private let words: [String]
  private var index = 0
  private var scanned = ScannedArguments(command: CommandTable.root)
  private var firstError: UsageError?
  private var optionsEnded = false

  private init(_ words: [String]) {
    self.words = words
  }

  /// Scans `words` (the arguments after the program name).
  static func scan(_ words: [String]) throws(UsageError) -> ScannedArguments {
    var scanner = ArgumentScanner(words)
    return try scanner.run()
  }

  private mutating func run() throws(UsageError) -> ScannedArguments {
    while index < words.count {
      let word = words[index]
      index += 1
      if !optionsEnded && word == "--" {
        optionsEnded = true
      } else if !optionsEnded && word.hasPrefix("--") {
        scanLongOption(word)
      } else if !optionsEnded && looksLikeOption(word) {
        scanShortOptions(word)
      } else if scanned.positionals.isEmpty && !scanned.command.subcommands.isEmpty {
        try selectSubcommand(word)
      } else {
        scanned.positionals.append(word)
      }
    }
    if scanned.helpRequested { return scanned }
    if let firstError { throw firstError }
    try checkCounts()
    return scanned
  }

  // MARK: - Commands

  private mutating func selectSubcommand(_ word: String) throws(UsageError) {
    if let subcommand = scanned.command.subcommand(named: word) {
      scanned.command = subcommand
      scanned.path.append(subcommand.name)
      return
    }
    // After an unknown option the word may be that option's value (`--colour never list`):
    // the option is the mistake to report.
    if let firstError { throw firstError }
    let prefix = scanned.path.map { $0 + " " }.joined()
    let names = scanned.command.visibleSubcommands.map(\.name)
    throw UsageError(
      "unknown command '\(prefix)\(word)'",
      suggestion: Suggestion.closest(to: word, among: names).map { prefix + $0 },
      path: scanned.path, unknownCommand: word)
  }

  // MARK: - Options

  /// The options valid here: the selected command's, then the global ones.
  private var availableOptions: [OptionSpec] {
    ownOptions + CommandTable.globalOptions
  }

  /// The selected command's own options; a group has none (the root lists the global ones).
  private var ownOptions: [OptionSpec] {
    scanned.command.subcommands.isEmpty ? scanned.command.options : []
  }

  private mutating func scanLongOption(_ word: String) {
    let body = word.dropFirst(2)
    let name: Substring
    let inlineValue: String?
    if let equals = body.firstIndex(of: "=") {
      name = body[..<equals]
      inlineValue = String(body[body.index(after: equals)...])
    } else {
      name = body
      inlineValue = nil
    }
    guard let position = availableOptions.firstIndex(where: { $0.long == name }) else {
      let display = "--" + name
      record(
        UsageError(
          "unknown option '\(display)'",
          suggestion: Suggestion.closest(
            to: display, among: availableOptions.map(\.longName)),
          path: scanned.path))
      return
    }
    let option = availableOptions[position]
    if option.takesValue {
      if let inlineValue {
        add(position, value: inlineValue)
      } else {
        takeNextValue(for: position, named: option.longName)
      }
    } else if inlineValue != nil {
      record(
        UsageError("option '\(option.longName)' does not take a value", path: scanned.path))
    } else {
      add(position, value: nil)
    }
  }

  private mutating func scanShortOptions(_ word: String) {
    var rest = word.dropFirst()
    while let letter = rest.first {
      rest = rest.dropFirst()
      guard let position = availableOptions.firstIndex(where: { $0.short == letter }) else {
        // "-title" is more likely a mistyped "--title" than a bundle.
        let isFirst = rest.count == word.count - 2
        let suggestion =
          isFirst && word.count > 2
          ? Suggestion.closest(to: "-" + word, among: availableOptions.map(\.longName))
          : nil
        let display = isFirst && suggestion != nil ? word : "-" + String(letter)
        record(
          UsageError("unknown option '\(display)'", suggestion: suggestion, path: scanned.path))
        return
      }
      if availableOptions[position].takesValue {
        if rest.isEmpty {
          takeNextValue(for: position, named: "-" + String(letter))
        } else {
          add(position, value: String(rest))
        }
        return
      }
      add(position, value: nil)
    }
  }

  private mutating func takeNextValue(for position: Int, named name: String) {
    if index < words.count, !looksLikeOption(words[index]) {
      add(position, value: words[index])
      index += 1
    } else {
      record(UsageError("missing value for option '\(name)'", path: scanned.path))
    }
  }

  private func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), let second = word.dropFirst().first else { return false }
    return !(second.isASCII && second.isNumber)
  }

  /// Records the option at `position` in ``availableOptions`` under its owner and its index
  /// there, which is how the builder finds its binding.
  private mutating func add(_ position: Int, value: String?) {
    let option = availableOptions[position]
    let ownCount = ownOptions.count
    if option.long == CommandTable.helpOption.long {
      scanned.helpRequested = true
    } else if position < ownCount {
      scanned.occurrences.append(
        .init(option: option, owner: .command, index: position, value: value))
    } else {
      scanned.occurrences.append(
        .init(option: option, owner: .global, index: position - ownCount, value: value))
    }
  }

  /// Whether the selected command's option at `index` was given.
  private func isGiven(_ index: Int) -> Bool {
    scanned.occurrences.contains { $0.owner == .command && $0.index == index }
  }

  private mutating func record(_ error: UsageError) {
    if firstError == nil { firstError = error }
  }

  // MARK: - Counts

  /// Checks positional arguments and required options of a command that runs by itself.
  private func checkCounts() throws(UsageError) {
    let command = scanned.command
    guard command.subcommands.isEmpty else { return }
    let arguments = command.arguments
    if let extra = excessPositional(for: arguments) {
      throw UsageError(
        "unexpected argument '\(extra)'" + (missingOptionHint ?? ""), path: scanned.path)
    }
    let required = arguments.filter { !$0.isOptional }
    if scanned.positionals.count < required.count {
      let missing = required[scanned.positionals.count]
      throw UsageError("missing argument '<\(missing.name)>'", path: scanned.path)
    }
    for (index, option) in command.options.enumerated()
    where option.isRequired && !isGiven(index) {
      let display = option.longName + (option.valueName.map { " <\($0)>" } ?? "")
      throw UsageError("missing option '\(display)'", path: scanned.path)
    }
  }

  /// For a command that takes no arguments but needs an option, words typed where the option
  /// should be were most likely meant as its value (`add Design`): a hint that ends the message
  /// with the line to type instead, `. Did you mean --title 'Design'?`.
  private var missingOptionHint: String? {
    let command = scanned.command
    guard command.arguments.isEmpty,
      let index = command.options.indices.first(where: {
        command.options[$0].isRequired && command.options[$0].takesValue && !isGiven($0)
      })
    else { return nil }
    let option = command.options[index]
    let value = scanned.positionals.joined(separator: " ")
    return ". Did you mean \(option.longName) \(ShellWords.singleQuoted(value))?"
  }

  private func excessPositional(for arguments: [ArgumentSpec]) -> String? {
    if arguments.last?.isRepeating == true { return nil }
    let positionals = scanned.positionals
    return positionals.count > arguments.count ? positionals[arguments.count] : nil
  }
}
