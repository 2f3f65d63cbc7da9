/// An alert as a value: a title, an optional message and the buttons offered, each with the
/// action it sends. A feature keeps one in its state while the alert is shown; the view draws
/// it and sends the chosen button's action, or the dismissal for a button without one.
///
/// ```swift
/// let alert = AlertState<Confirmation>(
///   title: "Delete?",
///   message: "Are you sure you want to delete this meeting?",
///   buttons: [
///     ButtonState(role: .destructive, action: .confirmDeletion, label: "Yes"),
///     ButtonState(role: .cancel, label: "Nevermind"),
///   ]
/// )
/// ```
public struct AlertState<Action> {
  /// The question asked.
  public var title: String
  /// More detail under the title, if any.
  public var message: String?
  /// The choices, in the order they are offered.
  public var buttons: [ButtonState<Action>]

  /// An alert with a title, an optional message and its buttons.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>]) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

/// One button of an ``AlertState``.
///
/// ```swift
/// ButtonState(role: .cancel, label: "Resume")            // dismisses the alert
/// ButtonState(action: .confirmSave, label: "Save and end")
/// ```
public struct ButtonState<Action> {
  /// What kind of choice a button is, for the view to style it.
  public enum Role: Sendable, Hashable {
    /// Leaves things as they were.
    case cancel
    /// Destroys something (data, a meeting in progress).
    case destructive
  }

  /// What kind of choice this is; `nil` for an ordinary one.
  public var role: Role?
  /// The action the button sends, or `nil` when it only dismisses the alert.
  public var action: Action?
  /// The button's text.
  public var label: String

  /// A button showing `label` that sends `action` (or only dismisses, when `action` is `nil`).
  public init(role: Role? = nil, action: Action? = nil, label: String) {
    self.role = role
    self.action = action
    self.label = label
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
