/// When to colour human output (`--color`, and the `color` setting).
enum ColorMode: String, CaseIterable, Sendable, Equatable {
  /// Colour only when writing to a terminal, and not when `NO_COLOR` is set or `TERM=dumb`.
  case auto
  /// Always colour.
  case always
  /// Never colour.
  case never
}
