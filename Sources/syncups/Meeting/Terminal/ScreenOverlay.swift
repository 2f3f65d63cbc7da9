/// What the terminal meeting shows on top of the feature's state: the state of the terminal
/// front-end itself, which the meeting feature knows nothing of.
///
/// ```swift
/// var overlay = ScreenOverlay()
/// overlay.noteDraft = "Shipped"   // "Note: Shipped▏" under the timers
/// overlay.isInterruptPending = true  // "Ctrl-C again discards the meeting."
/// ```
struct ScreenOverlay: Equatable, Sendable {
  /// The note being typed, or `nil` when no note is being typed.
  var noteDraft: String?
  /// Whether a Ctrl-C was pressed and the end prompt it opened is still shown: another
  /// Ctrl-C discards the meeting.
  var isInterruptPending: Bool

  /// An overlay with no note being typed and no Ctrl-C pending.
  init(noteDraft: String? = nil, isInterruptPending: Bool = false) {
    self.noteDraft = noteDraft
    self.isInterruptPending = isInterruptPending
  }

  /// Whether a note is being typed.
  var isTypingNote: Bool { noteDraft != nil }
}
