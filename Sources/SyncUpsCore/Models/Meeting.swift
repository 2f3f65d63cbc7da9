#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A past meeting of a sync-up: when it took place and the notes taken during it.
///
/// ```swift
/// let meeting = Meeting(id: UUID(), date: Date(), transcript: "Blob: shipped it")
/// ```
///
/// Stored as `{"date": …, "id": "…", "transcript": "…"}`; how `date` is written depends on the
/// coder's date strategy (see ``SyncUpsFile``). Other keys are ignored when decoding.
public struct Meeting: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// Identifies the meeting within its sync-up.
  public let id: UUID
  /// When the meeting took place. Our file format keeps whole seconds only.
  public var date: Date
  /// The notes taken during the meeting, one `Name: text` line per note.
  public var transcript: String

  public init(id: UUID, date: Date, transcript: String) {
    self.id = id
    self.date = date
    self.transcript = transcript
  }
}
