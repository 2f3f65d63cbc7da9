import SyncUpsCore

/// The changes `syncups edit` makes to a sync-up. Fields left `nil` stay as they are.
struct SyncUpEdits: Sendable, Equatable {
  /// `--title`.
  var title: String?
  /// `--duration`, as typed.
  var duration: DurationArgument?
  /// `--theme`, canonical (lower-case).
  var theme: String?
  /// `--add-attendee`, `--remove-attendee`, `--rename-attendee`, `--git-author` and
  /// `--no-git-author`, in the order given.
  var attendeeChanges: [AttendeeChange]
  /// `--facilitators` or `--no-facilitators`, the last given; resolved once the attendee
  /// changes are made.
  var facilitators: FacilitatorsEdit?

  init(
    title: String? = nil, duration: DurationArgument? = nil, theme: String? = nil,
    attendeeChanges: [AttendeeChange] = []
  ) {
    self.title = title
    self.duration = duration
    self.theme = theme
    self.attendeeChanges = attendeeChanges
  }

  /// Whether nothing would change.
  var isEmpty: Bool {
    title == nil && duration == nil && theme == nil && attendeeChanges.isEmpty
      && facilitators == nil
  }
}

extension GitAuthors {
  /// These identities and `author` after them, unless it is one of them already.
  func adding(_ author: String) -> GitAuthors {
    contains(author) ? self : self + [author]
  }
}

/// One change to a sync-up's attendees made by `syncups edit`, applied in command-line order.
enum AttendeeChange: Sendable, Equatable {
  /// `--add-attendee NAME`.
  case add(name: String)
  /// `--remove-attendee NAME|ID`: the attendee with this name or id.
  case remove(nameOrID: String)
  /// `--rename-attendee OLD=NEW`, split at the first `=`.
  case rename(from: String, to: String)
  /// `--git-author NAME=IDENTITY`, split at the first `=`: one more identity for the attendee.
  case addGitAuthor(attendee: String, author: String)
  /// `--no-git-author NAME[=IDENTITY]`: that identity of the attendee's, or all of them.
  case removeGitAuthor(attendee: String, author: String?)
  /// `--attendee-zone NAME=ZONE`: the attendee's time zone; `NAME=` removes it.
  case zone(attendee: String, zone: String?)

  /// Whether it gives someone a name (adds or renames), which another attendee may have too.
  var givesAName: Bool {
    switch self {
    case .add, .rename: true
    case .remove, .addGitAuthor, .removeGitAuthor, .zone: false
    }
  }
}

/// `edit --facilitators` and `--no-facilitators`: what becomes of a sync-up's rota.
enum FacilitatorsEdit: Sendable, Equatable {
  /// `--facilitators rotate`: every attendee, in list order.
  case rotate
  /// `--facilitators "Ana,Ben,Cy"`: those, in that order, as typed (names or ids).
  case names([String])
  /// `--no-facilitators`.
  case removed
}
