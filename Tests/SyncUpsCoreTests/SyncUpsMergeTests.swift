#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing

/// The id `00000000-0000-0000-0000-0000000000NN` for `n` (decimal digits, as written).
private func id(_ n: Int) -> UUID {
  let digits = String(n)
  let padding = String(repeating: "0", count: 12 - digits.count)
  return UUID(uuidString: "00000000-0000-0000-0000-" + padding + digits)!
}

private func date(_ day: Int) -> Date {
  Date(timeIntervalSince1970: 1_234_567_890 + Double(day) * 86_400)
}

private let blob = Attendee(id: id(91), name: "Blob")
private let blobJr = Attendee(id: id(92), name: "Blob Jr")
private let monday = Meeting(id: id(81), date: date(0), transcript: "Blob: monday")
private let tuesday = Meeting(id: id(82), date: date(1), transcript: "Blob: tuesday")

private func engineering(
  title: String = "Engineering", duration: Int = 300, theme: Theme = .bubblegum,
  attendees: IdentifiedArrayOf<Attendee> = [blob, blobJr],
  meetings: IdentifiedArrayOf<Meeting> = [monday], unknownKeys: [String: UnknownJSON] = [:]
) -> SyncUp {
  SyncUp(
    id: id(1), attendees: attendees, duration: duration, meetings: meetings, theme: theme,
    title: title, unknownKeys: unknownKeys)
}

private let design = SyncUp(id: id(2), attendees: [blob], title: "Design")
private let ops = SyncUp(id: id(3), attendees: [blob], title: "Ops")

private func merge(
  base: IdentifiedArrayOf<SyncUp>, ours: IdentifiedArrayOf<SyncUp>,
  theirs: IdentifiedArrayOf<SyncUp>, newer: MergeSide? = nil, sides: MergeSides? = nil
) -> SyncUpsMergeResult {
  SyncUpsMerge.merge(base: base, ours: ours, theirs: theirs, sides: sides ?? .newer(newer))
}

/// A conflict as a person reads it: where it is, whose side was kept, and its sentence.
private struct Said: Equatable {
  var syncUpID: UUID
  var syncUpTitle: String
  var path: String
  var kept: MergeSide
  var message: String
}

extension [SyncUpsMergeConflict] {
  fileprivate var said: [Said] {
    map {
      Said(
        syncUpID: $0.syncUpID, syncUpTitle: $0.syncUpTitle, path: $0.path, kept: $0.kept,
        message: $0.message)
    }
  }
}

private func conflict(
  _ path: String, kept: MergeSide, _ message: String, syncUp: SyncUp = engineering()
) -> Said {
  Said(syncUpID: syncUp.id, syncUpTitle: syncUp.title, path: path, kept: kept, message: message)
}

@Suite("Merging sync-ups")
struct SyncUpsMergeTests {
  @Test func syncUpsAddedOnEitherSideAreKept() {
    let result = merge(
      base: [engineering()], ours: [engineering(), design], theirs: [ops, engineering()])
    #expect(result.syncUps.map(\.title) == ["Ops", "Engineering", "Design"])
    #expect(result.conflicts.said == [])
  }

  @Test func aSyncUpDeletedOnOneSideAndUnchangedOnTheOtherIsDeleted() {
    let result = merge(
      base: [engineering(), design], ours: [engineering(), design], theirs: [design])
    #expect(result.syncUps == [design])
    #expect(result.conflicts.said == [])
  }

