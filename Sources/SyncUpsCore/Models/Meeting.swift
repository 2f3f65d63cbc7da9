#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A past meeting of a sync-up: when it took place, the notes taken during it and, for a
/// meeting this version recorded, how it went.
///
/// ```swift
/// let meeting = Meeting(id: UUID(), date: Date(), transcript: "Blob: shipped it")
/// ```
///
/// Stored as `{"date": …, "id": "…", "transcript": "…"}`, the SyncUps app's keys, plus the
/// record's keys `started`, `scheduled`, `facilitator`, `duration`, `plannedDuration`,
/// `endedEarly`, `attendees` and `turns` when it has them: each is optional, `nil` in meetings saved before they existed
/// and in imports of the app's file, and written only when present. How dates are written
/// depends on the coder's date strategy (see ``SyncUpsFile``). Other keys are kept in
/// ``unknownKeys`` and written back.
public struct Meeting: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// Identifies the meeting within its sync-up. Set only by decoding.
  public internal(set) var id: UUID
  /// When the meeting took place. Our file format keeps whole seconds only.
  public var date: Date
  /// The notes taken during the meeting, one `Name: text` line per note.
  public var transcript: String
  /// When the meeting started.
  public var started: Date? {
    get { extras?.value.started }
    set { updateExtras { $0.started = newValue } }
  }
  /// The instant the sync-up's schedule planned the meeting for, when it started within
  /// ``Schedule/punctualityWindow`` of one (see ``Schedule/occurrence(nearest:)``).
  public var scheduled: Date? {
    get { extras?.value.scheduled }
    set { updateExtras { $0.scheduled = newValue } }
  }

  /// Who facilitated the meeting (``Facilitator``): the sync-up's rota's, or the one named
  /// when it started; nil when nobody was.
  public var facilitator: Facilitator? {
    get { extras?.value.facilitator }
    set { updateExtras { $0.facilitator = newValue } }
  }
  /// How long the meeting actually ran, in whole seconds, pauses excluded.
  public var duration: Int? {
    get { extras?.value.duration }
    set { updateExtras { $0.duration = newValue } }
  }
  /// The sync-up's length when the meeting was held, in seconds.
  public var plannedDuration: Int? {
    get { extras?.value.plannedDuration }
    set { updateExtras { $0.plannedDuration = newValue } }
  }
  /// Whether the meeting was ended before every attendee had spoken.
  public var endedEarly: Bool? {
    get { extras?.value.endedEarly }
    set { updateExtras { $0.endedEarly = newValue } }
  }
  /// Everyone on the sync-up when the meeting was held, in the order they were called.
  public var attendees: [MeetingAttendee]? {
    get { extras?.value.attendees }
    set { updateExtras { $0.attendees = newValue } }
  }
  /// Who spoke and for how long, in speaking order.
  public var turns: [Turn]? {
    get { extras?.value.turns }
    set { updateExtras { $0.turns = newValue } }
  }
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON] {
    get { extras?.value.unknownKeys ?? [:] }
    set { updateExtras { $0.unknownKeys = newValue } }
  }

  /// The record and the unknown keys, kept out of line: most meetings have neither, and a
  /// large file's meetings take little more memory than before records existed. `nil` when
  /// all are absent, so that equal meetings have equal storage.
  private var extras: ExtrasBox?

  /// What a meeting holds beside the app's keys.
  private struct Extras: Hashable, Sendable {
    var started: Date?
    var scheduled: Date?
    var facilitator: Facilitator?
    var duration: Int?
    var plannedDuration: Int?
    var endedEarly: Bool?
    var attendees: [MeetingAttendee]?
    var turns: [Turn]?
    var unknownKeys: [String: UnknownJSON] = [:]

    var isEmpty: Bool {
      started == nil && scheduled == nil && facilitator == nil && duration == nil && plannedDuration == nil && endedEarly == nil
        && attendees == nil && turns == nil && unknownKeys.isEmpty
    }
  }

  /// A box changed in place only while one meeting holds it, and replaced whole otherwise,
  /// so that meetings stay values (and decoding a record's keys one by one allocates once).
  private final class ExtrasBox: Hashable, @unchecked Sendable {
    var value: Extras

    init(_ value: Extras) {
      self.value = value
    }

    static func == (lhs: ExtrasBox, rhs: ExtrasBox) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
  }

  private mutating func updateExtras(_ change: (inout Extras) -> Void) {
    if isKnownUniquelyReferenced(&extras), let box = extras {
      change(&box.value)
      if box.value.isEmpty { extras = nil }
      return
    }
    var value = extras?.value ?? Extras()
    change(&value)
    extras = value.isEmpty ? nil : ExtrasBox(value)
  }

  public init(
    id: UUID,
    date: Date,
    transcript: String,
    started: Date? = nil,
    scheduled: Date? = nil,
    facilitator: Facilitator? = nil,
    duration: Int? = nil,
    plannedDuration: Int? = nil,
    endedEarly: Bool? = nil,
    attendees: [MeetingAttendee]? = nil,
    turns: [Turn]? = nil,
    unknownKeys: [String: UnknownJSON] = [:]
  ) {
    self.id = id
    self.date = date
    self.transcript = transcript
    let extras = Extras(
      started: started, scheduled: scheduled, facilitator: facilitator, duration: duration, plannedDuration: plannedDuration,
      endedEarly: endedEarly, attendees: attendees, turns: turns, unknownKeys: unknownKeys)
    self.extras = extras.isEmpty ? nil : ExtrasBox(extras)
  }

  /// How many notes the transcript holds: its lines that are not blank (a meeting writes one
  /// line per note; an imported transcript may hold blank ones).
  public var noteCount: Int {
    transcript.split(whereSeparator: \.isNewline).count { !$0.isBlank }
  }

  /// Whether the meeting, its attendees or its turns hold keys this version does not know.
  public var holdsUnknownKeys: Bool {
    !unknownKeys.isEmpty || attendees?.contains { !$0.unknownKeys.isEmpty } == true
      || turns?.contains { !$0.unknownKeys.isEmpty } == true
      || facilitator?.unknownKeys.isEmpty == false
  }

  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }
}

