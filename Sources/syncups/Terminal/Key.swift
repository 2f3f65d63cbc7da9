/// A key pressed on the terminal, as ``KeyDecoder`` reports it.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(Array("n\u{1B}[C\r".utf8))  // [.character("n"), .right, .enter]
/// ```
enum Key: Equatable, Sendable {
  /// A character typed: a letter, a digit, a space, punctuation, any non-control character.
  case character(Character)
  /// Return or Enter (a carriage return or a line feed).
  case enter
  /// Escape, pressed on its own.
  case escape
  /// Backspace (DEL or BS, whichever the terminal sends).
  case backspace
  /// Tab.
  case tab
  /// Delete (the forward-deleting key, `ESC [ 3 ~`).
  case delete
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// Home.
  case home
  /// End.
  case end
  /// A control key other than those above, by its lower-case letter: `.control("c")` is
  /// Ctrl-C, which arrives as a key only when the terminal does not turn it into SIGINT.
  case control(Character)
}
