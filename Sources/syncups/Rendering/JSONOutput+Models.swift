import SyncUpsCore

// The JSON shapes documented in syncups(1) (``ManPageReference``): sync-ups, meetings,
// themes and settings. Keys are stable; later versions may only add keys. The sync-up shapes
// are written to a ``JSONSink``, so that `list --json` streams the very bytes of the tree the
// other commands print.
extension JSONSink {
  /// An array of sync-up objects, in list order (`list`).
  mutating func syncUps(_ syncUps: some Collection<SyncUp>) {
    array(syncUps) { $0.syncUp($1) }
  }

  /// A sync-up object: `id`, `title`, `theme`, `duration` (whole seconds),
  /// `durationPerAttendee` (seconds, possibly with a fraction: `duration` divided by the
  /// number of attendees, or `duration` when there are none), `attendees` (`id`, `name`) and
  /// `meetings` (newest first).
  mutating func syncUp(_ syncUp: SyncUp) {
    beginObject()
    key("attendees")
    array(syncUp.attendees.elements) { $0.attendee($1) }
    key("duration")
    int(syncUp.duration)
    key("durationPerAttendee")
    double(Double(syncUp.duration) / Double(max(syncUp.attendees.count, 1)))
    key("id")
    uuid(syncUp.id)
    key("meetings")
    meetings(syncUp.meetings.elements)
    key("theme")
    string(syncUp.theme.rawValue)
    key("title")
    string(syncUp.title)
    endObject()
  }

  /// An attendee object: `id`, `name`.
  mutating func attendee(_ attendee: Attendee) {
    beginObject()
    key("id")
    uuid(attendee.id)
    key("name")
    string(attendee.name)
    endObject()
  }

  /// An array of meeting objects, in the order given (newest first for `meetings`).
  mutating func meetings(_ meetings: some Collection<Meeting>) {
    array(meetings) { $0.meeting($1) }
  }

  /// A meeting object: `id`, `date` (ISO 8601 UTC, whole seconds), `transcript`; and, for a
  /// meeting that recorded them, `started`, `duration`, `plannedDuration` (whole seconds),
  /// `endedEarly`, `attendees` (`id`, `name`, `absent`) and `turns` (`attendee`, `name`,
  /// `seconds`, `slot`). A key the meeting has no value for is left out.
  mutating func meeting(_ meeting: Meeting) {
    beginObject()
    if let attendees = meeting.attendees {
      key("attendees")
      array(attendees) { sink, attendee in
        sink.beginObject()
        sink.key("absent")
        sink.bool(attendee.absent)
        sink.key("id")
        sink.uuid(attendee.id)
        sink.key("name")
        sink.string(attendee.name)
        sink.endObject()
      }
    }
    key("date")
    date(meeting.date)
    optional("duration", meeting.duration) { $0.int($1) }
    optional("endedEarly", meeting.endedEarly) { $0.bool($1) }
    key("id")
    uuid(meeting.id)
    optional("plannedDuration", meeting.plannedDuration) { $0.int($1) }
    optional("started", meeting.started) { $0.date($1) }
    key("transcript")
    string(meeting.transcript)
    if let turns = meeting.turns {
      key("turns")
      array(turns) { sink, turn in
        sink.beginObject()
        sink.key("attendee")
        sink.uuid(turn.attendee)
        sink.key("name")
        sink.string(turn.name)
        sink.key("seconds")
        sink.int(turn.seconds)
        sink.key("slot")
        sink.int(turn.slot)
        sink.endObject()
      }
    }
    endObject()
  }

  /// The member `name` when `value` is there; nothing otherwise.
  private mutating func optional<Value>(
    _ name: String, _ value: Value?, _ write: (inout Self, Value) -> Void
  ) {
    guard let value else { return }
    key(name)
    write(&self, value)
  }

  private mutating func array<Elements: Collection>(
    _ elements: Elements, _ writeElement: (inout Self, Elements.Element) -> Void
  ) {
    beginArray()
    for element in elements { writeElement(&self, element) }
    endArray()
  }
}

extension JSONOutput {
  /// ``JSONSink/syncUp(_:)`` as a tree.
  static func syncUp(_ syncUp: SyncUp) -> JSONOutput {
    JSONTreeBuilder.build { $0.syncUp(syncUp) }
  }

  /// ``JSONSink/syncUps(_:)`` as a tree.
  static func syncUps(_ syncUps: some Collection<SyncUp>) -> JSONOutput {
    JSONTreeBuilder.build { $0.syncUps(syncUps) }
  }

  /// ``JSONSink/attendee(_:)`` as a tree.
  static func attendee(_ attendee: Attendee) -> JSONOutput {
    JSONTreeBuilder.build { $0.attendee(attendee) }
  }

  /// ``JSONSink/meeting(_:)`` as a tree.
  static func meeting(_ meeting: Meeting) -> JSONOutput {
    JSONTreeBuilder.build { $0.meeting(meeting) }
  }

  /// ``JSONSink/meetings(_:)`` as a tree.
  static func meetings(_ meetings: some Collection<Meeting>) -> JSONOutput {
    JSONTreeBuilder.build { $0.meetings(meetings) }
  }

  /// A theme object: `name`, `displayName`, `hex`, `textColor`.
  static func theme(_ theme: Theme) -> JSONOutput {
    .object([
      "name": .string(theme.rawValue),
      "displayName": .string(theme.displayName),
      "hex": .string(theme.hex),
      "textColor": .string(theme.accentColor.rawValue),
    ])
  }

  /// The 16 theme objects in order (`themes`).
  static var themes: JSONOutput {
    .array(Theme.allCases.map(theme))
  }

  /// The settings object (`config list`): each setting under the name `config get|set|unset`
  /// take, with its value typed as ``configValue(_:for:)`` gives it.
  static func config(_ values: ConfigValues) -> JSONOutput {
    .object(
      Dictionary(
        uniqueKeysWithValues: ConfigKey.allCases.map { ($0.rawValue, configValue(values, for: $0)) }
      ))
  }

  /// One setting's value (`config get --json`): a boolean for `bell` and `overtime`, whole seconds for
  /// `default-duration`, the name for `color` and `default-theme`.
  static func configValue(_ values: ConfigValues, for key: ConfigKey) -> JSONOutput {
    switch key {
    case .bell: .bool(values.bell)
    case .color: .string(values.color.rawValue)
    case .defaultDuration: .int(values.defaultDuration)
    case .defaultTheme: .string(values.defaultTheme.rawValue)
    case .order: .string(values.order.rawValue)
    case .overtime: .bool(values.overtime)
    }
  }
}