extension Meeting: StoredModel {
  public static let blank = Meeting(
    id: .blank, date: Date(timeIntervalSinceReferenceDate: 0), transcript: "")

  public static func describe<Schema: ModelSchema<Meeting>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.optional("attendees", \.attendees, .value { "a list of \($0.count)" })
    try schema.field("date", \.date, .value(describe: DateText.iso8601))
    try schema.optional("duration", \.duration, .value(describe: DurationText.compact))
    try schema.optional("endedEarly", \.endedEarly, .value { $0 ? "yes" : "no" })
    try schema.optional(
      "facilitator", \.facilitator, .value { SyncUpMerger.nameText($0.name) })
    try schema.field("id", \.id, .id)
    try schema.optional(
      "plannedDuration", \.plannedDuration, .value(describe: DurationText.compact))
    try schema.optional("scheduled", \.scheduled, .value(describe: DateText.iso8601))
    try schema.optional("started", \.started, .value(describe: DateText.iso8601))
    try schema.field("transcript", \.transcript, .value(describe: SyncUpMerger.excerpt))
    try schema.optional("turns", \.turns, .value { "a list of \($0.count)" })
  }
}

/// Someone who was on a sync-up when one of its meetings was held: stored in the meeting as
/// `{"absent": …, "id": "…", "name": "…"}`, other keys kept in ``unknownKeys``.
public struct MeetingAttendee: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// The attendee's id on the sync-up. Set only by decoding.
  public internal(set) var id: UUID
  /// The attendee's name at the time.
  public var name: String
  /// Whether the attendee missed the meeting.
  public var absent: Bool
  /// Keys a later version wrote that this one does not know, with their values.
  public var unknownKeys: [String: UnknownJSON]

  public init(id: UUID, name: String, absent: Bool, unknownKeys: [String: UnknownJSON] = [:]) {
    self.id = id
    self.name = name
    self.absent = absent
    self.unknownKeys = unknownKeys
  }

  public init(from decoder: any Decoder) throws {
    self = try Self.decodeFields(from: decoder)
  }

  public func encode(to encoder: any Encoder) throws {
    try encodeFields(to: encoder)
  }
}

extension MeetingAttendee: StoredModel {
  public static let blank = MeetingAttendee(id: .blank, name: "", absent: false)

  public static func describe<Schema: ModelSchema<MeetingAttendee>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.field("absent", \.absent, .value { $0 ? "yes" : "no" })
    try schema.field("id", \.id, .id)
    try schema.field("name", \.name, .value(describe: SyncUpMerger.nameText))
  }
}

