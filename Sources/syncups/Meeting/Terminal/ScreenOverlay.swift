import SyncUpsCore

/// What the terminal meeting shows on top of the feature's state: the state of the terminal
/// front-end itself, which the meeting feature knows nothing of.
///
/// ```swift
/// var overlay = ScreenOverlay()
/// overlay.noteDraft = "Shipped"   // "Note: Shipped▏" under the timers
/// overlay.isInterruptPending = true  // "Ctrl-C again discards the meeting."
/// ```
struct ScreenOverlay: Equatable, Sendable {
  /// What the text being typed becomes on Enter.
  enum Draft: Equatable, Sendable {
    /// A note of the transcript.
    case note
    /// A blocker or an action item (`@name` first for someone else's).
    case item(Item.Kind)
    /// The resolution of one of the speaker's open items: its number, then optional text.
    case resolution
    /// The name of the absent attendee who arrived (when several are absent).
    case joiner

    /// The label the text being typed is shown after: `Note: `, `Blocker: `, …
    var label: String {
      switch self {
      case .note: "Note: "
      case .item(let kind): kind.label + ": "
      case .resolution: "Resolve: "
      case .joiner: "Joined: "
      }
    }
  }

  /// The text being typed (a note unless ``draft`` says otherwise), or `nil` when nothing is
  /// being typed.
  var noteDraft: String?
  /// What the text being typed becomes.
  var draft: Draft
  /// Why Enter did not take the text being typed (an `@name` naming nobody, a number of no
  /// open item): shown under it until it changes.
  var draftProblem: String?
  /// Whether a Ctrl-C was pressed and the end prompt it opened is still shown: another
  /// Ctrl-C discards the meeting.
  var isInterruptPending: Bool
  /// How many follow the meeting with `syncups watch` (`2 watching`).
  var watching = 0

  /// An overlay with no note being typed and no Ctrl-C pending.
  init(noteDraft: String? = nil, draft: Draft = .note, isInterruptPending: Bool = false) {
    self.noteDraft = noteDraft
    self.draft = draft
    self.isInterruptPending = isInterruptPending
  }

  /// Whether a note, an item or a resolution is being typed.
  var isTypingNote: Bool { noteDraft != nil }

  /// What the meeting keeps of the text being typed, and saves as a note whatever ends it, so
  /// that nothing typed is lost: a note as it is; an item or a resolution as a note that says
  /// what it was to be, after its label (`Blocker: waiting on keys`). Empty while nothing is
  /// typed, and for a joiner's name, which says nothing once the meeting is over.
  var meetingNoteDraft: String {
    guard let noteDraft, draft != .joiner else { return "" }
    guard draft != .note else { return noteDraft }
    return noteDraft.isBlank ? "" : draft.label + noteDraft
  }

  /// This overlay with only what is being typed (and who watches) kept: the Ctrl-C pending
  /// and any problem gone.
  var keepingDraft: ScreenOverlay {
    var overlay = ScreenOverlay(noteDraft: noteDraft, draft: draft)
    overlay.watching = watching
    return overlay
  }
}
