/// One option, or the positional arguments, of a command in the ``CommandTable``, and where
/// the words given for it land in the typed command `Command`.
///
/// The key path ties the table entry to the command's field, so an option whose value has the
/// wrong type for its field does not compile.
///
/// ```swift
/// CommandBinding<EditCommand>.option(
///   OptionSpec(long: "title", valueName: "title", help: "The new title."),
///   \.edits.title, parse: ValueParser.notBlank)
/// ```
struct CommandBinding<Command>: Sendable {
  /// Turns one word into a value, or throws a usage error naming `name` (`--title`, `<file>`).
  typealias Parse<Value> =
    @Sendable (_ text: String, _ name: String, _ path: [String]) throws(UsageError) -> Value

  /// The option, or `nil` when the binding takes positional arguments.
  let option: OptionSpec?
  /// The positional arguments it takes, in order; empty for an option.
  let arguments: [ArgumentSpec]
  /// Stores what was given: an option's value (nothing for a flag) once per occurrence, or
  /// the positional words for `arguments`, at most one each unless the last one repeats.
  let apply: @Sendable (inout Command, [String], _ path: [String]) throws(UsageError) -> Void

  /// A positional argument taken as typed.
  static func argument(
    _ spec: ArgumentSpec, _ keyPath: WritableKeyPath<Command, String> & Sendable
  ) -> Self {
    argument(spec, keyPath) { text, _, _ in text }
  }

  /// A positional argument checked and converted by `parse`; left alone when it is optional
  /// and not given.
  static func argument<Value>(
    _ spec: ArgumentSpec, _ keyPath: WritableKeyPath<Command, Value> & Sendable,
    parse: @escaping Parse<Value>
  ) -> Self {
    Self(option: nil, arguments: [spec]) { command, words, path throws(UsageError) in
      guard let word = words.first else { return }
      command[keyPath: keyPath] = try parse(word, "<\(spec.name)>", path)
    }
  }

  /// Several positional arguments read together, for values one word cannot decide alone
  /// (`config set KEY VALUE`).
  static func arguments<Value>(
    _ specs: [ArgumentSpec], _ keyPath: WritableKeyPath<Command, Value> & Sendable,
    parse: @escaping @Sendable (_ words: [String], _ path: [String]) throws(UsageError) -> Value
  ) -> Self {
    Self(option: nil, arguments: specs) { command, words, path throws(UsageError) in
      command[keyPath: keyPath] = try parse(words, path)
    }
  }

  /// An option taking a value; the last occurrence wins.
  static func option<Value>(
    _ spec: OptionSpec, _ keyPath: WritableKeyPath<Command, Value> & Sendable,
    parse: @escaping Parse<Value>
  ) -> Self {
    Self(option: spec, arguments: []) { command, values, path throws(UsageError) in
      guard let value = values.first else { return }
      command[keyPath: keyPath] = try parse(value, spec.longName, path)
    }
  }

  /// An option that may be given again and again, each value appended in command-line order.
  static func repeating<Element>(
    _ spec: OptionSpec, _ keyPath: WritableKeyPath<Command, [Element]> & Sendable,
    parse: @escaping Parse<Element>
  ) -> Self {
    var spec = spec
    spec.isRepeatable = true
    return Self(option: spec, arguments: []) { [spec] command, values, path throws(UsageError) in
      guard let value = values.first else { return }
      command[keyPath: keyPath].append(try parse(value, spec.longName, path))
    }
  }

  /// An option without a value that turns `keyPath` on.
  static func flag(_ spec: OptionSpec, _ keyPath: WritableKeyPath<Command, Bool> & Sendable)
    -> Self
  {
    Self(option: spec, arguments: []) { command, _, _ in command[keyPath: keyPath] = true }
  }

  /// An option without a value that sets `keyPath` to `value`: one of a pair such as
  /// `--overtime` and `--no-overtime`, the last given winning.
  static func flag<Value: Sendable>(
    _ spec: OptionSpec, _ keyPath: WritableKeyPath<Command, Value> & Sendable, value: Value
  ) -> Self {
    Self(option: spec, arguments: []) { command, _, _ in command[keyPath: keyPath] = value }
  }

  /// An option the scanner answers itself (`--help`), which sets nothing in the command.
  static func scannerFlag(_ spec: OptionSpec) -> Self {
    Self(option: spec, arguments: []) { _, _, _ in }
  }
}
