/// The sixteen theme names, in the app's order.
///
/// The command line keeps its own list so it can validate `--theme` before the models are
/// loaded; a test checks it against the models' themes once they exist.
enum ThemeNames {
  /// Lower-case theme names.
  static let all = [
    "bubblegum", "buttercup", "indigo", "lavender", "magenta", "navy", "orange", "oxblood",
    "periwinkle", "poppy", "purple", "seafoam", "sky", "tan", "teal", "yellow",
  ]

  /// The canonical (lower-case) name matching `name` case-insensitively, if any.
  ///
  /// ```swift
  /// ThemeNames.canonical("SeaFoam")  // "seafoam"
  /// ```
  static func canonical(_ name: String) -> String? {
    let lowered = name.lowercased()
    return all.first { $0 == lowered }
  }
}
