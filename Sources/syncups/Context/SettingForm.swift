import SharedState
import SyncUpsCore

/// The form of one kind of setting's value: how `config set` reads it from the command line,
/// how `config get|list` print it (so that a line can be typed back), its `--json` form, what
/// completion offers, and what the settings file should hold, for the warning about a value
/// of another type. `Value` is what the settings file keeps; `Typed` is what the parser makes
/// of the words, turned into `Value` when the command runs (for `default-duration`, whose
/// plain numbers are seconds only with `--json`).
///
/// ```swift
/// let form = SettingForm<Int, Int>.duration
/// try form.parse(["90"], "hook-timeout", [])  // 90
/// form.text(90)                               // "1m30s"
/// ```
struct SettingForm<Value: Sendable & Equatable, Typed: Sendable & Equatable>: Sendable {
  /// The words after the key (one, unless ``takesSeveralValues``), the key, the command's path.
  let parse: @Sendable ([String], String, [String]) throws(UsageError) -> Typed
  /// What is written, from what was parsed, once the global options are known.
  let resolve: @MainActor (Typed, String, CommandContext) throws -> Value
  /// The value as `config get` prints it and `config set` reads it back.
  let text: @Sendable (Value) -> String
  let json: @Sendable (Value) -> JSONOutput
  /// What completion offers for the value, and an invalid value's message lists; empty when
  /// the value is free.
  var choices: [String] = []
  /// Whether `config set` takes several words for it (the paths of `repositories`).
  var takesSeveralValues = false
  /// What the settings file should hold instead of a value it cannot read: `a whole number
  /// of seconds`.
  let expected: String
}

extension SettingForm where Value == Typed {
  init(
    parse: @escaping @Sendable ([String], String, [String]) throws(UsageError) -> Value,
    text: @escaping @Sendable (Value) -> String, json: @escaping @Sendable (Value) -> JSONOutput,
    choices: [String] = [], takesSeveralValues: Bool = false, expected: String
  ) {
    self.init(
      parse: parse, resolve: { value, _, _ in value }, text: text, json: json, choices: choices,
      takesSeveralValues: takesSeveralValues, expected: expected)
  }
}

extension SettingForm where Value == Bool, Typed == Bool {
  /// `on` or `off` (also `true`/`false`, `yes`/`no`, `1`/`0`); `true` or `false` in JSON.
  static var onOff: Self {
    let choices = ["on", "off"]
    return Self(
      parse: { words, key, path throws(UsageError) in
        switch words[0].lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default:
          throw UsageError(
            "invalid value '\(words[0])' for '\(key)' (expected \(Prose.alternatives(choices)))",
            path: path)
        }
      },
      text: { $0 ? "on" : "off" }, json: JSONOutput.bool, choices: choices,
      expected: "true or false")
  }
}

extension SettingForm
where Value == Typed, Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One of the words of `Value`, in any case; its name in JSON.
  static var choice: Self {
    let words = Value.allCases.map(\.rawValue)
    return Self(
      parse: { words, key, path throws(UsageError) in
        try ValueParser.choice(words[0], for: key, path: path)
      },
      text: \.rawValue, json: { .string($0.rawValue) }, choices: words,
      expected: Prose.alternatives(words))
  }
}

extension SettingForm where Value == BellSetting, Typed == BellSetting {
  /// `off`, `change`, `cues` or `all`, in any case; `on` (and `true`, `yes`, `1`) is `change`
  /// and `false`, `no`, `0` are `off`, as the setting meant before it had more values. In JSON
  /// as the settings file holds it: `false`, `true`, `"cues"`, `"all"`.
  static var bell: Self {
    let words = BellSetting.allCases.map(\.rawValue)
    return Self(
      parse: { typed, key, path throws(UsageError) in
        try ValueParser.bell(typed[0], for: key, path: path)
      },
      text: \.rawValue,
      json: { bell in
        switch bell {
        case .off, .change: .bool(bell == .change)
        case .cues, .all: .string(bell.rawValue)
        }
      },
      choices: words,
      expected: Prose.alternatives(words))
  }
}

extension SettingForm where Value == CueWarnings, Typed == CueWarnings {
  /// One or two cues (`30s,10s`, `80%,95%`) or `none`; as typed in JSON.
  static var cues: Self {
    Self(
      parse: { words, key, path throws(UsageError) in
        try ValueParser.cueWarnings(words[0], for: key, path: path)
      },
      text: \.rawValue, json: { .string($0.rawValue) }, expected: ValueParser.cueForms)
  }
}

extension SettingForm where Value == Theme, Typed == Theme {
  /// A theme's name, in any case, with a suggestion when mistyped.
  static var theme: Self {
    Self(
      parse: { words, key, path throws(UsageError) in
        try ValueParser.theme(words[0], for: key, path: path)
      },
      text: \.rawValue, json: { .string($0.rawValue) }, choices: Theme.allCases.map(\.rawValue),
      expected: "a theme's name (see syncups themes)")
  }
}

