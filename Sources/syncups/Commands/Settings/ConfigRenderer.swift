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
  static func list(_ values: ConfigValues) -> String {
    let keyWidth = ConfigKey.allCases.map(\.rawValue.count).max() ?? 0
    return ConfigKey.allCases.map { key in
      let value = values.text(for: key)
      guard !value.isEmpty else { return key.rawValue + "\n" }
      return key.rawValue + String(repeating: " ", count: keyWidth - key.rawValue.count + 2)
        + value + "\n"
    }.joined()
  }

  /// One setting's value and a newline, for `config get KEY`.
  static func value(_ values: ConfigValues, for key: ConfigKey) -> String {
    values.text(for: key) + "\n"
  }
}
