import SyncUpsCore

/// The options every command accepts.
struct GlobalOptions: Sendable, Equatable {
  /// `--file PATH`: the data file, overriding `$SYNCUPS_FILE` and the default location.
  var file: String?
  /// `--json`: print data as JSON.
  var json = false
  /// `--color WHEN`; `nil` when not given (the `color` setting then decides).
  var color: ColorSetting?
  /// `-q`, `--quiet`: no messages on stderr other than errors and hooks' warnings.
  var quiet = false
  /// `--trace`: print actions and state changes to stderr.
  var trace = false
  /// `--no-hooks`: run no hooks.
  var noHooks = false
  /// `-V`, `--version`: print the version instead of running the command.
  var version = false
}
