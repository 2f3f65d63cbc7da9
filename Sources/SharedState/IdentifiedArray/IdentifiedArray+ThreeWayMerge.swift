extension IdentifiedArray where Element: Equatable {
  /// Merges two versions of an identified array that were edited separately from a common
  /// base, element by element by id, never by position.
  ///
  /// ```swift
  /// let base: IdentifiedArrayOf<Todo> = [
  ///   Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Dog"), Todo(id: 3, title: "Read"),
  /// ]
  /// let ours: IdentifiedArrayOf<Todo> = [
  ///   Todo(id: 1, title: "Oat milk"), Todo(id: 2, title: "Dog"), Todo(id: 3, title: "Read"),
  /// ]
  /// let theirs: IdentifiedArrayOf<Todo> = [
  ///   Todo(id: 2, title: "Walk dog"), Todo(id: 4, title: "Cook"),
  /// ]
  /// let merged = IdentifiedArray.threeWayMerge(base: base, ours: ours, theirs: theirs) {
  ///   _, ours, _ in ours  // both changed a todo differently: keep ours
  /// } keptChange: { kept, _, removedBy in
  ///   print("\(removedBy) removed '\(kept.title)', changed on the other side: kept")
  /// }
  /// merged.map(\.title)  // ["Oat milk", "Walk dog", "Cook"]
  /// // prints "theirs removed 'Oat milk', changed on the other side: kept"
  /// ```
  ///
  /// The rules, by id:
  /// - added on either side: kept. Added on both: kept once, as `mergeChanges` makes it from
  ///   the two (with no base) unless the two are equal;
  /// - removed on one side and unchanged on the other: removed;
  /// - removed on one side and changed on the other: kept as changed, and `keptChange` is
  ///   told which side removed it, so that the caller can report it;
  /// - changed on one side only: that side's element;
  /// - changed on both sides to equal elements: that element; to different ones:
  ///   `mergeChanges(base, ours, theirs)` makes the element to keep (it may merge the parts
  ///   and record what conflicted), and must keep the id.
  ///
  /// The order: the elements follow ours, unless ours kept the base's order of the elements it
  /// shares with the base and theirs did not, in which case they follow theirs; so a side's
  /// reordering is kept when the other side did not reorder. The elements that the followed
  /// side lacks (the other side's additions, and elements kept after a removal) each go right
  /// before the nearest element after them on their own side that the followed side holds (at
  /// the end if there is none), in their own side's order: so what both sides appended ends up
  /// at the end, ours first.
  ///
  /// The result depends on the three arrays only; the closures are called in the order of the
  /// result, at most once per element. O(n) comparisons of elements, with n the elements of all
  /// three arrays. The result reads ids as `ours` does.
  public static func threeWayMerge(
    base: IdentifiedArray,
    ours: IdentifiedArray,
    theirs: IdentifiedArray,
    mergeChanges: (_ base: Element?, _ ours: Element, _ theirs: Element) -> Element,
    keptChange: (_ kept: Element, _ base: Element, _ removedBy: ThreeWaySide) -> Void = {
      _, _, _ in
    }
  ) -> IdentifiedArray {
    let order = mergedOrder(base: base, ours: ours, theirs: theirs)
    var elements: [Element] = []
    elements.reserveCapacity(order.count)
    for id in order {
      let baseElement = base[id: id]
      switch (ours[id: id], theirs[id: id]) {
      case (let ourElement?, let theirElement?):
        switch ThreeWayChange(base: baseElement, ours: ourElement, theirs: theirElement) {
        case .same(let element), .changed(_, let element):
          elements.append(element)
        case .conflict(let ourElement, let theirElement):
          let merged = mergeChanges(baseElement, ourElement, theirElement)
          ours._checkID(ours._id(merged), equals: id)
          elements.append(merged)
        }
      case (let ourElement?, nil):
        if let baseElement { keptChange(ourElement, baseElement, .theirs) }
        elements.append(ourElement)
      case (nil, let theirElement?):
        if let baseElement { keptChange(theirElement, baseElement, .ours) }
        elements.append(theirElement)
      case (nil, nil):
        preconditionFailure("merged order holds an id neither side has")
      }
    }
    return IdentifiedArray(_validElements: elements, id: ours._id)
  }

  /// The ids of the merged array, in order (see `threeWayMerge`).
  private static func mergedOrder(
    base: IdentifiedArray, ours: IdentifiedArray, theirs: IdentifiedArray
  ) -> [ID] {
    let followsTheirs = keepsOrder(of: base, in: ours) && !keepsOrder(of: base, in: theirs)
    let (followed, other) = followsTheirs ? (theirs, ours) : (ours, theirs)

    // Whether an element one side has and the other lacks stays: it was added, or it was
    // changed where the other side removed it.
    func survives(_ element: Element, id: ID) -> Bool {
      guard let baseElement = base[id: id] else { return true }
      return baseElement != element
    }

    // The other side's elements that the followed side lacks, grouped under the nearest
    // element after them that the followed side holds (nil: the end), in reverse order.
    var placedBefore: [ID?: [ID]] = [:]
    var anchor: ID?
    for element in other._elements.reversed() {
      let id = other._id(element)
      if followed.contains(id: id) {
        anchor = id
      } else if survives(element, id: id) {
        placedBefore[anchor, default: []].append(id)
      }
    }

    var order: [ID] = []
    order.reserveCapacity(followed.count + placedBefore.values.reduce(0) { $0 + $1.count })
    for element in followed._elements {
      let id = followed._id(element)
      guard other.contains(id: id) || survives(element, id: id) else { continue }
      if let group = placedBefore[id] { order.append(contentsOf: group.reversed()) }
      order.append(id)
    }
    order.append(contentsOf: (placedBefore[nil] ?? []).reversed())
    return order
  }

  /// Whether `side` holds the elements it shares with `base` in the base's relative order.
  private static func keepsOrder(of base: IdentifiedArray, in side: IdentifiedArray) -> Bool {
    var previous = -1
    for element in side._elements {
      guard let offset = base.index(id: side._id(element)) else { continue }
      if offset < previous { return false }
      previous = offset
    }
    return true
  }
}