extension SettingForm where Value == Int {
  /// Whole seconds, printed in units (`1m30s`), whole seconds in JSON.
  private static func seconds(
    parse: @escaping @Sendable ([String], String, [String]) throws(UsageError) -> Typed,
    resolve: @escaping @MainActor (Typed, String, CommandContext) throws -> Int
  ) -> Self {
    Self(
      parse: parse, resolve: resolve, text: { DurationText.compact($0) }, json: JSONOutput.int,
      expected: "a whole number of seconds")
  }
}

extension SettingForm where Value == Int, Typed == Int {
  /// A duration whose plain numbers are seconds (`hook-timeout`).
  static var duration: Self {
    seconds(
      parse: { words, key, path throws(UsageError) in
        try ValueParser.seconds(words[0], for: key, path: path)
      },
      resolve: { seconds, _, _ in seconds })
  }
}

extension SettingForm where Value == Int, Typed == DurationArgument {
  /// A duration whose plain numbers are minutes, as with `--duration`, but seconds with
  /// `--json`, the unit `config get --json` prints, so that a value read with one goes back
  /// with the other (`default-duration`).
  static var length: Self {
    seconds(
      parse: { words, key, path throws(UsageError) in
        // A bare number's unit is known once the global options are: here it only has to
        // be a duration in one unit or the other.
        do throws(DurationParser.Failure) {
          let argument = try DurationParser.argument(words[0])
          _ = try argument.seconds(bareNumberUnit: 1)
          return argument
        } catch {
          throw ValueParser.durationError(error, text: words[0], for: key, path: path)
        }
      },
      resolve: { duration, key, context in
        // A bare number was checked as seconds when parsed.
        if context.options.json, case .bareNumber(let seconds) = duration { return seconds }
        return try context.seconds(of: duration, for: key, path: ["config", "set"])
      })
  }
}

extension SettingForm where Value == WorkingDays, Typed == WorkingDays {
  /// Days and ranges (`mon-fri`, `mon,tue,thu`), offering the common weeks.
  static var days: Self {
    Self(
      parse: { words, key, path throws(UsageError) in
        try ValueParser.parsed(
          words[0], for: key, path: path, forms: WorkingDays.forms, WorkingDays.init(rawValue:))
      },
      text: \.rawValue, json: { .string($0.rawValue) },
      // Common weeks; any list of days and ranges will do.
      choices: ["mon-fri", "sun-thu", "mon-sat"], expected: "days such as mon-fri")
  }
}

extension SettingForm where Value == String, Typed == String {
  /// A name as typed, not blank; empty is unset, `null` in JSON.
  static var name: Self {
    Self(
      parse: { words, key, path throws(UsageError) in
        try ValueParser.notBlank(words[0], for: key, path: path)
      },
      text: { $0 }, json: { $0.isEmpty ? .null : .string($0) }, expected: "a name in quotes")
  }
}

extension SettingForm where Value == [String], Typed == [String] {
  /// One or more paths and globs, kept as typed but for a relative path, made absolute from
  /// the working directory; a path that is no git repository yet is kept with a warning.
  static var paths: Self {
    Self(
      parse: { paths, key, path throws(UsageError) in
        if let blank = paths.first(where: \.isBlank) {
          throw UsageError(
            "invalid value '\(blank)' for '\(key)' (expected paths or globs such as '~/src/*')",
            path: path)
        }
        return paths
      },
      resolve: { paths, _, context in
        let paths = RepositoryPaths.absolute(paths)
        RepositoryPaths.warnOfSkipped(paths, in: context)
        return paths
      },
      text: ShellWords.typedBack, json: { .array($0.map(JSONOutput.string)) },
      takesSeveralValues: true, expected: "a list of paths in quotes")
  }
}

/// What `config set repositories` and a sync-up's own repositories do with the paths typed.
extension RepositoryPaths {
  /// Warns of each of `paths` that names no repository on this machine now: it is kept (it
  /// may be cloned later, or be on a disk not mounted), and the work cards skip it until then.
  @MainActor static func warnOfSkipped(_ paths: [String], in context: CommandContext) {
    let found = RepositoryPaths(paths, home: context.environment["HOME"])
    for (pattern, reason) in found.skipped {
      context.note(
        "Warning: \(sanitize(pattern)): \(sanitize(reason)); kept, and skipped until it is a "
          + "git repository.")
    }
  }

  /// Relative paths and globs made absolute from the working directory, where they were
  /// meant (``RepositoryPaths/absolute(_:from:)``); as typed when it cannot be known.
  @MainActor static func absolute(_ paths: [String]) -> [String] {
    guard let directory = CommandContext.workingDirectory else { return paths }
    return paths.map { RepositoryPaths.absolute($0, from: directory) }
  }
}