  @Test func aSyncUpDeletedOnOneSideAndChangedOnTheOtherIsKeptAndReported() {
    let changed = engineering(meetings: [tuesday, monday])
    let result = merge(base: [engineering(), design], ours: [design], theirs: [changed, design])
    #expect(result.syncUps == [changed, design])
    #expect(
      result.conflicts.said == [
        conflict("", kept: .theirs, "Engineering: deleted here but changed there; kept it")
      ])
    let mirrored = merge(base: [engineering()], ours: [changed], theirs: [])
    #expect(mirrored.syncUps == [changed])
    #expect(
      mirrored.conflicts.said == [
        conflict("", kept: .ours, "Engineering: changed here but deleted there; kept it")
      ])
  }

  @Test func eachFieldChangedOnOneSideTakesThatChange() {
    let result = merge(
      base: [engineering()], ours: [engineering(title: "Eng", theme: .teal)],
      theirs: [engineering(duration: 600, theme: .teal)])
    #expect(result.syncUps == [engineering(title: "Eng", duration: 600, theme: .teal)])
    #expect(result.conflicts.said == [])
  }

  @Test func aFieldChangedOnBothSidesKeepsTheNewerSide() {
    let base: IdentifiedArrayOf<SyncUp> = [engineering()]
    let ours: IdentifiedArrayOf<SyncUp> = [engineering(title: "Eng", duration: 90)]
    let theirs: IdentifiedArrayOf<SyncUp> = [engineering(title: "Core", duration: 3600)]

    let theirsNewer = merge(base: base, ours: ours, theirs: theirs, newer: .theirs)
    #expect(theirsNewer.syncUps == [engineering(title: "Core", duration: 3600)])
    #expect(
      theirsNewer.conflicts.said == [
        conflict(
          "duration", kept: .theirs,
          "Engineering: duration changed to 1m30s here and 1h there; kept 1h (newer)"),
        conflict(
          "title", kept: .theirs,
          "Engineering: title changed to 'Eng' here and 'Core' there; kept 'Core' (newer)"),
      ])

    let oursNewer = merge(base: base, ours: ours, theirs: theirs, newer: .ours)
    #expect(oursNewer.syncUps == ours)
    #expect(
      oursNewer.conflicts.map(\.message) == [
        "Engineering: duration changed to 1m30s here and 1h there; kept 1m30s (newer)",
        "Engineering: title changed to 'Eng' here and 'Core' there; kept 'Eng' (newer)",
      ])

    let neither = merge(base: base, ours: ours, theirs: theirs)
    #expect(neither.syncUps == ours)
    #expect(
      neither.conflicts.map(\.message) == [
        "Engineering: duration changed to 1m30s here and 1h there; kept 1m30s (ours)",
        "Engineering: title changed to 'Eng' here and 'Core' there; kept 'Eng' (ours)",
      ])
  }

  @Test func aThemeChangedOnBothSidesIsAConflict() {
    let result = merge(
      base: [engineering()], ours: [engineering(theme: .navy)],
      theirs: [engineering(theme: .teal)], newer: .theirs)
    #expect(result.syncUps == [engineering(theme: .teal)])
    #expect(
      result.conflicts.said == [
        conflict(
          "theme", kept: .theirs,
          "Engineering: theme changed to navy here and teal there; kept teal (newer)")
      ])
  }

  @Test func attendeesMergeByIdAndFollowTheSideThatReordered() {
    let ana = Attendee(id: id(93), name: "Ana")
    let ben = Attendee(id: id(94), name: "Ben")
    let result = merge(
      base: [engineering()],
      ours: [engineering(attendees: [Attendee(id: id(91), name: "Blobby"), blobJr, ana])],
      theirs: [engineering(attendees: [blobJr, ben, blob])])
    // Theirs reordered (Blob Jr first), ours did not: theirs' order, with Ana, which ours
    // appended, at the end.
    #expect(result.syncUps[0].attendees.map(\.name) == ["Blob Jr", "Ben", "Blobby", "Ana"])
    #expect(result.conflicts.said == [])
  }

  /// Identities added on two machines are all kept, one removed on either side is gone, and
  /// none of it is a conflict.
  @Test func anAttendeesGitIdentitiesMergeAsASet() {
    /// Eng with Blob, whose git identities are `authors`, and Blob Jr.
    func identities(_ authors: GitAuthors) -> SyncUp {
      var blob = blob
      blob.gitAuthors = authors
      return engineering(attendees: [blob, blobJr])
    }
    let result = merge(
      base: [identities(["blob@example.com", "Blob B", "blob@old.example"])],
      ours: [identities(["blob@example.com", "Blob B", "blob@old.example", "blob@home.example"])],
      theirs: [identities(["blob@example.com", "blob@old.example", "blob@work.example"])],
      newer: .theirs)
    #expect(
      result.syncUps[0].attendees[0].gitAuthors
        == ["blob@example.com", "blob@old.example", "blob@home.example", "blob@work.example"])
    #expect(result.conflicts.said == [])
    let removedHere = merge(
      base: [identities(["blob@example.com", "blob@old.example"])],
      ours: [identities(["blob@example.com"])],
      theirs: [identities(["blob@example.com", "blob@old.example", "blob@work.example"])])
    #expect(
      removedHere.syncUps[0].attendees[0].gitAuthors == ["blob@example.com", "blob@work.example"])
    #expect(removedHere.conflicts.said == [])
  }

  @Test func anAttendeeRenamedOnBothSidesIsAConflict() {
    let result = merge(
      base: [engineering()],
      ours: [engineering(attendees: [Attendee(id: id(91), name: "Bob"), blobJr])],
      theirs: [engineering(attendees: [Attendee(id: id(91), name: "Robert"), blobJr])],
      newer: .theirs)
    #expect(result.syncUps[0].attendees.map(\.name) == ["Robert", "Blob Jr"])
    #expect(
      result.conflicts.said == [
        conflict(
          "attendees.\(id(91)).name", kept: .theirs,
          "Engineering: name of attendee 'Blob' changed to 'Bob' here and 'Robert' there; "
            + "kept 'Robert' (newer)")
      ])
  }

  @Test func anAttendeeRemovedOnOneSideAndRenamedOnTheOtherIsKept() {
    let removed = merge(
      base: [engineering()], ours: [engineering(attendees: [blob])],
      theirs: [engineering(attendees: [blob, Attendee(id: id(92), name: "Junior")])])
    #expect(removed.syncUps[0].attendees.map(\.name) == ["Blob", "Junior"])
    #expect(
      removed.conflicts.said == [
        conflict(
          "attendees.\(id(92))", kept: .theirs,
          "Engineering: attendee 'Blob Jr' removed here but changed there; kept it")
      ])

    let unchanged = merge(
      base: [engineering()], ours: [engineering(attendees: [blob])],
      theirs: [engineering(title: "Core")])
    #expect(unchanged.syncUps[0].attendees.map(\.name) == ["Blob"])
    #expect(unchanged.conflicts.said == [])
  }

  @Test func meetingsAreTheUnionOfBothHistoriesNewestFirst() {
    let wednesday = Meeting(id: id(83), date: date(2), transcript: "wednesday")
    let thursday = Meeting(id: id(84), date: date(3), transcript: "thursday")
    let result = merge(
      base: [engineering(meetings: [tuesday, monday])],
      ours: [engineering(meetings: [wednesday, tuesday, monday])],
      theirs: [engineering(meetings: [thursday, tuesday])])
    // Theirs deleted Monday's meeting, which ours left alone.
    #expect(result.syncUps[0].meetings == [thursday, wednesday, tuesday])
    #expect(result.conflicts.said == [])
  }

  @Test func aMeetingDeletedOnOneSideAndEditedOnTheOtherIsKept() {
    var edited = monday
    edited.transcript = "Blob: monday, edited"
    let result = merge(
      base: [engineering(meetings: [monday])], ours: [engineering(meetings: [edited])],
      theirs: [engineering(title: "Core", meetings: [])])
    #expect(result.syncUps == [engineering(title: "Core", meetings: [edited])])
    #expect(
      result.conflicts.said == [
        conflict(
          "meetings.\(id(81))", kept: .ours,
          "Engineering: the meeting of 2009-02-13T23:31:30Z changed here but deleted there; "
            + "kept it")
      ])
  }

  @Test func aMeetingEditedOnBothSidesMergesFieldByField() {
    var ours = monday
    ours.transcript = "Blob: ours"
    ours.endedEarly = true
    var theirs = monday
    theirs.transcript = "Blob: theirs, which is a rather long transcript to quote"
    theirs.duration = 290
    var merged = monday
    merged.transcript = theirs.transcript
    merged.endedEarly = true
    merged.duration = 290
    let result = merge(
      base: [engineering()], ours: [engineering(meetings: [ours])],
      theirs: [engineering(meetings: [theirs])], newer: .theirs)
    #expect(result.syncUps[0].meetings == [merged])
    #expect(
      result.conflicts.map(\.message) == [
        "Engineering: transcript of the meeting of 2009-02-13T23:31:30Z changed to "
          + "'Blob: ours' here and 'Blob: theirs, which is a rather long tra…' there; "
          + "kept 'Blob: theirs, which is a rather long tra…' (newer)"
      ])
  }

  // MARK: Items

  static let keys = Item(
    id: id(71), kind: .blocker, text: "waiting on API keys", owner: id(91), opened: date(0),
    openedIn: id(81))
  static let notes = Item(id: id(72), kind: .action, text: "write the notes", opened: date(1))

  static func withItems(_ items: IdentifiedArrayOf<Item>) -> SyncUp {
    var syncUp = engineering()
    syncUp.items = items
    return syncUp
  }

  @Test func itemsRaisedOnEitherSideAreKept() {
    let theirs = Item(id: id(73), kind: .blocker, text: "staging is down", opened: date(2))
    let result = merge(
      base: [Self.withItems([Self.keys])], ours: [Self.withItems([Self.keys, Self.notes])],
      theirs: [Self.withItems([Self.keys, theirs])])
    #expect(result.syncUps[0].items == [Self.keys, Self.notes, theirs])
    #expect(result.conflicts.said == [])
  }

  /// Two teammates working on one item: one resolves it, the other rewords and reassigns it.
  @Test func aResolveOnOneSideAndAnEditOnTheOtherBothSurvive() {
    var resolved = Self.keys
    resolved.resolved = date(2)
    resolved.resolvedIn = id(83)
    resolved.resolution = "they came"
    var edited = Self.keys
    edited.text = "waiting on the production API keys"
    edited.owner = id(92)
    var both = resolved
    both.text = edited.text
    both.owner = edited.owner
    let result = merge(
      base: [Self.withItems([Self.keys])], ours: [Self.withItems([resolved])],
      theirs: [Self.withItems([edited])], newer: .theirs)
    #expect(result.syncUps[0].items == [both])
    #expect(result.conflicts.said == [])
  }

  @Test func twoDifferentResolutionsAreAConflict() {
    var ours = Self.keys
    ours.resolved = date(2)
    ours.resolution = "they came"
    var theirs = Self.keys
    theirs.resolved = date(2)
    theirs.resolution = "we used the old ones"
    let result = merge(
      base: [Self.withItems([Self.keys])], ours: [Self.withItems([ours])],
      theirs: [Self.withItems([theirs])], newer: .ours)
    #expect(result.syncUps[0].items == [ours])
    #expect(
      result.conflicts.said == [
        conflict(
          "items.\(id(71)).resolution", kept: .ours,
          "Engineering: item 'waiting on API keys' resolved as 'they came' here at "
            + "2009-02-15T23:31:30Z and resolved as 'we used the old ones' there at "
            + "2009-02-15T23:31:30Z; kept it resolved as 'they came' (made at the same time)")
      ])
  }

  /// Resolved on both sides at different moments, in different meetings: one conflict, over
  /// the resolution, and the kept side's resolution comes with its own date and meeting.
  @Test func resolvingOneItemOnBothSidesIsOneConflictOverTheResolution() {
    var ours = Self.keys
    ours.resolved = date(2)
    ours.resolvedIn = id(83)
    ours.resolution = "they came"
    var theirs = Self.keys
    theirs.resolved = date(3)
    theirs.resolvedIn = id(84)
    theirs.resolution = "we used the old ones"
    let result = merge(
      base: [Self.withItems([Self.keys])], ours: [Self.withItems([ours])],
      theirs: [Self.withItems([theirs])], newer: .theirs)
    #expect(result.syncUps[0].items == [theirs])
    #expect(
      result.conflicts.said == [
        conflict(
          "items.\(id(71)).resolution", kept: .theirs,
          "Engineering: item 'waiting on API keys' resolved as 'they came' here at "
            + "2009-02-15T23:31:30Z and resolved as 'we used the old ones' there at "
            + "2009-02-16T23:31:30Z; kept it resolved as 'we used the old ones' (made later)")
      ])

    // The same words at different moments: no conflict at all.
    theirs.resolution = ours.resolution
    let same = merge(
      base: [Self.withItems([Self.keys])], ours: [Self.withItems([ours])],
      theirs: [Self.withItems([theirs])], newer: .theirs)
    #expect(same.syncUps[0].items == [theirs])
    #expect(same.conflicts.said == [])
  }

  @Test func anItemDeletedOnOneSideAndResolvedOnTheOtherIsKept() {
    var resolved = Self.notes
    resolved.resolved = date(3)
    let result = merge(
      base: [Self.withItems([Self.keys, Self.notes])], ours: [Self.withItems([Self.keys])],
      theirs: [Self.withItems([Self.keys, resolved])])
    #expect(result.syncUps[0].items == [Self.keys, resolved])
    #expect(
      result.conflicts.said == [
        conflict(
          "items.\(id(72))", kept: .theirs,
          "Engineering: item 'write the notes' deleted here but changed there; kept it")
      ])
    // Deleted on one side and left alone on the other, it goes.
    let deleted = merge(
      base: [Self.withItems([Self.keys, Self.notes])], ours: [Self.withItems([Self.keys])],
      theirs: [Self.withItems([Self.keys, Self.notes])])
    #expect(deleted.syncUps[0].items == [Self.keys])
    #expect(deleted.conflicts.said == [])
  }

  static func withUpdates(_ updates: IdentifiedArrayOf<WrittenUpdate>) -> SyncUp {
    var syncUp = engineering()
    syncUp.updates = updates
    return syncUp
  }

  static let wednesday = CalendarDay("2009-02-18")!

  /// Two teammates writing updates for different people, or for different days.
  @Test func updatesWrittenOnEitherSideForOthersAreKept() {
    let blobs = WrittenUpdate(attendee: id(91), day: Self.wednesday, done: "a", written: date(1))
    let juniors = WrittenUpdate(attendee: id(92), day: Self.wednesday, done: "b", written: date(2))
    let blobsNext = WrittenUpdate(
      attendee: id(91), day: Self.wednesday.adding(days: 1), next: "c", written: date(2))
    let result = merge(
      base: [engineering()], ours: [Self.withUpdates([blobs])],
      theirs: [Self.withUpdates([juniors, blobsNext])])
    #expect(result.syncUps[0].updates == [blobs, juniors, blobsNext])
    #expect(result.conflicts.said == [])
  }

  /// Two teammates writing Blob's update for the same day: one conflict, the one written last
  /// kept whoever committed last.
  @Test func oneAttendeesUpdateForOneDayWrittenOnBothSidesIsAConflict() {
    let ours = WrittenUpdate(
      attendee: id(91), day: Self.wednesday, done: "the login page", written: date(1) + 60)
    let theirs = WrittenUpdate(
      attendee: id(91), day: Self.wednesday, done: "the login page", blockers: ["no keys"],
      written: date(1))
    for newer: MergeSide? in [nil, .ours, .theirs] {
      let result = merge(
        base: [engineering()], ours: [Self.withUpdates([ours])],
        theirs: [Self.withUpdates([theirs])], newer: newer)
      #expect(result.syncUps[0].updates == [ours])
      #expect(
        result.conflicts.said == [
          conflict(
            "updates.\(ours.id)", kept: .ours,
            "Engineering: update of 'Blob' for Wed 18 Feb 2009 written here at "
              + "2009-02-14T23:32:30Z and there at 2009-02-14T23:31:30Z; kept the one written at "
              + "2009-02-14T23:32:30Z (made later)")
        ])
    }
    // Rewritten on both sides from a common version: the same.
    let result = merge(
      base: [Self.withUpdates([theirs])], ours: [Self.withUpdates([ours])],
      theirs: [Self.withUpdates([WrittenUpdate(attendee: id(91), day: Self.wednesday, next: "x", written: date(3))])])
    #expect(result.syncUps[0].updates.map(\.next) == ["x"])
    #expect(result.conflicts.map(\.kept) == [.theirs])
    // Rewritten on one side only: that side's, no conflict.
    let oneSide = merge(
      base: [Self.withUpdates([theirs])], ours: [Self.withUpdates([ours])],
      theirs: [Self.withUpdates([theirs])])
    #expect(oneSide.syncUps[0].updates == [ours])
    #expect(oneSide.conflicts.said == [])
  }

  /// Time away merges by id like items: both sides' additions kept, a change of the end on one
  /// side and of the note on the other both survive, two different ends conflict.
  @Test func timeAwayMergesById() {
    func withAway(_ away: IdentifiedArrayOf<TimeAway>) -> SyncUp {
      var syncUp = engineering()
      syncUp.attendees[id: id(91)]!.away = away
      return syncUp
    }
    let leave = TimeAway(id: id(61), from: Self.wednesday, to: Self.wednesday.adding(days: 5))
    let trip = TimeAway(id: id(62), from: Self.wednesday.adding(days: 20), note: "trip")
    var shortened = leave
    shortened.to = Self.wednesday.adding(days: 2)
    var noted = leave
    noted.note = "dentist, then leave"
    var both = shortened
    both.note = noted.note
    let result = merge(
      base: [withAway([leave])], ours: [withAway([shortened])], theirs: [withAway([noted, trip])])
    #expect(result.syncUps[0].attendees[id: id(91)]?.away == [both, trip])
    #expect(result.conflicts.said == [])

    var longer = leave
    longer.to = Self.wednesday.adding(days: 9)
    let conflicting = merge(
      base: [withAway([leave])], ours: [withAway([shortened])], theirs: [withAway([longer])],
      newer: .theirs)
    #expect(conflicting.syncUps[0].attendees[id: id(91)]?.away == [longer])
    #expect(
      conflicting.conflicts.said == [
        conflict(
          "attendees.\(id(91)).away.\(id(61)).to", kept: .theirs,
          "Engineering: last day of time away from Wed 18 Feb 2009 of attendee 'Blob' changed "
            + "to Fri 20 Feb 2009 here and Fri 27 Feb 2009 there; kept Fri 27 Feb 2009 (newer)")
      ])
  }

  @Test func unknownKeysMergeKeyByKeyAndAreNeverDropped() {
    let base = engineering(
      attendees: [Attendee(id: id(91), name: "Blob", unknownKeys: ["pronouns": .string("they")])],
      unknownKeys: ["goal": .string("ship"), "old": .bool(true), "shared": .number(1)])
    let ours = engineering(
      attendees: [Attendee(id: id(91), name: "Blob", unknownKeys: ["pronouns": .string("she")])],
      unknownKeys: [
        "goal": .string("ship"), "old": .bool(true), "shared": .number(2), "mine": .null,
      ])
    var ratedMonday = monday
    ratedMonday.unknownKeys = ["rating": .object(["stars": .number(5)])]
    let theirs = engineering(
      attendees: [Attendee(id: id(91), name: "Blob", unknownKeys: ["pronouns": .string("they")])],
      meetings: [ratedMonday],
      unknownKeys: ["goal": .string("ship"), "shared": .number(3), "yours": .array([])])
    let result = merge(base: [base], ours: [ours], theirs: [theirs], newer: .theirs)
    #expect(
      result.syncUps == [
        engineering(
          attendees: [
            Attendee(id: id(91), name: "Blob", unknownKeys: ["pronouns": .string("she")])
          ],
          meetings: [ratedMonday],
          unknownKeys: [
            "goal": .string("ship"), "shared": .number(3), "mine": .null, "yours": .array([]),
          ])
      ])
    #expect(
      result.conflicts.said == [
        conflict(
          "shared", kept: .theirs,
          "Engineering: key 'shared' changed to 2 here and 3 there; kept 3 (newer)")
      ])
  }

  @Test func anUnknownKeyRemovedOnOneSideAndChangedOnTheOtherIsAConflict() {
    let result = merge(
      base: [engineering(unknownKeys: ["goal": .string("ship")])],
      ours: [engineering(unknownKeys: [:])],
      theirs: [engineering(unknownKeys: ["goal": .string("ship it")])])
    #expect(result.syncUps == [engineering()])
    #expect(
      result.conflicts.map(\.message) == [
        #"Engineering: key 'goal' removed here and changed to "ship it" there; "#
          + "kept it removed (ours)"
      ])
  }

  @Test func aSyncUpAddedOnBothSidesWithOneIdMergesWithoutBase() {
    let result = merge(
      base: [], ours: [engineering(title: "Eng")], theirs: [engineering(title: "Core")],
      newer: .theirs)
    #expect(result.syncUps == [engineering(title: "Core")])
    #expect(
      result.conflicts.said == [
        conflict(
          "title", kept: .theirs,
          "Core: title changed to 'Eng' here and 'Core' there; kept 'Core' (newer)",
          syncUp: engineering(title: "Core"))
      ])
  }

  @Test func aSyncUpBothSidesKeptAfterADeleteMergesAgainstTheirLastCommonVersion() {
    // One teammate deleted Engineering; of two others, each of whom kept it when merging the
    // delete, one renamed it and one removed Blob Jr. The base is the delete.
    let renamed = engineering(title: "Core")
    let withoutJr = engineering(attendees: [blob])
    let base: IdentifiedArrayOf<SyncUp> = [design]
    let ours: IdentifiedArrayOf<SyncUp> = [withoutJr, design]
    let theirs: IdentifiedArrayOf<SyncUp> = [renamed, design]
    #expect(SyncUpsMerge.withoutCommonBase(base: base, ours: ours, theirs: theirs) == [id(1)])
    for newer in [MergeSide.ours, .theirs] {
      let result = SyncUpsMerge.merge(
        base: base, ours: ours, theirs: theirs, sides: .newer(newer), earlier: [engineering(), ops])
      #expect(result.syncUps == [engineering(title: "Core", attendees: [blob]), design])
      #expect(result.conflicts.said == [])
    }
  }

  @Test func onlySyncUpsBothSidesHoldDifferentlyWithoutABaseNeedAnEarlierVersion() {
    let base: IdentifiedArrayOf<SyncUp> = [design]
    #expect(
      SyncUpsMerge.withoutCommonBase(
        base: base, ours: [engineering(), design, ops],
        theirs: [engineering(), SyncUp(id: id(2), title: "Designers")]) == [])
    let renamed: IdentifiedArrayOf<SyncUp> = [ops, engineering(title: "Eng")]
    #expect(
      SyncUpsMerge.withoutCommonBase(base: base, ours: renamed, theirs: [engineering(), ops])
        == [id(1)])
  }

  @Test func conflictsComeInTheOrderOfTheSyncUpsAndTheirFields() {
    let base: IdentifiedArrayOf<SyncUp> = [engineering(), design, ops]
    let ours: IdentifiedArrayOf<SyncUp> = [
      engineering(duration: 60, attendees: [Attendee(id: id(91), name: "A"), blobJr]),
      SyncUp(id: id(2), attendees: [blob], title: "D1"),
    ]
    let theirs: IdentifiedArrayOf<SyncUp> = [
      SyncUp(id: id(2), attendees: [blob], title: "D2"),
      engineering(duration: 120, attendees: [Attendee(id: id(91), name: "B"), blobJr]),
      SyncUp(id: id(3), attendees: [blob], theme: .navy, title: "Ops"),
    ]
    let result = merge(base: base, ours: ours, theirs: theirs)
    #expect(result.syncUps.map(\.title) == ["D1", "Engineering", "Ops"])
    #expect(
      result.conflicts.map(\.path) == [
        "title", "duration", "attendees.\(id(91)).name", "",
      ])
    #expect(result.conflicts.map(\.syncUpTitle) == ["Design", "Engineering", "Engineering", "Ops"])
  }
}

