import SharedState
import SyncUpsCore

/// One setting, described once: its name (as typed after `syncups config get|set|unset`, and
/// its key in the settings file and in `config list --json`), and its default, both plain
/// values of its ``Setting``, whose shared key is made only when the value is read or
/// written; the form of its value (``SettingForm``), and its lines in `config --help`,
/// `config set --help` and syncups(1). The parser of `config set`, the text of `config
/// get|list`, their `--json`, `config unset`, the help, the man page and the completions all
/// walk ``allCases``: a new setting is one entry there.
///
/// ```swift
/// ConfigKey.hookTimeout.rawValue     // "hook-timeout"
/// ConfigKey.hookTimeout.defaultText  // "10s"
/// ConfigKey(rawValue: "bell")        // .bell
/// ```
package struct ConfigKey: Sendable, Hashable, RawRepresentable, CaseIterable {
  /// Every setting, in the order `config list` prints them.
  package static let allCases: [ConfigKey] = [
    bell, color, defaultDuration, defaultTheme, hookTimeout, order, overtime, pace,
    repositories, warn, workdays, me,
  ]

  static let bell = ConfigKey(
    Settings.bell, .bell,
    help: "off, change, cues or all: when a meeting rings the bell (on is change)",
    value: "off, change (or on: each speaker change and overtime), cues (each cue) or all",
    json: "Bool or String: false (off), true (change), cues or all; as in the settings "
      + "file, where an older syncups reads false and true.")
  static let color = ConfigKey(
    Settings.color, .choice, help: "auto, always or never: when to colour the output",
    value: "auto, always or never",
    json: "String: auto, always or never.")
  static let defaultDuration = ConfigKey(
    Settings.defaultDuration, .length, help: "the length of new sync-ups",
    value: "a duration (e.g. 10m; a plain number is minutes, but seconds with --json, as "
      + "config get --json prints it)",
    json: "Number: the length of new sync-ups in whole seconds.")
  static let defaultTheme = ConfigKey(
    Settings.defaultTheme, .theme, help: "the theme of new sync-ups",
    value: "a theme's name (see syncups themes)",
    json: "String: the theme of new sync-ups.")
  package static let hookTimeout = ConfigKey(
    Settings.hookTimeout, .duration,
    help: "how long one run of a hook may take before it is stopped",
    value: "a duration (a plain number is seconds)",
    json: "Number: how long one run of a hook may take, in whole seconds.")
  static let order = ConfigKey(
    Settings.order, .choice,
    help: "listed, shuffled or rotated: the order meetings call the attendees in",
    value: "listed, shuffled or rotated", json: "String: listed, shuffled or rotated.")
  static let overtime = ConfigKey(
    Settings.overtime, .onOff, help: "on or off: let speakers run past their slot",
    value: "on or off", json: "Bool: whether speakers may run past their slot.")
  static let pace = ConfigKey(
    Settings.pace, .choice,
    help: "fixed, rebalance or bank: how meetings pace the speakers' slots",
    value: "fixed, rebalance or bank", json: "String: fixed, rebalance or bank.")
  static let warn = ConfigKey(
    Settings.warn, .cues,
    help: "when meetings cue the speaker: time left (30s,10s), share of the slot used "
      + "(80%,95%) or none",
    value: "one or two cues, each seconds left (30s) or a share of the slot used (80%); or none",
    json: "String: the cues as config set takes them (30s,10s), or none.")
  static let repositories = ConfigKey(
    Settings.repositories, .paths,
    help: "the git repositories standup reads on this machine: paths and globs such as "
      + "'~/src/*', several; a relative path is stored absolute",
    unset: "none",
    then: "With --syncup NAME, that sync-up's own, read instead (config get, set, unset)",
    value: "one or more paths and globs (quote a glob: '~/src/*'; a relative path is stored "
      + "absolute, from the working directory; ~ is kept as typed)",
    json: "Array of Strings: the paths and globs standup reads, as typed.")
  static let workdays = ConfigKey(
    Settings.workdays, .days, help: "the days an item's age counts: mon-fri, sun-thu, mon,tue,thu",
    value: "days and ranges (mon-fri, sun-thu, mon,tue,thu)",
    json: "String: the days an item's age counts, as config set takes them: mon-fri.")
  static let me = ConfigKey(
    Settings.me, .name, help: "which attendee you are, by name, for update without --as",
    unset: "unset", value: "your name as an attendee",
    json: "String: which attendee you are, as set; null when unset.")

  /// The name, as typed and as kept.
  package let rawValue: String
  /// What it is, for `config --help`: `the length of new sync-ups`.
  package let summary: String
  /// What `config --help` says after the default, if anything.
  package let afterDefault: String?
  /// The value `config set` takes, for its help: `on or off`.
  package let valueHelp: String
  /// Its `--json` value, for syncups(1): `Bool: whether …`.
  package let jsonHelp: String
  /// What completion offers for the value; empty when it is free.
  let choices: [String]
  /// Whether `config set` takes several values for it.
  let takesSeveralValues: Bool
  /// What the settings file should hold for it: `a whole number of seconds`.
  let expected: String
  /// The default as `config get` prints it, or a word for an empty one (`unset`).
  package var defaultText: String {
    let text = operations.text(operations.defaultValue)
    return text.isEmpty ? unsetText : text
  }
  /// What help says of an empty default: `unset`, `none`.
  private let unsetText: String
  private let operations: Operations

  /// What each setting does with its own type, behind one face.
  private struct Operations: Sendable {
    let parse: @Sendable ([String], [String]) throws(UsageError) -> any Sendable & Equatable
    let defaultValue: any Sendable
    let read: @MainActor () -> any Sendable
    let resolve: @MainActor (any Sendable, CommandContext) throws -> any Sendable
    let write: @MainActor (any Sendable) throws -> Void
    let reset: @MainActor () throws -> Void
    let text: @Sendable (any Sendable) -> String
    let json: @Sendable (any Sendable) -> JSONOutput
    let isUnreadable: @MainActor () -> Bool
  }

  /// The setting `setting` (its name and default; its shared key is made only to read or
  /// write it, against the `defaultAppStorage` dependency of the moment), its value of `form`.
  /// `unset` names an empty default in help; `then` follows the default in `config --help`.
  private init<Value, Typed>(
    _ setting: Setting<Value>, _ form: SettingForm<Value, Typed>, help: String,
    unset: String = "", then: String? = nil, value: String, json: String
  ) {
    let name = setting.name
    rawValue = name
    summary = help
    afterDefault = then
    valueHelp = value
    jsonHelp = json
    choices = form.choices
    takesSeveralValues = form.takesSeveralValues
    expected = form.expected
    unsetText = unset
    operations = Operations(
      parse: { words, path throws(UsageError) in try form.parse(words, name, path) },
      defaultValue: setting.defaultValue,
      read: { SharedReader(setting.key).wrappedValue },
      resolve: { typed, context in try form.resolve(typed as! Typed, name, context) },
      write: { try SettingsFile.write(setting.key, $0 as! Value) },
      reset: { try SettingsFile.reset(setting.key) },
      text: { form.text($0 as! Value) },
      json: { form.json($0 as! Value) },
      isUnreadable: { SharedReader(setting.key).loadError != nil })
  }

  package init?(rawValue: String) {
    guard let key = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = key
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
  package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// The default value, of the setting's own type.
  var defaultValue: any Sendable { operations.defaultValue }

  /// The value now in the settings file, or the default.
  @MainActor var current: any Sendable { operations.read() }

  /// `value` as `config get` prints it.
  func text(of value: any Sendable) -> String { operations.text(value) }

  /// `value` as `config get --json` prints it.
  func json(of value: any Sendable) -> JSONOutput { operations.json(value) }

  /// Puts the default back in the settings file.
  @MainActor func reset() throws { try operations.reset() }

  /// Whether the settings file holds the setting in a form it cannot be read as (the default
  /// is used instead), or cannot be read at all.
  @MainActor var isUnreadable: Bool { operations.isUnreadable() }

  /// The setting's value from the words after it on `config set`'s command line.
  func parse(_ words: [String], path: [String]) throws(UsageError) -> ConfigSetting {
    ConfigSetting(key: self, value: try operations.parse(words, path))
  }

  /// The value to write for `parsed`, now that the global options are known: for
  /// `default-duration`, a plain number is seconds with `--json`, else minutes.
  @MainActor fileprivate func resolve(_ parsed: any Sendable, in context: CommandContext) throws
    -> any Sendable
  {
    try operations.resolve(parsed, context)
  }

  /// Writes `value`, of the setting's own type, into the settings file at once.
  @MainActor fileprivate func write(_ value: any Sendable) throws { try operations.write(value) }
}

/// A validated new value for one setting: what `syncups config set KEY VALUE` asks for.
///
/// ```swift
/// try ValueParser.setting(["hook-timeout", "90"], path: []).value  // 90
/// ```
struct ConfigSetting: Sendable, Equatable {
  let key: ConfigKey
  /// Of the type the setting's form parses.
  let value: any Sendable & Equatable

  /// What a command holds before its arguments are parsed into it.
  static let placeholder = ConfigSetting(key: .bell, value: BellSetting.change)

  /// The value to write, of the setting's own type, as the global options have it read.
  @MainActor func resolved(in context: CommandContext) throws -> any Sendable {
    try key.resolve(value, in: context)
  }

  /// Writes the value into the settings file at once (``resolved(in:)``).
  @MainActor func write(in context: CommandContext) throws {
    try key.write(try resolved(in: context))
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.key == rhs.key && isEqual(lhs.value, rhs.value)
  }

  private static func isEqual<Value: Equatable>(_ value: Value, _ other: any Equatable) -> Bool {
    (other as? Value) == value
  }
}

extension ConfigKey {
  /// `config --help`'s table: a line for each setting, its name, what it is and its default.
  static var helpTable: String {
    allCases.map { key in
      let gap = String(repeating: " ", count: max(19 - key.rawValue.count, 2))
      return "  \(key.rawValue)\(gap)\(key.summary) (default: \(key.defaultText))"
        + (key.afterDefault.map { ". " + $0 } ?? "")
    }.joined(separator: "\n")
  }

  /// `config set`'s help for its value: each setting's form.
  static var valuesHelp: String {
    allCases.map { "\($0.rawValue): \($0.valueHelp)" }.joined(separator: "; ")
      + ". Any case will do."
  }
}
