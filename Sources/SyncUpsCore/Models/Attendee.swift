#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A person who takes part in a sync-up and gets a speaking slot in its meetings.
///
/// ```swift
/// let attendee = Attendee(id: UUID(), name: "Blob")
/// ```
///
/// Stored as `{"id": "…", "name": "…"}`; other keys are ignored when decoding.
public struct Attendee: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// Identifies the attendee within its sync-up.
  public let id: UUID
  /// The attendee's name; may be blank (the app keeps one blank attendee in an empty sync-up).
  public var name: String

  /// Creates an attendee.
  public init(id: UUID, name: String) {
    self.id = id
    self.name = name
  }
}
