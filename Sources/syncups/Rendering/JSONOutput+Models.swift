import SyncUpsCore

/// The JSON shapes documented in syncups(1) (``ManPageReference``): sync-ups, meetings,
/// themes and settings. Keys are stable; later versions may only add keys.
///
/// ```swift
/// print(JSONOutput.syncUps(syncUps).text(), terminator: "")  // list --json
/// ```
extension JSONOutput {
  /// A sync-up object: `id`, `title`, `theme`, `duration` (whole seconds),
  /// `durationPerAttendee` (seconds, possibly with a fraction: `duration` divided by the
  /// number of attendees, or `duration` when there are none), `attendees` (`id`, `name`) and
  /// `meetings` (newest first).
  static func syncUp(_ syncUp: SyncUp) -> JSONOutput {
    let perAttendee = Double(syncUp.duration) / Double(max(syncUp.attendees.count, 1))
    return .object([
      "id": .string(syncUp.id.uuidString),
      "title": .string(syncUp.title),
      "theme": .string(syncUp.theme.rawValue),
      "duration": .int(syncUp.duration),
      "durationPerAttendee": .double(perAttendee),
      "attendees": .array(syncUp.attendees.map(attendee)),
      "meetings": .array(syncUp.meetings.map(meeting)),
    ])
  }

  /// An array of sync-up objects, in list order (`list`).
  static func syncUps(_ syncUps: some Collection<SyncUp>) -> JSONOutput {
    .array(syncUps.map(syncUp))
  }

  /// An attendee object: `id`, `name`.
  static func attendee(_ attendee: Attendee) -> JSONOutput {
    .object(["id": .string(attendee.id.uuidString), "name": .string(attendee.name)])
  }

  /// A meeting object: `id`, `date` (ISO 8601 UTC, whole seconds), `transcript`.
  static func meeting(_ meeting: Meeting) -> JSONOutput {
    .object([
      "id": .string(meeting.id.uuidString),
      "date": .string(DateText.iso8601(meeting.date)),
      "transcript": .string(meeting.transcript),
    ])
  }

  /// An array of meeting objects, in the order given (newest first for `meetings`).
  static func meetings(_ meetings: some Collection<Meeting>) -> JSONOutput {
    .array(meetings.map(meeting))
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

  /// One setting's value (`config get --json`): a boolean for `bell`, whole seconds for
  /// `default-duration`, the name for `color` and `default-theme`.
  static func configValue(_ values: ConfigValues, for key: ConfigKey) -> JSONOutput {
    switch key {
    case .bell: .bool(values.bell)
    case .color: .string(values.color.rawValue)
    case .defaultDuration: .int(values.defaultDuration)
    case .defaultTheme: .string(values.defaultTheme.rawValue)
    }
  }
}
