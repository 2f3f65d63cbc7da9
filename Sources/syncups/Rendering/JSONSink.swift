#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a JSON shape of `JSONOutput+Models.swift` is written, value by value: the streaming
/// ``JSONTextWriter`` (`list --json`) or a ``JSONTreeBuilder`` (a ``JSONOutput`` to print).
/// Each shape is written once, against this protocol, so the two cannot drift apart.
///
/// Object members are given in key order, as the writer prints them as they come.
protocol JSONSink {
  mutating func beginArray()
  mutating func endArray()
  mutating func beginObject()
  mutating func endObject()
  /// An object member's key; its value comes next.
  mutating func key(_ name: String)
  mutating func bool(_ value: Bool)
  mutating func int(_ value: Int)
  mutating func double(_ value: Double)
  mutating func string(_ value: String)
  /// A UUID, as its upper-case `uuidString`.
  mutating func uuid(_ id: UUID)
  /// A date, as ``DateText/iso8601(_:)``.
  mutating func date(_ date: Date)
}