// MARK: - The later act wins

/// 2026-11-28 at `time` (`09:30` or `09:30:01`), UTC.
private func at(_ time: String) -> Date {
  let parts = time.split(separator: ":").map { Double($0)! }
  let seconds = parts[0] * 3600 + parts[1] * 60 + (parts.count > 2 ? parts[2] : 0)
  return Date(timeIntervalSince1970: 1_795_824_000 + seconds)
}

/// Ana resolves, renames or reopens at one time and syncs at another; so does Ben. Whoever
/// merges, the change made later is kept and the message says when each was made.
@Suite("Merging: the later act wins")
struct LaterActWinsTests {
  static let blocker = Item(
    id: id(71), kind: .blocker, text: "waiting on API keys", owner: id(91), opened: at("08:00"))

  static func withItem(_ item: Item) -> SyncUp {
    var syncUp = engineering()
    syncUp.items = [item]
    return syncUp
  }

  static func resolved(
    _ item: Item = blocker, at time: Date, in meeting: UUID? = nil, _ words: String?
  ) -> Item {
    var item = item
    item.resolved = time
    item.resolvedIn = meeting
    item.resolution = words
    return item
  }

  static func renamed(_ title: String, at time: Date) -> SyncUp {
    var syncUp = engineering(title: title)
    syncUp.changed["title"] = time
    return syncUp
  }