extension Meeting.Turn: StoredModel {
  public static let blank = Meeting.Turn(
    attendee: .blank, name: "", seconds: 0, slot: 0)

  public static func describe<Schema: ModelSchema<Meeting.Turn>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.field("attendee", \.attendee, .value(describe: \.uuidString))
    try schema.field("name", \.name, .value(describe: SyncUpMerger.nameText))
    try schema.field("seconds", \.seconds, .value(describe: DurationText.compact))
    try schema.field("slot", \.slot, .value(describe: DurationText.compact))
    try schema.optional("warned", \.warned, .value(describe: \.rawValue))
  }
}

/// A cue phase, by its name.
extension CuePhase: StoredValue {
  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader) -> CuePhase {
    CuePhase(rawValue: try reader.readString())
  }

  public func write(to writer: inout SyncUpsWriter) {
    writer.writeString(rawValue)
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) { sink.string(rawValue) }
}

extension Meeting {
  /// One attendee's turn to speak: stored as
  /// `{"attendee": "…", "name": "…", "seconds": …, "slot": …}`, other keys kept in
  /// ``unknownKeys``.
  public struct Turn: Codable, Equatable, Hashable, Sendable {
    /// The id of the attendee who spoke.
    public var attendee: UUID
    /// The attendee's name at the time.
    public var name: String
    /// How long the attendee actually spoke, in whole seconds.
    public var seconds: Int
    /// How long the attendee's slot was, in whole seconds.
    public var slot: Int
    /// The last cue the turn reached (see ``CuePhase``); nil when it reached none, or was
    /// saved before cues existed.
    public var warned: CuePhase?
    /// Keys a later version wrote that this one does not know, with their values.
    public var unknownKeys: [String: UnknownJSON]

    public init(
      attendee: UUID, name: String, seconds: Int, slot: Int, warned: CuePhase? = nil,
      unknownKeys: [String: UnknownJSON] = [:]
    ) {
      self.attendee = attendee
      self.name = name
      self.seconds = seconds
      self.slot = slot
      self.warned = warned
      self.unknownKeys = unknownKeys
    }

    /// The seconds spoken past the slot; 0 for a turn within it.
    public var overtime: Int { max(seconds - slot, 0) }

    public init(from decoder: any Decoder) throws {
      self = try Self.decodeFields(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
      try encodeFields(to: encoder)
    }
  }
}

extension Meeting {
  /// Who facilitated a meeting: stored as `{"attendee": "…", "name": "…"}`, as a turn names
  /// its speaker, other keys kept in ``unknownKeys``.
  public struct Facilitator: Codable, Equatable, Hashable, Sendable {
    /// The id of the attendee who facilitated.
    public var attendee: UUID
    /// The attendee's name at the time.
    public var name: String
    /// Keys a later version wrote that this one does not know, with their values.
    public var unknownKeys: [String: UnknownJSON]

    public init(attendee: UUID, name: String, unknownKeys: [String: UnknownJSON] = [:]) {
      self.attendee = attendee
      self.name = name
      self.unknownKeys = unknownKeys
    }

    /// The facilitator `attendee`, by their id and present name.
    public init(_ attendee: Attendee) {
      self.init(attendee: attendee.id, name: attendee.name)
    }

    public init(from decoder: any Decoder) throws {
      self = try Self.decodeFields(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
      try encodeFields(to: encoder)
    }
  }
}

extension Meeting.Facilitator: StoredModel, StoredValue {
  public static let blank = Meeting.Facilitator(attendee: .blank, name: "")

  public static func describe<Schema: ModelSchema<Meeting.Facilitator>>(
    _ schema: inout Schema
  ) throws(Schema.Failure) {
    try schema.field("attendee", \.attendee, .value(describe: \.uuidString))
    try schema.field("name", \.name, .value(describe: SyncUpMerger.nameText))
  }

  public static func read(
    from reader: inout SyncUpsReader
  ) throws(UnsupportedByFastReader) -> Meeting.Facilitator {
    try reader.readObject(Meeting.Facilitator.self)
  }

  public func write(to writer: inout SyncUpsWriter) throws(UnsupportedByFastWriter) {
    try writer.writeObject(self)
  }
}
