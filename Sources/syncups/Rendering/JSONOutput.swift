import SyncUpsCore

/// A JSON document, built from the data a command prints with `--json` (see
/// ``JSONOutput/syncUp(_:)`` and its siblings) and written by ``JSONOutput/text(pretty:)``.
///
/// ```swift
/// let value: JSONOutput = .object(["title": .string("Design"), "duration": .int(300)])
/// value.text(pretty: false)  // "{\"duration\":300,\"title\":\"Design\"}\n"
/// ```
///
/// Output only, and unrelated to SharedState's `JSONValue` (the settings file's values). Every
/// JSON document the command line prints, tree or stream, is written by one writer,
/// ``JSONTextWriter``.
enum JSONOutput: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  /// A number that may have a fraction.
  case double(Double)
  case string(String)
  case array([JSONOutput])
  /// An object; written with its keys sorted.
  case object([String: JSONOutput])
  /// A stored model's object, as the model shows itself (``StoredModel/show(to:)``).
  case model(ShownModel)
}

/// A stored model held in a ``JSONOutput``, to be written as it shows itself, with members
/// of a command's own after its keys (`meeting show`'s items, say).
struct ShownModel: Sendable, Equatable {
  let model: any StoredModel
  /// Written after the model's keys, sorted by key; the model has none of these keys.
  let members: [String: JSONOutput]

  init(_ model: some StoredModel, adding members: [String: JSONOutput] = [:]) {
    self.model = model
    self.members = members
  }

  static func == (lhs: ShownModel, rhs: ShownModel) -> Bool {
    func isEqual<Model: StoredModel>(_ model: Model) -> Bool { (rhs.model as? Model) == model }
    return isEqual(lhs.model) && lhs.members == rhs.members
  }
}