  /// Ana (ours) syncs at 10:00 and Ben (theirs) at 09:31: Ana's sync is the later one.
  static let anaMerges = MergeSides.committed(ours: at("10:00"), theirs: at("09:31"))
  /// Ben (ours) merges Ana's (theirs).
  static let benMerges = MergeSides.committed(ours: at("09:31"), theirs: at("10:00"))

  @Test func theResolutionMadeLaterIsKeptWhoeverSyncedLater() {
    let ana = Self.resolved(at: at("09:00"), "Ana at 09:00")
    let ben = Self.resolved(at: at("09:30"), "Ben at 09:30")
    let byAna = merge(
      base: [Self.withItem(Self.blocker)], ours: [Self.withItem(ana)],
      theirs: [Self.withItem(ben)], sides: Self.anaMerges)
    #expect(byAna.syncUps == [Self.withItem(ben)])
    #expect(
      byAna.conflicts.said == [
        conflict(
          "items.\(id(71)).resolution", kept: .theirs,
          "Engineering: item 'waiting on API keys' resolved as 'Ana at 09:00' here at "
            + "2026-11-28T09:00:00Z and resolved as 'Ben at 09:30' there at "
            + "2026-11-28T09:30:00Z; kept it resolved as 'Ben at 09:30' (made later)")
      ])
    let byBen = merge(
      base: [Self.withItem(Self.blocker)], ours: [Self.withItem(ben)],
      theirs: [Self.withItem(ana)], sides: Self.benMerges)
    #expect(byBen.syncUps == [Self.withItem(ben)])
    #expect(byBen.conflicts.map(\.kept) == [.ours])
  }

  @Test func titlesEditedASecondApartKeepTheLaterWhoeverSyncedLater() {
    let ana = Self.renamed("Eng", at: at("09:00:00"))
    let ben = Self.renamed("Core", at: at("09:00:01"))
    let byAna = merge(base: [engineering()], ours: [ana], theirs: [ben], sides: Self.anaMerges)
    #expect(byAna.syncUps == [ben])
    #expect(byAna.syncUps[0].changed == ChangeTimes(["title": at("09:00:01")]))
    #expect(
      byAna.conflicts.said == [
        conflict(
          "title", kept: .theirs,
          "Engineering: title changed to 'Eng' here at 2026-11-28T09:00:00Z and 'Core' there "
            + "at 2026-11-28T09:00:01Z; kept 'Core' (made later)")
      ])
    let byBen = merge(base: [engineering()], ours: [ben], theirs: [ana], sides: Self.benMerges)
    #expect(byBen.syncUps == [ben])
    #expect(
      byBen.conflicts.map(\.message) == [
        "Engineering: title changed to 'Core' here at 2026-11-28T09:00:01Z and 'Eng' there at "
          + "2026-11-28T09:00:00Z; kept 'Core' (made later)"
      ])
  }

  /// An older version leaves `changed` as it was: its change counts at its commit time, and a
  /// stamp it carried over from before is no time of its change.
  @Test func aChangeWithoutItsOwnStampCountsAtItsSidesCommitTime() {
    let stampedBefore = Self.renamed("Engineering", at: at("08:00"))
    let ana = Self.renamed("Eng", at: at("09:45"))
    var older = stampedBefore
    older.title = "Core"
    let result = merge(
      base: [stampedBefore], ours: [ana], theirs: [older],
      sides: .committed(ours: at("09:50"), theirs: at("09:40")))
    #expect(result.syncUps == [ana])
    #expect(
      result.conflicts.map(\.message) == [
        "Engineering: title changed to 'Eng' here at 2026-11-28T09:45:00Z and 'Core' there at "
          + "2026-11-28T09:40:00Z; kept 'Eng' (made later)"
      ])
    // Committed later than Ana's stamp: the older version's change is the later one, and the
    // stamp it carried stays with its value.
    let later = merge(
      base: [stampedBefore], ours: [ana], theirs: [older],
      sides: .committed(ours: at("09:50"), theirs: at("09:55")))
    #expect(later.syncUps == [older])
    #expect(later.conflicts.map(\.kept) == [.theirs])
  }

  /// Without any time (`merge-driver` run by hand), the newer side wins as it always did.
  @Test func withoutTimesTheNewerSideWins() {
    let result = merge(
      base: [engineering()], ours: [engineering(title: "Eng")],
      theirs: [engineering(title: "Core")], newer: .theirs)
    #expect(
      result.conflicts.map(\.message) == [
        "Engineering: title changed to 'Eng' here and 'Core' there; kept 'Core' (newer)"
      ])
  }

  /// Ana reopens a resolved item; Ben resolves it again with a note. One conflict, whoever
  /// merges, and the state kept is the one made later, whole.
  @Test(arguments: [("09:10", "09:20"), ("09:20", "09:10")])
  func aReopenAgainstAResolveIsOneConflictAndTheLaterActWins(reopen: String, resolve: String) {
    let base = Self.resolved(at: at("08:30"), in: id(81), "old keys")
    var reopened = Self.blocker
    reopened.reopened = at(reopen)
    let reresolved = Self.resolved(at: at(resolve), "new keys")
    let expected = reopen > resolve ? reopened : reresolved
    for (ours, theirs, sides) in [
      (reopened, reresolved, Self.anaMerges), (reresolved, reopened, Self.benMerges),
    ] {
      let result = merge(
        base: [Self.withItem(base)], ours: [Self.withItem(ours)],
        theirs: [Self.withItem(theirs)], sides: sides)
      #expect(result.syncUps[0].items == [expected])
      #expect(result.conflicts.map(\.path) == ["items.\(id(71)).resolution"])
    }
    let byReopener = merge(
      base: [Self.withItem(base)], ours: [Self.withItem(reopened)],
      theirs: [Self.withItem(reresolved)], sides: Self.anaMerges)
    #expect(
      byReopener.conflicts.map(\.message) == [
        "Engineering: item 'waiting on API keys' reopened here at 2026-11-28T\(reopen):00Z and "
          + "resolved as 'new keys' there at 2026-11-28T\(resolve):00Z; kept it "
          + (reopen > resolve ? "open" : "resolved as 'new keys'") + " (made later)"
      ])
  }

  /// An older version reopens without a stamp: its reopen counts at its side's commit time.
  @Test func aReopenWithoutAStampCountsAtItsSidesCommitTime() {
    let base = Self.resolved(at: at("08:30"), "old keys")
    let reresolved = Self.resolved(at: at("09:20"), "new keys")
    let result = merge(
      base: [Self.withItem(base)], ours: [Self.withItem(Self.blocker)],
      theirs: [Self.withItem(reresolved)],
      sides: .committed(ours: at("09:40"), theirs: at("09:25")))
    #expect(result.syncUps[0].items == [Self.blocker])
    #expect(
      result.conflicts.map(\.message) == [
        "Engineering: item 'waiting on API keys' reopened here at 2026-11-28T09:40:00Z and "
          + "resolved as 'new keys' there at 2026-11-28T09:20:00Z; kept it open (made later)"
      ])
  }

  /// Resolved in a meeting on one machine, and later with other words by `item resolve
  /// --note` on the other: the later resolution is kept with its own meeting (none).
  @Test func theMeetingOfAResolutionTravelsWithIt() {
    let inMeeting = Self.resolved(at: at("09:00"), in: id(81), "they came")
    let byNote = Self.resolved(at: at("09:30"), "we used the old ones")
    for (ours, theirs) in [(inMeeting, byNote), (byNote, inMeeting)] {
      let result = merge(
        base: [Self.withItem(Self.blocker)], ours: [Self.withItem(ours)],
        theirs: [Self.withItem(theirs)], newer: .ours)
      #expect(result.syncUps[0].items == [byNote])
      #expect(result.syncUps[0].items[0].resolvedIn == nil)
      #expect(result.conflicts.count == 1)
    }
  }

  /// The stamps a command's change leaves: each plain field it changed, in the sync-up, its
  /// attendees and its items; an item's resolution is dated by itself and not stamped.
  @Test func aChangeIsStampedFieldByField() {
    var after = engineering(
      title: "Core", attendees: [Attendee(id: id(91), name: "Robert"), blobJr])
    after.items = [Self.resolved(at: at("09:00"), "they came")]
    after.items[0].text = "waiting on the prod keys"
    var before = engineering()
    before.items = [Self.blocker]
    let away = TimeAway(id: id(61), from: CalendarDay("2026-12-01")!, to: CalendarDay("2026-12-05")!)
    before.attendees[id: id(92)]?.away = [away]
    after.attendees[id: id(92)]?.away = [away]
    after.attendees[id: id(92)]?.away[0].to = CalendarDay("2026-12-02")!
    var syncUps: IdentifiedArrayOf<SyncUp> = [after, design]
    syncUps.stampChanges(from: [before, design], at: at("09:05") + 0.75)
    #expect(syncUps[0].changed == ChangeTimes(["title": at("09:05")]))
    #expect(syncUps[0].attendees[0].changed == ChangeTimes(["name": at("09:05")]))
    #expect(syncUps[0].attendees[1].changed == ChangeTimes())
    #expect(syncUps[0].attendees[1].away[0].changed == ChangeTimes(["to": at("09:05")]))
    #expect(syncUps[0].items[0].changed == ChangeTimes(["text": at("09:05")]))
    #expect(syncUps[1] == design)
  }

  /// The stamps are stored as the `changed` key, read back alike by the fast reader and
  /// `JSONDecoder`, and written alike by the fast writer and `JSONEncoder`.
  @Test func stampsAreStoredUnderChanged() throws {
    var syncUp = Self.renamed("Core", at: at("09:00:01"))
    syncUp.changed["duration"] = at("09:00")
    syncUp.items = [Self.blocker]
    syncUp.items[0].changed["text"] = at("09:10")
    syncUp.items[0].reopened = at("09:20")
    let data = try SyncUpsFile.encode([syncUp])
    let text = String(decoding: data, as: UTF8.self)
    #expect(
      text.contains(
        """
            "changed" : {
              "duration" : "2026-11-28T09:00:00Z",
              "title" : "2026-11-28T09:00:01Z"
            },
        """))
    #expect(text.contains(#""reopened" : "2026-11-28T09:20:00Z","#))
    #expect(try SyncUpsFile.decode(data) == [syncUp])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    #expect(try encoder.encode([syncUp]) == data)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    #expect(try decoder.decode([SyncUp].self, from: data) == [syncUp])
  }
}

