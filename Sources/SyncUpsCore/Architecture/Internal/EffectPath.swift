/// Where an effect was started: the scopes (`Scope`, `ifLet`, `forEach`) between the store's
/// reducer and the reducer that returned it, outermost first.
///
/// Cancellation ids are matched within one navigation context (the `ifLet` and `forEach`
/// components), so two presented children with the same ids never cancel each other; the full
/// path tells which effects belong to a child that is dismissed.
package struct EffectPath: Hashable, Sendable {
  /// One scope: a key path, or a key path and a stack element id.
  package struct Component: Hashable, @unchecked Sendable {
    // Only immutable, `Sendable` or key-path values are stored here.
    let key: AnyHashable
    /// Whether the scope is a navigation destination (`ifLet`, `forEach`) rather than a
    /// plain `Scope`.
    let isNavigation: Bool

    /// The scope `key` (a key path, or a key path and a stack element id).
    package init(key: AnyHashable, isNavigation: Bool) {
      self.key = key
      self.isNavigation = isNavigation
    }
  }

  private(set) var components: [Component] = []

  /// The path with `component` added at the outer end.
  func inside(_ component: Component) -> EffectPath {
    var path = self
    path.components.insert(component, at: 0)
    return path
  }

  /// The navigation components alone.
  var navigation: [Component] {
    components.filter(\.isNavigation)
  }

  /// Whether this path is `prefix` or lies inside it.
  func hasPrefix(_ prefix: EffectPath) -> Bool {
    components.starts(with: prefix.components)
  }
}

/// A cancellation id given to ``Effect/cancellable(id:cancelInFlight:)``.
struct EffectID: Hashable, @unchecked Sendable {
  // Built only from `Hashable & Sendable` values.
  let base: AnyHashable

  init(_ base: some Hashable & Sendable) {
    self.base = AnyHashable(base)
  }
}

/// Which running effects a cancel item stops.
package struct EffectCancellation: Sendable {
  /// The id to match, or `nil` for every effect at or inside `path`.
  var id: EffectID?
  /// Where the cancel was returned.
  var path = EffectPath()

  /// Whether an effect started at `runPath` with `runIDs` is stopped by this cancellation.
  func matches(path runPath: EffectPath, ids runIDs: Set<EffectID>) -> Bool {
    guard let id else { return runPath.hasPrefix(path) }
    return runIDs.contains(id) && runPath.navigation == path.navigation
  }
}
