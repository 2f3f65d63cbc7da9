/// How one action is put into and taken out of another: the enum-case counterpart of a key path.
///
/// A parent action usually has a case per child. Describe it once, next to the enum, with the
/// case itself as `embed` and a pattern match as `extract` (a static property cannot share the
/// case's name, hence the `Path` suffix):
///
/// ```swift
/// enum Action {
///   case counter(Counter.Action)
///   case closeTapped
///
///   static let counterPath = ActionPath(
///     embed: Action.counter,
///     extract: { if case .counter(let action) = $0 { action } else { nil } }
///   )
/// }
///
/// Action.counterPath.embed(.incrementTapped)   // .counter(.incrementTapped)
/// Action.counterPath.extract(.closeTapped)     // nil
/// ```
public struct ActionPath<Root, Value>: Sendable {
  /// Wraps a child value in the root: `Action.counterPath.embed(.incrementTapped)`.
  public let embed: @Sendable (Value) -> Root
  /// The child value, if `root` holds one: `Action.counterPath.extract(.closeTapped)` is `nil`.
  public let extract: @Sendable (Root) -> Value?

  /// A path from its two directions.
  ///
  /// ```swift
  /// ActionPath(embed: Action.counter, extract: { if case .counter(let a) = $0 { a } else { nil } })
  /// ```
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// This path followed by `path`, reaching a grandchild.
  ///
  /// ```swift
  /// let increment = Action.counterPath.appending(path: Counter.Action.incrementPath)
  /// ```
  public func appending<Leaf>(path: ActionPath<Value, Leaf>) -> ActionPath<Root, Leaf> {
    ActionPath<Root, Leaf>(
      embed: { self.embed(path.embed($0)) },
      extract: { self.extract($0).flatMap(path.extract) }
    )
  }
}
