import SharedState

/// The top-level array of a sync-ups file, whose elements must have unique ids.
struct SyncUpList<Element: Decodable & Identifiable>: Decodable {
  /// The sync-ups, in file order.
  var syncUps: IdentifiedArrayOf<Element>

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    syncUps = try container.decodeUniqueElements(noun: "sync-up")
  }
}