// MARK: - Random edits

/// Random sync-ups and random edits of them, as two people would make on their own copies;
/// the seeded generator (``SeededGenerator``) makes a failing seed replayable.
private struct RandomEditor {
  var generator: SeededGenerator

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
  mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
  mutating func uuid() -> UUID {
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
  mutating func name() -> String {
    ["Blob", "Blob Jr", "Blob Sr", "Ana", "Ben", "Émile", "", "Zoë \u{1F600}"][int(0...7)]
  }
  mutating func json() -> UnknownJSON {
    switch int(0...4) {
    case 0: .null
    case 1: .bool(chance(50))
    case 2: .number(Decimal(int(-1000...1000)))
    case 3: .string(name())
    default: .object(["n": .number(Decimal(int(0...9))), "list": .array([.string(name())])])
    }
  }
  mutating func unknownKeys() -> [String: UnknownJSON] {
    var keys: [String: UnknownJSON] = [:]
    for _ in 0..<int(0...2) { keys[["goal", "rating", "x", "zz"][int(0...3)]] = json() }
    return keys
  }
  mutating func attendee() -> Attendee {
    Attendee(id: uuid(), name: name(), unknownKeys: chance(20) ? unknownKeys() : [:])
  }
  mutating func meeting() -> Meeting {
    Meeting(
      id: uuid(), date: Date(timeIntervalSince1970: Double(int(1_200_000_000...1_900_000_000))),
      transcript: "\(name()): note \(int(0...99))", duration: chance(30) ? int(1...900) : nil,
      unknownKeys: chance(20) ? unknownKeys() : [:])
  }
  mutating func item() -> Item {
    Item(
      id: uuid(), kind: chance(50) ? .blocker : .action, text: "\(name()): item \(int(0...99))",
      owner: chance(70) ? uuid() : nil,
      opened: Date(timeIntervalSince1970: Double(int(1_200_000_000...1_900_000_000))),
      unknownKeys: chance(10) ? unknownKeys() : [:])
  }
  mutating func syncUp() -> SyncUp {
    let meetings = (0..<int(0...4)).map { _ in meeting() }.sorted { $0.date > $1.date }
    return SyncUp(
      id: uuid(),
      attendees: IdentifiedArrayOf(uniqueElements: (0..<int(1...4)).map { _ in attendee() }),
      duration: int(1...86_400),
      items: IdentifiedArrayOf(uniqueElements: (0..<int(0...2)).map { _ in item() }),
      meetings: IdentifiedArrayOf(uniqueElements: meetings),
      theme: Theme.allCases[int(0...Theme.allCases.count - 1)], title: name(),
      unknownKeys: chance(30) ? unknownKeys() : [:])
  }

  /// Applies `count` random edits to `syncUps`.
  mutating func edit(_ syncUps: inout IdentifiedArrayOf<SyncUp>, count: Int) {
    for _ in 0..<count {
      guard !syncUps.isEmpty, int(0...13) != 0 else {
        syncUps.append(syncUp())
        continue
      }
      let index = int(0...syncUps.count - 1)
      let items = syncUps[index].items.count
      switch int(0...19) {
      case 0: syncUps.remove(at: index)
      case 1: syncUps.move(fromOffsets: [index], toOffset: int(0...syncUps.count))
      case 2: syncUps[index].title = name()
      case 3: syncUps[index].duration = int(1...86_400)
      case 4: syncUps[index].theme = Theme.allCases[int(0...Theme.allCases.count - 1)]
      case 5: syncUps[index].attendees.append(attendee())
      case 6:
        guard !syncUps[index].attendees.isEmpty else { continue }
        syncUps[index].attendees.remove(at: int(0...syncUps[index].attendees.count - 1))
      case 7:
        guard !syncUps[index].attendees.isEmpty else { continue }
        syncUps[index].attendees[int(0...syncUps[index].attendees.count - 1)].name = name()
      case 8:
        // A new meeting goes first, as a meeting just held does.
        syncUps[index].meetings.insert(meeting(), at: 0)
      case 9:
        guard !syncUps[index].meetings.isEmpty else { continue }
        syncUps[index].meetings.remove(at: int(0...syncUps[index].meetings.count - 1))
      case 10:
        guard !syncUps[index].meetings.isEmpty else { continue }
        let position = int(0...syncUps[index].meetings.count - 1)
        syncUps[index].meetings[position].transcript += "\nBlob: edited \(int(0...9))"
      case 11:
        syncUps[index].unknownKeys = unknownKeys()
      case 13:
        syncUps[index].items.append(item())
      case 14:
        // Resolved, resolved anew, or reopened.
        guard items > 0 else { continue }
        let position = int(0...items - 1)
        let resolving = chance(75)
        syncUps[index].items[position].resolved =
          resolving ? Date(timeIntervalSince1970: Double(int(1_900_000_000...1_900_000_100))) : nil
        syncUps[index].items[position].resolution = resolving && chance(50) ? name() : nil
      case 15:
        guard items > 0 else { continue }
        let position = int(0...items - 1)
        syncUps[index].items[position].text += " (\(int(0...9)))"
        if chance(30) { syncUps[index].items[position].owner = nil }
      case 16:
        guard items > 0 else { continue }
        syncUps[index].items.remove(at: int(0...items - 1))
      case 12, 17:
        // An update of the first attendee for one of two days: both sides often write the
        // same one.
        guard let attendee = syncUps[index].attendees.first else { continue }
        let update = WrittenUpdate(
          attendee: attendee.id, day: CalendarDay(daysSince1970: 20_000 + int(0...1)),
          done: chance(70) ? name() : nil, next: chance(50) ? name() : nil,
          blockers: chance(30) ? [name()] : [],
          written: Date(timeIntervalSince1970: Double(int(1_900_000_000...1_900_000_100))),
          unknownKeys: chance(10) ? unknownKeys() : [:])
        syncUps[index].updates.remove(id: update.id)
        syncUps[index].updates.append(update)
      case 18, 19:
        // Time away announced, or the end of one changed.
        guard !syncUps[index].attendees.isEmpty else { continue }
        let position = int(0...syncUps[index].attendees.count - 1)
        let away = syncUps[index].attendees[position].away
        if away.isEmpty || chance(50) {
          syncUps[index].attendees[position].away.append(
            TimeAway(
              id: uuid(), from: CalendarDay(daysSince1970: 20_000 + int(0...9)),
              to: chance(50) ? CalendarDay(daysSince1970: 20_010 + int(0...9)) : nil,
              note: chance(30) ? name() : nil))
        } else {
          let changed = int(0...away.count - 1)
          syncUps[index].attendees[position].away[changed].to =
            chance(80) ? CalendarDay(daysSince1970: 20_010 + int(0...9)) : nil
        }
      default:
        guard !syncUps[index].attendees.isEmpty else { continue }
        let position = int(0...syncUps[index].attendees.count - 1)
        syncUps[index].attendees[position].unknownKeys = unknownKeys()
      }
    }
  }
}

/// The ids of what `side` added to `base`: sync-ups, and attendees, meetings, items and
/// written updates by sync-up.
private func additions(
  base: IdentifiedArrayOf<SyncUp>, side: IdentifiedArrayOf<SyncUp>
) -> (
  syncUps: [UUID], attendees: [(UUID, UUID)], meetings: [(UUID, UUID)], items: [(UUID, UUID)],
  updates: [(UUID, UUID)]
) {
  var result: (
    syncUps: [UUID], attendees: [(UUID, UUID)], meetings: [(UUID, UUID)], items: [(UUID, UUID)],
    updates: [(UUID, UUID)]
  ) = ([], [], [], [], [])
  for syncUp in side {
    let before = base[id: syncUp.id]
    if before == nil { result.syncUps.append(syncUp.id) }
    for attendee in syncUp.attendees where before?.attendees[id: attendee.id] == nil {
      result.attendees.append((syncUp.id, attendee.id))
    }
    for meeting in syncUp.meetings where before?.meetings[id: meeting.id] == nil {
      result.meetings.append((syncUp.id, meeting.id))
    }
    for item in syncUp.items where before?.items[id: item.id] == nil {
      result.items.append((syncUp.id, item.id))
    }
    for update in syncUp.updates where before?.updates[id: update.id] == nil {
      result.updates.append((syncUp.id, update.id))
    }
  }
  return result
}

@Suite("Merging random edits")
struct SyncUpsRandomMergeTests {
  @Test(arguments: 0..<200)
  func aMergeOfRandomEditsIsValidCompleteAndDeterministic(seed: UInt64) throws {
    var editor = RandomEditor(generator: SeededGenerator(seed: seed))
    var base: IdentifiedArrayOf<SyncUp> = []
    editor.edit(&base, count: editor.int(0...12))
    var ours = base
    editor.edit(&ours, count: editor.int(0...10))
    var theirs = base
    editor.edit(&theirs, count: editor.int(0...10))
    let newer: MergeSide? = [nil, .ours, .theirs][editor.int(0...2)]

    let result = SyncUpsMerge.merge(base: base, ours: ours, theirs: theirs, sides: .newer(newer))
    let bytes = try SyncUpsFile.encode(result.syncUps)

    // Valid: it loads again as it was, so its ids are unique.
    #expect(try SyncUpsFile.decode(bytes) == result.syncUps, "seed \(seed)")

    // Complete: everything either side added is there.
    for side in [ours, theirs] {
      let added = additions(base: base, side: side)
      for id in added.syncUps {
        #expect(result.syncUps[id: id] != nil, "seed \(seed): sync-up \(id) lost")
      }
      for (syncUp, attendee) in added.attendees {
        #expect(
          result.syncUps[id: syncUp]?.attendees[id: attendee] != nil,
          "seed \(seed): attendee \(attendee) lost")
      }
      for (syncUp, meeting) in added.meetings {
        #expect(
          result.syncUps[id: syncUp]?.meetings[id: meeting] != nil,
          "seed \(seed): meeting \(meeting) lost")
      }
      for (syncUp, item) in added.items {
        #expect(
          result.syncUps[id: syncUp]?.items[id: item] != nil, "seed \(seed): item \(item) lost")
      }
      for (syncUp, update) in added.updates {
        #expect(
          result.syncUps[id: syncUp]?.updates[id: update] != nil,
          "seed \(seed): update \(update) lost")
      }
    }
    for syncUp in result.syncUps {
      let dates = syncUp.meetings.map(\.date)
      let sides = [ours[id: syncUp.id], theirs[id: syncUp.id]].compactMap { $0 }
      // Newest first, unless the sync-up came whole from one side.
      #expect(
        dates == dates.sorted(by: >) || sides.contains(syncUp), "seed \(seed): meeting order")
    }

    // An update both sides wrote differently: the one written last, whole.
    for syncUp in result.syncUps {
      for update in syncUp.updates {
        guard let our = ours[id: syncUp.id]?.updates[id: update.id],
          let their = theirs[id: syncUp.id]?.updates[id: update.id], our.written != their.written
        else { continue }
        let before = base[id: syncUp.id]?.updates[id: update.id]
        guard before != our && before != their else { continue }
        #expect(update == (our.written > their.written ? our : their), "seed \(seed)")
      }
    }

    // Deterministic: the same inputs, decoded afresh, give the same bytes and conflicts.
    let again = SyncUpsMerge.merge(
      base: try SyncUpsFile.decode(SyncUpsFile.encode(base)),
      ours: try SyncUpsFile.decode(SyncUpsFile.encode(ours)),
      theirs: try SyncUpsFile.decode(SyncUpsFile.encode(theirs)), sides: .newer(newer))
    #expect(try SyncUpsFile.encode(again.syncUps) == bytes, "seed \(seed)")
    #expect(again.conflicts == result.conflicts, "seed \(seed)")

    // Merging a side with the base or with itself changes nothing.
    for side in [ours, theirs] {
      for (left, right) in [(side, base), (base, side), (side, side)] {
        let identity = SyncUpsMerge.merge(base: base, ours: left, theirs: right, sides: .newer(newer))
        #expect(identity.syncUps == side, "seed \(seed)")
        #expect(identity.conflicts.said == [], "seed \(seed)")
      }
    }
  }
}

