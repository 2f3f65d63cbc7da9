/// A coding key for a position in an array, so that errors can point at an element.
struct IndexCodingKey: CodingKey {
  let intValue: Int?
  let stringValue: String

  init(_ index: Int) {
    intValue = index
    stringValue = "Index \(index)"
  }

  init?(intValue: Int) {
    self.init(intValue)
  }

  init?(stringValue: String) {
    nil
  }
}
