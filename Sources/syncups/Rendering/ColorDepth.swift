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
