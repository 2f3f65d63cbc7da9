import SyncUpsCore

/// The attendee list of `show` and `meeting show`: one name per line, indented two spaces,
/// in speaking order; a blank name shows as a dim "(no name)".
///
/// ```swift
/// AttendeeLines.render(syncUp.attendees, style: .plain)  // ["  Blob", "  Blob Jr"]
/// ```
enum AttendeeLines {
  /// One line per attendee, without newlines.
  static func render(_ attendees: some Collection<Attendee>, style: TerminalStyle) -> [String] {
    attendees.map { attendee in
      "  " + UserText.cell(attendee.name, placeholder: UserText.unnamed, style: style).text
    }
  }
}
