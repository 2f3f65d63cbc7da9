/// What a completion script offers for an argument or an option's value.
enum ValueCompletion: Sendable, Equatable {
  /// Nothing: free text such as a title or a name.
  case none
  /// Sync-up titles, read at completion time from `syncups __complete syncups`.
  case syncUp
  /// A sync-up's meetings by position, described by their dates, read from
  /// `syncups __complete meetings <syncup>`, where `<syncup>` is the command's first argument.
  case meeting
  /// A sync-up's items by position, described by their kind and text, read from
  /// `syncups __complete items <syncup>`, where `<syncup>` is the command's first argument.
  case item
  /// A sync-up's attendee names, read from `syncups __complete attendees <syncup>`, where
  /// `<syncup>` is the command's first argument.
  case attendee
  /// The values of the setting named by the argument before (`config set KEY VALUE`), from
  /// ``ConfigKey/choices``.
  case settingValue
  /// The sixteen theme names.
  case theme
  /// The system's time zone names, read from `syncups __complete zones`.
  case zone
  /// File paths.
  case file
  /// Command names, then subcommand names (the `help` command's arguments).
  case command
  /// A fixed list of words, which are also the only values the parser accepts.
  case choices([String])

  /// The fixed words of `.choices`, else empty.
  var choices: [String] {
    if case .choices(let words) = self { return words }
    return []
  }
}
