#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where JSON output is written, value by value: the models' `--json` objects
/// (``StoredModel/show(to:)``) and the other JSON shapes the command line streams. Each shape is
/// written once, against this protocol.
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

/// Any ``JSONSink``, reached through a pointer: what the models' `--json` walks write to, so
/// that they are compiled once for each model, here, rather than left generic over the sink
/// of another module (where each value would go through the runtime's generic machinery).
public struct AnyJSONSink: JSONSink {
  private let base: UnsafeMutableRawPointer
  private let calls: any SinkCalls.Type

  /// The sink `pointer` points to, which must stay valid while this is used.
  init<Sink: JSONSink>(_ pointer: UnsafeMutablePointer<Sink>) {
    base = UnsafeMutableRawPointer(pointer)
    calls = TypedSinkCalls<Sink>.self
  }

  public mutating func beginArray() { calls.beginArray(base) }
  public mutating func endArray() { calls.endArray(base) }
  public mutating func beginObject() { calls.beginObject(base) }
  public mutating func endObject() { calls.endObject(base) }
  public mutating func key(_ name: String) { calls.key(base, name) }
  public mutating func bool(_ value: Bool) { calls.bool(base, value) }
  public mutating func int(_ value: Int) { calls.int(base, value) }
  public mutating func double(_ value: Double) { calls.double(base, value) }
  public mutating func string(_ value: String) { calls.string(base, value) }
  public mutating func uuid(_ id: UUID) { calls.uuid(base, id) }
  public mutating func date(_ date: Date) { calls.date(base, date) }
}

/// The calls of a ``JSONSink`` on a raw pointer to it.
private protocol SinkCalls {
  static func beginArray(_ sink: UnsafeMutableRawPointer)
  static func endArray(_ sink: UnsafeMutableRawPointer)
  static func beginObject(_ sink: UnsafeMutableRawPointer)
  static func endObject(_ sink: UnsafeMutableRawPointer)
  static func key(_ sink: UnsafeMutableRawPointer, _ name: String)
  static func bool(_ sink: UnsafeMutableRawPointer, _ value: Bool)
  static func int(_ sink: UnsafeMutableRawPointer, _ value: Int)
  static func double(_ sink: UnsafeMutableRawPointer, _ value: Double)
  static func string(_ sink: UnsafeMutableRawPointer, _ value: String)
  static func uuid(_ sink: UnsafeMutableRawPointer, _ id: UUID)
  static func date(_ sink: UnsafeMutableRawPointer, _ date: Date)
}

private enum TypedSinkCalls<Sink: JSONSink>: SinkCalls {
  static func typed(_ sink: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Sink> {
    sink.assumingMemoryBound(to: Sink.self)
  }

  static func beginArray(_ sink: UnsafeMutableRawPointer) { typed(sink).pointee.beginArray() }
  static func endArray(_ sink: UnsafeMutableRawPointer) { typed(sink).pointee.endArray() }
  static func beginObject(_ sink: UnsafeMutableRawPointer) { typed(sink).pointee.beginObject() }
  static func endObject(_ sink: UnsafeMutableRawPointer) { typed(sink).pointee.endObject() }
  static func key(_ sink: UnsafeMutableRawPointer, _ name: String) {
    typed(sink).pointee.key(name)
  }
  static func bool(_ sink: UnsafeMutableRawPointer, _ value: Bool) {
    typed(sink).pointee.bool(value)
  }
  static func int(_ sink: UnsafeMutableRawPointer, _ value: Int) {
    typed(sink).pointee.int(value)
  }
  static func double(_ sink: UnsafeMutableRawPointer, _ value: Double) {
    typed(sink).pointee.double(value)
  }
  static func string(_ sink: UnsafeMutableRawPointer, _ value: String) {
    typed(sink).pointee.string(value)
  }
  static func uuid(_ sink: UnsafeMutableRawPointer, _ id: UUID) { typed(sink).pointee.uuid(id) }
  static func date(_ sink: UnsafeMutableRawPointer, _ date: Date) {
    typed(sink).pointee.date(date)
  }
}
