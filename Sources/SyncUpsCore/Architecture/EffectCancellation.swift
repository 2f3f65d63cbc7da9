extension Effect {
  /// The same work, cancellable with ``cancel(id:)``. With `cancelInFlight`, work already
  /// running under `id` is cancelled first, so at most one runs at a time.
  ///
  /// ```swift
  /// enum CancelID { case search }
  ///
  /// case .queryChanged(let query):
  ///   return .run { send in await send(.results(try await search(query))) }
  ///     .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// Ids are local to a feature's navigation context: the same id in two presented children,
  /// or in a parent and its presented child, names different work.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    let id = EffectID(id)
    var items = self.items.map { item -> Item in
      guard case .run(var run) = item else { return item }
      run.ids.insert(id)
      return .run(run)
    }
    if cancelInFlight {
      items.insert(.cancel(EffectCancellation(id: id)), at: 0)
    }
    return Effect(items: items)
  }

  /// Cancels the work started with ``cancellable(id:cancelInFlight:)`` under `id`; its task is
  /// cancelled at once and the actions it sends from then on are dropped.
  ///
  /// ```swift
  /// case .stopTapped:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(items: [.cancel(EffectCancellation(id: EffectID(id)))])
  }
}
