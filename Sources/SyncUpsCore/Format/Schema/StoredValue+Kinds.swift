#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

// The kinds of value the stored models hold. Each says once how the file's reader and writer
// and `--json` handle it; the models' keys (``StoredModel/describe(_:)``) say which kind each
// key has.

/// An id: an upper-case UUID string.
extension UUID: StoredValue {
  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> UUID {
    try reader.readUUID()
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeQuotedUUID(self)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.uuid(self) }
}

/// Text: any string.
extension String: StoredValue {
  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> String {
    try reader.readString()
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeString(self)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.string(self) }
}

/// Whole seconds, or a count: a plain integer (the fast reader takes up to 15 digits).
extension Int: StoredValue {
  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> Int {
    try reader.readSeconds()
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeInteger(self)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.int(self) }
}

/// `true` or `false`.
extension Bool: StoredValue {
  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> Bool {
    try reader.readBool()
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeBool(self)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.bool(self) }
}

/// A moment: ISO 8601 in UTC, whole seconds (`2009-02-13T23:31:30Z`).
extension Date: StoredValue {
  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> Date {
    try reader.readDate()
  }

  public func write(to writer: inout SyncUpsWriter) throws(UnsupportedByFastWriter) {
    try writer.writeQuotedDate(self)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.date(self) }
}

/// A theme, by its case name.
extension Theme: StoredValue {
  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> Theme {
    try reader.readTheme()
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeString(rawValue)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.string(rawValue) }
}

/// A list of models, in order.
extension Array: StoredValue where Element: StoredModel {
  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> [Element] {
    try reader.readArray { (reader) throws(UnsupportedByFastReader) in
      try reader.readObject(Element.self)
    }
  }

  public func write(to writer: inout SyncUpsWriter) throws(UnsupportedByFastWriter) {
    try writer.writeArray(self)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) {
    sink.beginArray()
    for element in self { element.show(to: &sink) }
    sink.endArray()
  }
}

/// A list of models with ids unique within it, in order.
extension IdentifiedArray: StoredValue
where Element: StoredModel & Identifiable, Element.ID == UUID, ID == UUID {
  public static func read(
    from reader: inout SyncUpsReader
  ) throws(UnsupportedByFastReader) -> IdentifiedArray {
    try reader.readIdentifiedArray(of: Element.self)
  }

  public func write(to writer: inout SyncUpsWriter) throws(UnsupportedByFastWriter) {
    try writer.writeArray(elements)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) {
    elements.show(to: &sink)
  }
}

/// Short texts, in order: an array of strings (a written update's blockers).
public struct TextList: StoredValue, Hashable {
  /// The texts.
  public var texts: [String]

  public init(_ texts: [String]) {
    self.texts = texts
  }

  public init(from decoder: any Decoder) throws {
    texts = try decoder.singleValueContainer().decode([String].self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(texts)
  }

  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> TextList {
    TextList(
      try reader.readArray { (reader) throws(UnsupportedByFastReader) in try reader.readString() })
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeStrings(texts)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) {
    sink.beginArray()
    for text in texts { sink.string(text) }
    sink.endArray()
  }
}
