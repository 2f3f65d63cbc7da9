#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where JSON output is written, value by value: the models' `--json` objects
/// (``StoredModel/show(to:)``) and every other JSON shape the command line prints. Each shape is
/// written once, against this protocol, whether it streams out as text or becomes a tree.
///
/// Object members are given in key order, as the writer prints them as they come.
public protocol JSONSink {
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
