/// The colour theme of a sync-up: one of 16 named colours, in the order the SyncUps app lists
/// them, each with the text colour that reads well on it.
///
/// A theme is stored by its case name (`"seafoam"`), which is also its ``id``; people see its
/// ``displayName`` (`"Seafoam"`).
///
/// ```swift
/// let theme = Theme(name: "Seafoam")  // .seafoam (names match case-insensitively)
/// theme?.hex                          // "#CBEAE5"
/// theme?.accentColor                  // .black
/// ```
public enum Theme: String, CaseIterable, Codable, Identifiable, Sendable {
  /// `#EE80D1`, black text.
  case bubblegum
  /// `#FFF196`, black text.
  case buttercup
  /// `#360071`, white text.
  case indigo
  /// `#CFCEFF`, black text.
  case lavender
  /// `#A51377`, white text.
  case magenta
  /// `#001441`, white text.
  case navy
  /// `#FF8B42`, black text.
  case orange
  /// `#4A070B`, white text.
  case oxblood
  /// `#8682FF`, black text.
  case periwinkle
  /// `#FF5E5E`, black text.
  case poppy
  /// `#914BF2`, white text.
  case purple
  /// `#CBEAE5`, black text.
  case seafoam
  /// `#6E92FF`, black text.
  case sky
  /// `#C29B7E`, black text.
  case tan
  /// `#228F9E`, black text.
  case teal
  /// `#FFDF4D`, black text.
  case yellow

  /// Finds a theme by name, ignoring case: `Theme(name: "NAVY")` is `.navy`.
  ///
  /// Returns `nil` for a name that is not one of the 16 themes.
  public init?(name: String) {
    self.init(rawValue: name.lowercased())
  }

  /// The theme's case name, as stored (`"bubblegum"`).
  public var id: String { rawValue }

  /// The name shown to people: the case name capitalised (`"Bubblegum"`).
  public var displayName: String {
    rawValue.prefix(1).uppercased() + rawValue.dropFirst()
  }

  /// The theme's colour as an upper-case CSS hex string, e.g. `"#EE80D1"`.
  public var hex: String {
    let digits = String(rgbValue, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - digits.count) + digits
  }

  /// The theme's colour as red, green and blue components.
  public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
    (
      UInt8(truncatingIfNeeded: rgbValue >> 16),
      UInt8(truncatingIfNeeded: rgbValue >> 8),
      UInt8(truncatingIfNeeded: rgbValue)
    )
  }

  /// The colour of text drawn on the theme's colour.
  public var accentColor: TextColor {
    switch self {
    case .indigo, .magenta, .navy, .oxblood, .purple: .white
    default: .black
    }
  }

  /// The theme's colour as `0xRRGGBB`.
  private var rgbValue: UInt32 {
    switch self {
    case .bubblegum: 0xEE80D1
    case .buttercup: 0xFFF196
    case .indigo: 0x360071
    case .lavender: 0xCFCEFF
    case .magenta: 0xA51377
    case .navy: 0x001441
    case .orange: 0xFF8B42
    case .oxblood: 0x4A070B
    case .periwinkle: 0x8682FF
    case .poppy: 0xFF5E5E
    case .purple: 0x914BF2
    case .seafoam: 0xCBEAE5
    case .sky: 0x6E92FF
    case .tan: 0xC29B7E
    case .teal: 0x228F9E
    case .yellow: 0xFFDF4D
    }
  }
}

extension Theme {
  /// Decodes a theme from its case name, exactly as stored (`"seafoam"`; case matters).
  ///
  /// Throws `DecodingError.dataCorrupted` naming the unknown value and listing the valid ones.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let theme = Theme(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "Unknown theme \"\(name)\"; expected one of: "
          + Theme.allCases.map(\.rawValue).joined(separator: ", ")
      )
    }
    self = theme
  }
}

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
