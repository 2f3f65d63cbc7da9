import SyncUpsCore

// The JSON shapes documented in syncups(1) (``ManPageReference``): sync-ups, meetings,
// themes and settings. Keys are stable; later versions may only add keys. The stored models'
// shapes are their keys as they declare them (``StoredModel/show(to:)``), written to a
// ``JSONSink``, so that `list --json` streams the very bytes of the tree the other commands
// print, all of it by one writer.
extension JSONSink {
  /// An array of sync-up objects, in list order (`list`).
  mutating func syncUps(_ syncUps: some Collection<SyncUp>) {
    beginArray()
    for syncUp in syncUps { syncUp.show(to: &self) }
    endArray()
  }

  /// An array of meeting objects, in the order given (newest first for `meetings`).
  mutating func meetings(_ meetings: some Collection<Meeting>) {
    beginArray()
    for meeting in meetings { meeting.show(to: &self) }
    endArray()
  }
}

extension JSONOutput {
  /// A sync-up object (``StoredModel/show(to:)``): `id`, `title`, `theme`, `duration` (whole
  /// seconds), `durationPerAttendee` (seconds, possibly with a fraction: `duration` divided by
  /// the number of attendees, or `duration` when there are none), `attendees` (`id`, `name`)
  /// and `meetings` (newest first).
  static func syncUp(_ syncUp: SyncUp) -> JSONOutput {
    .model(ShownModel(syncUp))
  }

  /// An array of sync-up objects, in list order (``JSONSink/syncUps(_:)``).
  static func syncUps(_ syncUps: some Collection<SyncUp>) -> JSONOutput {
    .array(syncUps.map(syncUp))
  }

  /// An attendee object: `id`, `name`.
  static func attendee(_ attendee: Attendee) -> JSONOutput {
    .model(ShownModel(attendee))
  }

  /// A meeting object: `id`, `date` (ISO 8601 UTC, whole seconds), `transcript`; and, for a
  /// meeting that recorded them, `started`, `duration`, `plannedDuration` (whole seconds),
  /// `endedEarly`, `attendees` (`id`, `name`, `absent`) and `turns` (`attendee`, `name`,
  /// `seconds`, `slot`). A key the meeting has no value for is left out.
  static func meeting(_ meeting: Meeting) -> JSONOutput {
    .model(ShownModel(meeting))
  }

  /// A meeting object (``meeting(_:)``) with the items it dealt with (`meeting show`):
  /// `itemsRaised` and `itemsResolved`, arrays of item objects (``item(_:of:)``), empty when
  /// there are none; and `work` when it is given (`meeting show --work`).
  static func meeting(
    _ meeting: Meeting, with items: MeetingItems, of syncUp: SyncUp, work: JSONOutput? = nil
  ) -> JSONOutput {
    var members: [String: JSONOutput] = [
      "itemsRaised": .array(items.raised.map { item($0, of: syncUp) }),
      "itemsResolved": .array(items.resolved.map { item($0, of: syncUp) }),
    ]
    members["work"] = work
    return .model(ShownModel(meeting, adding: members))
  }

  /// An item object as the item shows itself, with `ownerName`: the owner's name, or null
  /// for an item nobody owns (``SyncUp/ownerName(of:)``).
  static func item(_ item: Item, of syncUp: SyncUp) -> JSONOutput {
    .model(
      ShownModel(
        item, adding: ["ownerName": syncUp.ownerName(of: item).map(JSONOutput.string) ?? .null]))
  }

  /// An array of meeting objects, in the order given (``JSONSink/meetings(_:)``).
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
  /// Then `sync-up-repositories`: the sync-ups that read their own repositories, each with
  /// its `id`, `title` and `repositories`.
  static func config(_ values: ConfigValues) -> JSONOutput {
    var members = Dictionary(
      uniqueKeysWithValues: ConfigKey.allCases.map { ($0.rawValue, configValue(values, for: $0)) })
    members["sync-up-repositories"] = .array(
      values.ownRepositories.map {
        .object([
          "id": .string($0.id.uuidString), "title": .string($0.title),
          "repositories": .array($0.repositories.map(JSONOutput.string)),
        ])
      })
    return .object(members)
  }

  /// One setting's value (`config get --json`): a boolean for `bell` and `overtime`, whole seconds for
  /// `default-duration` and `hook-timeout`, the name for `color` and `default-theme`, the days
  /// as text for `workdays`, the name for `me` (null when unset), an array of the paths as
  /// typed for `repositories`.
  static func configValue(_ values: ConfigValues, for key: ConfigKey) -> JSONOutput {
    switch key {
    case .bell: .bool(values.bell)
    case .color: .string(values.color.rawValue)
    case .defaultDuration: .int(values.defaultDuration)
    case .defaultTheme: .string(values.defaultTheme.rawValue)
    case .hookTimeout: .int(values.hookTimeout)
    case .order: .string(values.order.rawValue)
    case .overtime: .bool(values.overtime)
    case .workdays: .string(values.workdays.rawValue)
    case .me: values.me.isEmpty ? .null : .string(values.me)
    case .repositories: .array(values.repositories.map(JSONOutput.string))
    }
  }
}
