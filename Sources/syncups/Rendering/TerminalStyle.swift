import SyncUpsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How human output is coloured: not at all, or at a ``ColorDepth``. Every styling method
/// returns its text unchanged when colour is off, so plain output never holds an escape byte.
///
/// ```swift
/// let style = TerminalStyle(depth: .trueColor)
/// style.bold("Attendees")         // "\u{1B}[1mAttendees\u{1B}[0m"
/// style.swatch(.poppy)            // "\u{1B}[48;2;255;94;94m  \u{1B}[0m"
/// TerminalStyle.plain.bold("Hi")  // "Hi"
/// ```
struct TerminalStyle: Sendable, Equatable {
  /// The colour depth, or `nil` when colour is off.
  var depth: ColorDepth?

  /// No colour at all.
  static let plain = TerminalStyle(depth: nil)

  init(depth: ColorDepth?) {
    self.depth = depth
  }

  /// The style for the given `--color` option, `color` setting, environment and terminal
  /// (see ``ColorPolicy`` and ``ColorDepth/detect(environment:)``).
  static func resolve(
    flag: ColorSetting?, setting: ColorSetting, environment: [String: String], isTerminal: Bool
  ) -> TerminalStyle {
    let enabled = ColorPolicy.isEnabled(
      flag: flag, setting: setting, environment: environment, isTerminal: isTerminal)
    return TerminalStyle(depth: enabled ? ColorDepth.detect(environment: environment) : nil)
  }

  /// The style for this process's standard output: reads `NO_COLOR`, `TERM` and `COLORTERM`
  /// and asks whether file descriptor 1 is a terminal.
  static func forStandardOutput(flag: ColorSetting?, setting: ColorSetting) -> TerminalStyle {
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM", "COLORTERM"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return resolve(
      flag: flag, setting: setting, environment: environment, isTerminal: isatty(1) == 1)
  }

  var isColored: Bool { depth != nil }

  func bold(_ text: String) -> String {
    wrap(text, in: "1")
  }

  /// `text` dimmed, for placeholders such as "(no name)".
  func dim(_ text: String) -> String {
    wrap(text, in: "2")
  }

  /// `text` in bold red, for what needs attention now (a speaker over time).
  func warning(_ text: String) -> String {
    wrap(text, in: "1;31")
  }

  /// `text` drawn in the theme's text colour on the theme's colour.
  func themed(_ text: String, _ theme: Theme) -> String {
    guard let depth else { return text }
    let parameters =
      Self.parameters(theme.rgb, background: true, depth: depth) + ";"
      + Self.parameters(theme.accentColor.rgb, background: false, depth: depth)
    return wrap(text, in: parameters)
  }

  /// A two-column block of the theme's colour; empty when colour is off.
  func swatch(_ theme: Theme) -> String {
    guard let depth else { return "" }
    return wrap("  ", in: Self.parameters(theme.rgb, background: true, depth: depth))
  }

  /// The display width of ``swatch(_:)`` followed by a space: 3 with colour, else 0.
  var swatchWidth: Int { isColored ? 3 : 0 }

  /// `text` between the SGR sequence with `parameters` and a reset; `text` alone when colour
  /// is off.
  private func wrap(_ text: String, in parameters: String) -> String {
    guard isColored else { return text }
    return "\u{1B}[" + parameters + "m" + text + "\u{1B}[0m"
  }

  /// The SGR parameters selecting a colour as foreground or background.
  private static func parameters(
    _ rgb: (red: UInt8, green: UInt8, blue: UInt8), background: Bool, depth: ColorDepth
  ) -> String {
    switch depth {
    case .trueColor:
      return (background ? "48" : "38") + ";2;\(rgb.red);\(rgb.green);\(rgb.blue)"
    case .ansi256:
      let index = ANSIPalette.nearest256(red: rgb.red, green: rgb.green, blue: rgb.blue)
      return (background ? "48" : "38") + ";5;\(index)"
    case .ansi16:
      let index = ANSIPalette.nearest16(red: rgb.red, green: rgb.green, blue: rgb.blue)
      let base = (index < 8 ? 30 : 90) + (background ? 10 : 0)
      return String(base + index % 8)
    }
  }
}

/// How many colours the terminal shows, which decides the escape sequences a ``TerminalStyle``
/// writes.
///
/// ```swift
/// ColorDepth.detect(environment: ["COLORTERM": "truecolor"])     // .trueColor
/// ColorDepth.detect(environment: ["TERM": "xterm-256color"])     // .ansi256
/// ColorDepth.detect(environment: ["TERM": "xterm"])              // .ansi16
/// ```
enum ColorDepth: Sendable, Equatable, CaseIterable {
  /// 24-bit colour: `ESC[38;2;R;G;Bm`.
  case trueColor
  /// The 256-colour palette: `ESC[38;5;Nm`, using its fixed part (the 6×6×6 cube and the grey
  /// ramp, 16–255), never the 16 colours a user may have redefined.
  case ansi256
  /// The 16 ANSI colours: `ESC[30–37m`, `ESC[90–97m` and their backgrounds.
  case ansi16

  /// The depth the environment announces: true colour when `COLORTERM` is `truecolor` or
  /// `24bit`; else 256 colours when `TERM` contains `256color`; else 16 colours.
  static func detect(environment: [String: String]) -> ColorDepth {
    switch environment["COLORTERM"] {
    case "truecolor", "24bit": return .trueColor
    default: break
    }
    if let term = environment["TERM"], term.contains("256color") { return .ansi256 }
    return .ansi16
  }
}
