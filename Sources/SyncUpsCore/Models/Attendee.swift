#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// A person who takes part in a sync-up and gets a speaking slot in its meetings.
///
/// ```swift
/// let attendee = Attendee(id: UUID(), name: "Blob")
/// ```
///
/// Stored as `{"id": "…", "name": "…"}`, plus `away` when they have time away,
/// `"gitAuthors": […]` when it has git identities and `zone` when it has one; other keys are kept in ``unknownKeys`` and
/// written back.
public struct Attendee: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// Identifies the attendee within its sync-up. Set only by decoding.
  public internal(set) var id: UUID
  /// The attendee's name; may be blank (the app keeps one blank attendee in an empty sync-up).
  public var name: String
  /// The days they are away, as announced, oldest first (as announced). Stored only when
  /// there are any.
  public var away: IdentifiedArrayOf<TimeAway> = []
  /// The git identities the attendee commits as, for their work card (``WorkCard``); when
  /// there are none, their ``name`` stands in (``isAuthor(_:)``). A merge keeps those either
  /// side added and drops those either removed (``FieldRule/set``).
  public var gitAuthors: GitAuthors
  /// The IANA name of the time zone they live in (`Asia/Kolkata`), used only to show them
  /// their local time of a meeting; nil when not given. Stored only when given.
  public var zone: String?
  /// When their name was last changed (``ChangeTimes``).
  public var changed = ChangeTimes()
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON]

  /// Creates an attendee.
  public init(
    id: UUID, name: String, gitAuthors: GitAuthors = [], unknownKeys: [String: UnknownJSON] = [:]
  ) {
    self.id = id
    self.name = name
    self.gitAuthors = gitAuthors
    self.unknownKeys = unknownKeys
  }

  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }
}

extension Attendee: StoredModel {
  public static let blank = Attendee(id: .blank, name: "")

  /// What stands for a blank name wherever a name is shown.
  public static let unnamed = "(no name)"

  public static func describe<Schema: ModelSchema<Attendee>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.list(
      "away", \.away,
      .byID(noun: "time away", removal: "cancelled") { "time away from \($0.from.longText)" })
    try schema.optional("changed", \.changed.unlessEmpty, .stamps)
    try schema.list("gitAuthors", \.gitAuthors, .set)
    try schema.field("id", \.id, .id)
    try schema.field("name", \.name, .value(describe: SyncUpMerger.nameText))
    try schema.optional("zone", \.zone, .value(describe: { $0 }))
  }
}

extension Attendee {
  /// Whether a commit by `author` (`Name <email>`, as git writes `%aN <%aE>`) is this
  /// attendee's: one of their git identities occurs in it (``GitAuthors/matches(_:)``); without
  /// any, the author's name is the attendee's whole name, ignoring case and runs of spaces, so
  /// `Cy` is not `Cy Dee`. A blank name is nobody's.
  ///
  /// ```swift
  /// Attendee(id: id, name: "Cy").isAuthor("cy <cy@example.com>")         // true
  /// Attendee(id: id, name: "Cy").isAuthor("Cy Dee <cy@example.com>")     // false
  /// ```
  public func isAuthor(_ author: some StringProtocol) -> Bool {
    if hasGitIdentity { return gitAuthors.matches(author) }
    let name = Self.comparableName(name)
    return !name.isEmpty && Self.comparableName(GitAuthors.name(of: author)) == name
  }

  /// Whether the attendee has git identities; without them, their commits are found by their
  /// name alone (``isAuthor(_:)``), which the work card says.
  public var hasGitIdentity: Bool { !gitAuthors.isEmpty }

  /// `name` in lower case with runs of white space made one space, and none at either end.
  private static func comparableName(_ name: some StringProtocol) -> String {
    name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

extension Collection<Attendee> {
  /// The attendees whose name another one has too, ignoring case, in groups in list order
  /// (each group in list order); blank names are no names. A name alone cannot tell those
  /// apart: only their ids can.
  ///
  /// ```swift
  /// attendees.map(\.name)                             // ["Blob", "Ana", "blob", "", " "]
  /// attendees.sharingNames.map { $0.map(\.name) }   // [["Blob", "blob"]]
  /// ```
  public var sharingNames: [[Attendee]] {
    var groups: [String: [Attendee]] = [:]
    var order: [String] = []
    for attendee in self where !attendee.name.isBlank {
      let key = attendee.name.lowercased()
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(attendee)
    }
    return order.compactMap { groups[$0] }.filter { $0.count > 1 }
  }
}
