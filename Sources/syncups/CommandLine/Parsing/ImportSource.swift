/// Where `syncups import` reads from.
enum ImportSource: Sendable, Equatable {
  /// `-`: standard input.
  case standardInput
  /// A file path, as given.
  case file(String)
}
