/// The human output of `syncups config list` and `config get`.
///
/// ```text
/// bell              on
/// color             auto
/// default-duration  5m
/// default-theme     bubblegum
/// ```
///
/// Keys are the names `config get|set|unset` take and values the forms `config set` accepts,
/// so a line can be typed back: `syncups config set default-duration 5m`.
enum ConfigRenderer {
  /// Every setting, one `key  value` line each in the order of ``ConfigKey``, values aligned;
  /// ends in a newline.
  ///
  /// Under `repositories`, a line for each sync-up that reads its own, to be typed back after
  /// `syncups config set repositories`:
  ///
  /// ```text
  /// repositories      '~/src/*'
  ///   --syncup Eng    ~/work/api
  /// ```
  static func list(_ values: ConfigValues) -> String {
    let lines = ConfigKey.allCases.flatMap { key in
      [(key.rawValue, values.text(for: key))]
        + (key == .repositories ? values.ownRepositories : []).map {
          ("  --syncup " + sanitize($0.reference), ShellWords.typedBack($0.repositories))
        }
    }
    let keyWidth = lines.map { displayWidth($0.0) }.max() ?? 0
    return lines.map { key, value in
      guard !value.isEmpty else { return key + "\n" }
      return key + String(repeating: " ", count: keyWidth - displayWidth(key) + 2) + value + "\n"
    }.joined()
  }

  /// One setting's value and a newline, for `config get KEY`.
  static func value(_ values: ConfigValues, for key: ConfigKey) -> String {
    values.text(for: key) + "\n"
  }
}
