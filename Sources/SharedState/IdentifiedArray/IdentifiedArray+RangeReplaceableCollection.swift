/// With identifiable elements an identified array is range-replaceable, so that generic code
/// written for `RangeReplaceableCollection` (`removeFirst()`, `insert(contentsOf:at:)`, …) works
/// on it. Every insertion goes through `replaceSubrange(_:with:)`, where a duplicate id is a
/// precondition failure. The array's own `append(_:)` and `insert(_:at:)`, which skip a
/// duplicate and report it, are still the ones called on an identified array directly.
///
/// ```swift
/// func dropOldest<C: RangeReplaceableCollection>(_ items: inout C) { items.removeFirst() }
/// dropOldest(&todos)
/// ```
extension IdentifiedArray: RangeReplaceableCollection
where Element: Identifiable, ID == Element.ID {}