/// A conflict is data: what conflicted, each side's value and time, whose was kept and why,
/// for every kind the merge resolves; the sentence is written from it, with the sides named
/// and the times written as the reader asks.
@Suite("Merging: conflicts as data")
struct MergeConflictRecordTests {
  typealias Change = SyncUpsMergeConflict.Change

  /// A conflict in Engineering at `path`.
  func recorded(_ path: String, kept: MergeSide, change: Change) -> SyncUpsMergeConflict {
    SyncUpsMergeConflict(
      syncUpID: id(1), syncUpTitle: "Engineering", path: path, kept: kept, change: change)
  }

  @Test func aValueChangedOnBothSides() {
    let ana = LaterActWinsTests.renamed("Eng", at: at("09:00"))
    let ben = LaterActWinsTests.renamed("Core", at: at("09:30"))
    let result = merge(
      base: [engineering()], ours: [ana], theirs: [ben], sides: LaterActWinsTests.anaMerges)
    #expect(
      result.conflicts == [
        recorded(
          "title", kept: .theirs,
          change: Change(
            kind: .changed, what: "title", ours: .init("'Eng'", at: at("09:00")),
            theirs: .init("'Core'", at: at("09:30")), reason: .madeLater))
      ])
    // The sides named for a teammate, the times as they like them.
    #expect(
      result.conflicts[0].change.text(
        title: "Engineering", kept: .theirs, here: "by Ana", there: "here",
        time: { DateText.meeting($0, utcOffset: 3600) })
        == "Engineering: title changed to 'Eng' by Ana at Sat 28 Nov 2026, 10:00 and 'Core' "
        + "here at Sat 28 Nov 2026, 10:30; kept 'Core' (made later)")
  }

  @Test func aValueRemovedOnOneSideAndChangedOnTheOther() {
    let ours = engineering(unknownKeys: ["mood": .string("calm")])
    let theirs = engineering(unknownKeys: [:])
    let result = merge(
      base: [engineering(unknownKeys: ["mood": .string("tense")])], ours: [ours],
      theirs: [theirs], newer: .theirs)
    #expect(
      result.conflicts == [
        recorded(
          "mood", kept: .theirs,
          change: Change(
            kind: .changed, what: "key 'mood'", ours: .init(#""calm""#), theirs: .init(nil),
            reason: .newer))
      ])
    #expect(
      result.conflicts[0].message
        == #"Engineering: key 'mood' changed to "calm" here and removed there; kept it "#
        + "removed (newer)")
  }

  @Test func anElementOrASyncUpRemovedOnOneSideAndChangedOnTheOther() {
    let renamed = Attendee(id: id(92), name: "Junior")
    let attendee = merge(
      base: [engineering()], ours: [engineering(attendees: [blob])],
      theirs: [engineering(attendees: [blob, renamed])])
    #expect(
      attendee.conflicts == [
        recorded(
          "attendees.\(id(92))", kept: .theirs,
          change: Change(
            kind: .removed, what: "attendee 'Blob Jr'", ours: .init("removed"),
            theirs: .init("changed")))
      ])
    let syncUp = merge(
      base: [engineering()], ours: [engineering(title: "Eng")], theirs: [])
    #expect(
      syncUp.conflicts == [
        recorded(
          "", kept: .ours,
          change: Change(
            kind: .removed, what: "", ours: .init("changed"), theirs: .init("deleted")))
      ])
    #expect(syncUp.conflicts[0].message == "Engineering: changed here but deleted there; kept it")
  }

  @Test func anUpdateWrittenOnBothSides() {
    let wednesday = CalendarDay("2026-11-25")!
    let ours = WrittenUpdate(attendee: id(91), day: wednesday, done: "a", written: at("09:27:05"))
    let theirs = WrittenUpdate(attendee: id(91), day: wednesday, done: "b", written: at("09:27:48"))
    var mine = engineering()
    mine.updates = [ours]
    var yours = engineering()
    yours.updates = [theirs]
    let result = merge(base: [engineering()], ours: [mine], theirs: [yours])
    #expect(
      result.conflicts == [
        recorded(
          "updates.\(ours.id)", kept: .theirs,
          change: Change(
            kind: .written, what: "update of 'Blob' for Wed 25 Nov 2026",
            ours: .init(nil, at: at("09:27:05")), theirs: .init(nil, at: at("09:27:48")),
            reason: .madeLater))
      ])
    #expect(
      result.conflicts[0].message
        == "Engineering: update of 'Blob' for Wed 25 Nov 2026 written here at "
        + "2026-11-28T09:27:05Z and there at 2026-11-28T09:27:48Z; kept the one written at "
        + "2026-11-28T09:27:48Z (made later)")
  }

  @Test func aReopenAgainstAResolve() {
    let resolved = LaterActWinsTests.resolved(at: at("09:00"), "done")
    var reopened = LaterActWinsTests.resolved(at: at("08:30"), "done")
    reopened.resolved = nil
    reopened.resolution = nil
    reopened.reopened = at("09:10")
    let base = LaterActWinsTests.resolved(at: at("08:30"), "done")
    let result = merge(
      base: [LaterActWinsTests.withItem(base)], ours: [LaterActWinsTests.withItem(reopened)],
      theirs: [LaterActWinsTests.withItem(resolved)], sides: LaterActWinsTests.anaMerges)
    #expect(
      result.conflicts == [
        recorded(
          "items.\(id(71)).resolution", kept: .ours,
          change: Change(
            kind: .resolution, what: "item 'waiting on API keys'",
            ours: .init("reopened", at: at("09:10")),
            theirs: .init("resolved as 'done'", at: at("09:00")), reason: .madeLater))
      ])
    #expect(
      result.conflicts[0].message
        == "Engineering: item 'waiting on API keys' reopened here at 2026-11-28T09:10:00Z and "
        + "resolved as 'done' there at 2026-11-28T09:00:00Z; kept it open (made later)")
  }
}
