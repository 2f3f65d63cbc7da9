/// The colour of text drawn on top of a ``Theme``'s colour: black on light themes, white on dark
/// ones, so that text stays readable.
///
/// ```swift
/// Theme.navy.accentColor      // .white
/// Theme.navy.accentColor.rgb  // (red: 255, green: 255, blue: 255)
/// ```
public enum TextColor: String, CaseIterable, Sendable {
  /// Black text, `#000000`.
  case black
  /// White text, `#FFFFFF`.
  case white

  /// The colour's red, green and blue components.
  public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
    switch self {
    case .black: (0, 0, 0)
    case .white: (255, 255, 255)
    }
  }

  /// The colour as an upper-case CSS hex string: `"#000000"` or `"#FFFFFF"`.
  public var hex: String {
    switch self {
    case .black: "#000000"
    case .white: "#FFFFFF"
    }
  }
}
