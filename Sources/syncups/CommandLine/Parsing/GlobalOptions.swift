/// The options every command accepts.
struct GlobalOptions: Sendable, Equatable {
  /// `--file PATH`: the data file, overriding `$SYNCUPS_FILE` and the default location.
  var file: String?
  /// `--json`: print data as JSON.
  var json: Bool
  /// `--color WHEN`; `nil` when not given (the `color` setting then decides, else `auto`).
  var color: ColorMode?
  /// `-q`, `--quiet`: no messages on stderr other than errors.
  var quiet: Bool
  /// `--trace`: print actions and state changes to stderr.
  var trace: Bool

  init(
    file: String? = nil, json: Bool = false, color: ColorMode? = nil, quiet: Bool = false,
    trace: Bool = false
  ) {
    self.file = file
    self.json = json
    self.color = color
    self.quiet = quiet
    self.trace = trace
  }
}
