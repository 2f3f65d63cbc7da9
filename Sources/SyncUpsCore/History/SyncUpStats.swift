#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// What a sync-up's history says about its meetings: how many were held, how long they ran
/// against the planned length, and how each attendee took part.
///
/// ```swift
/// let stats = SyncUpStats(syncUp, selection: .last(10))
/// stats.meetings          // 10
/// stats.duration.median   // 312 (seconds), or nil when none of the ten has timings
/// ```
///
/// Only meetings with timings (a recorded ``Meeting/duration``) enter a timing figure; the
/// others (saved before meetings were timed, or imported from the SyncUps app) count as held
/// and nothing else. Every figure in seconds is whole: a mean, and the median of an even
/// count (the mean of the two middle values), are rounded to the nearest second, halves up.
public struct SyncUpStats: Equatable, Sendable {
  /// Which of a sync-up's meetings the figures cover.
  public enum Selection: Equatable, Sendable {
    /// Every meeting.
    case all
    /// The `count` newest meetings.
    case last(Int)
    /// The meetings held at `date` or later.
    case since(Date)
  }

  /// How long the timed meetings ran, in seconds, against the planned length.
  public struct Lengths: Equatable, Sendable {
    /// The planned length: the median of each timed meeting's ``Meeting/plannedDuration``
    /// (the sync-up's length when the meeting was held), or of the sync-up's length today for
    /// a meeting that did not record it; `nil` without timed meetings.
    public var planned: Int?
    /// For an even count, the mean of the two middle lengths, rounded (halves up).
    public var median: Int?
    /// Rounded to the nearest second, halves up.
    public var mean: Int?
    /// The longest meeting.
    public var max: Int?
    /// How many timed meetings ran longer than their own planned length.
    public var overran: Int
    /// How many meetings were ended before every attendee had spoken.
    public var endedEarly: Int

    public init(
      planned: Int?, median: Int?, mean: Int?, max: Int?, overran: Int, endedEarly: Int
    ) {
      self.planned = planned
      self.median = median
      self.mean = mean
      self.max = max
      self.overran = overran
      self.endedEarly = endedEarly
    }
  }

  /// How one person took part in the timed meetings.
  public struct Attendance: Equatable, Sendable, Identifiable {
    /// The attendee's id on the sync-up.
    public var id: UUID
    /// The latest name: the sync-up's for a current attendee, else the newest meeting's.
    public var name: String
    /// Timed meetings that list the person as present.
    public var attended: Int
    /// Timed meetings that list the person as absent on a day they had not said they would
    /// be away.
    public var absent: Int
    /// Timed meetings that list the person as absent on a day of their time away
    /// (``Attendee/away``): missed as announced.
    public var away: Int
    /// The median of the person's turns, in seconds; `nil` without turns.
    public var medianSpeaking: Int?
    /// All the person's turns together, in seconds.
    public var totalSpeaking: Int
    /// Turns that ran past their slot.
    public var overSlot: Int
    /// The sync-up's items the person owns that are still open, and those resolved.
    public var openItems: Int
    public var resolvedItems: Int

    public init(
      id: UUID, name: String, attended: Int, absent: Int, medianSpeaking: Int?,
      totalSpeaking: Int, overSlot: Int, openItems: Int = 0, resolvedItems: Int = 0,
      away: Int = 0
    ) {
      self.id = id
      self.name = name
      self.attended = attended
      self.absent = absent
      self.away = away
      self.medianSpeaking = medianSpeaking
      self.totalSpeaking = totalSpeaking
      self.overSlot = overSlot
      self.openItems = openItems
      self.resolvedItems = resolvedItems
    }
  }

  /// The open items of one kind and how long they have been open, in working days.
  public struct OpenItems: Equatable, Sendable {
    public var count: Int
    /// The median age; for an even count the mean of the two middle ages, rounded (halves
    /// up). `nil` when none is open.
    public var medianAge: Int?
    /// The age of the item open longest; `nil` when none is open.
    public var oldestAge: Int?

    public init(count: Int, medianAge: Int?, oldestAge: Int?) {
      self.count = count
      self.medianAge = medianAge
      self.oldestAge = oldestAge
    }

    init(ages: [Int]) {
      self.init(count: ages.count, medianAge: SyncUpStats.median(ages), oldestAge: ages.max())
    }
  }

  /// What became of the sync-up's blockers and action items.
  public struct Items: Equatable, Sendable {
    public var blockers: OpenItems
    public var actions: OpenItems
    /// Items resolved in the meetings the figures cover (their ``Item/resolvedIn``).
    public var resolvedInMeetings: Int
    /// `resolvedInMeetings` a meeting, in tenths, rounded (halves up); `nil` without meetings.
    public var resolvedPerMeetingTenths: Int?

    public init(
      blockers: OpenItems, actions: OpenItems, resolvedInMeetings: Int,
      resolvedPerMeetingTenths: Int?
    ) {
      self.blockers = blockers
      self.actions = actions
      self.resolvedInMeetings = resolvedInMeetings
      self.resolvedPerMeetingTenths = resolvedPerMeetingTenths
    }
  }

  /// How punctually the meetings that record their scheduled instant (``Meeting/scheduled``)
  /// started: on time (early, or at most ``Meeting/lateAfter`` seconds after it) or late.
  public struct Starts: Equatable, Sendable {
    public var onTime: Int
    public var late: Int
    /// The median of how many seconds after their scheduled instant the late meetings
    /// started (halves up); `nil` when none was late.
    public var medianLateness: Int?

    public init(onTime: Int, late: Int, medianLateness: Int?) {
      self.onTime = onTime
      self.late = late
      self.medianLateness = medianLateness
    }

    /// The starts of `meetings`; `nil` when none records its scheduled instant.
    init?(_ meetings: some Sequence<Meeting>) {
      let lateness = meetings.compactMap(\.lateness)
      guard !lateness.isEmpty else { return nil }
      let late = lateness.filter { $0 > Meeting.lateAfter }
      self.init(
        onTime: lateness.count - late.count, late: late.count,
        medianLateness: SyncUpStats.median(late))
    }
  }

  /// The sync-up the figures are about, and its title today, for reports that name it.
  public var syncUpID: UUID
  public var title: String
  /// Meetings held in the selection, timed or not.
  public var meetings: Int
  /// Meetings in the selection with timings.
  public var timed: Int
  public var duration: Lengths
  /// The sync-up's current attendees in their order, then anyone else who appears in a timed
  /// meeting's attendees or turns, newest meeting first.
  public var attendees: [Attendance]
  /// The timed meetings' lengths in seconds, oldest first.
  public var lengths: [Int]
  /// The items open today, whatever the selection, and those resolved in its meetings.
  public var items: Items
  /// Whether the sync-up has any item, open or resolved: reports leave the item figures out
  /// of a sync-up that has never had one.
  public var hasItems: Bool
  /// Whether an attendee has time away: reports leave the meetings missed while away out of
  /// a sync-up where nobody ever announced any.
  public var hasTimeAway: Bool
  /// How punctually the selected meetings started, timed or not; `nil` when none records its
  /// scheduled instant.
  public var starts: Starts?

  /// Meetings held but left out of every timing figure, for having no timings.
  public var untimed: Int { meetings - timed }

  /// The figures for `syncUp`'s meetings that `selection` picks. `age` gives how long an
  /// item has been open, in working days (``Item/age(at:workingDays:utcOffset:)``); an item's
  /// age is counted now, whatever the selection.
  public init(
    _ syncUp: SyncUp, selection: Selection = .all, age: (Item) -> Int = { _ in 0 },
    utcOffset: (Date) -> Int = { _ in 0 }
  ) {
    let selected: ArraySlice<Meeting>
    switch selection {
    case .all:
      selected = syncUp.meetings.elements[...]
    case .last(let count):
      selected = syncUp.meetings.elements.prefix(Swift.max(count, 0))
    case .since(let date):
      selected = syncUp.meetings.elements.filter { $0.date >= date }[...]
    }
    let timedMeetings = selected.filter { $0.duration != nil }

    syncUpID = syncUp.id
    title = syncUp.title
    meetings = selected.count
    timed = timedMeetings.count
    lengths = timedMeetings.reversed().map { $0.duration ?? 0 }

    let planned = timedMeetings.map { $0.plannedDuration ?? syncUp.duration }
    duration = Lengths(
      planned: Self.median(planned),
      median: Self.median(lengths),
      mean: Self.mean(lengths),
      max: lengths.max(),
      overran: zip(timedMeetings, planned).filter { ($0.duration ?? 0) > $1 }.count,
      endedEarly: timedMeetings.filter { $0.endedEarly == true }.count)
    attendees = Self.attendance(in: timedMeetings, of: syncUp, utcOffset: utcOffset)
    hasTimeAway = syncUp.attendees.contains { !$0.away.isEmpty }
    starts = Starts(selected)
    hasItems = !syncUp.items.isEmpty
    items = Self.items(of: syncUp, in: selected, age: age)
    Self.countOwners(of: syncUp, into: &attendees)
  }

  private static func items(
    of syncUp: SyncUp, in meetings: ArraySlice<Meeting>, age: (Item) -> Int
  ) -> Items {
    var blockers: [Int] = []
    var actions: [Int] = []
    var resolvedIn: [UUID] = []
    for item in syncUp.items {
      if item.isOpen {
        // A kind a later version knows counts with neither.
        if item.kind == .blocker { blockers.append(age(item)) }
        if item.kind == .action { actions.append(age(item)) }
      } else if let meeting = item.resolvedIn {
        resolvedIn.append(meeting)
      }
    }
    // Most sync-ups have no item resolved in a meeting: no set of the meetings for them.
    let covered = resolvedIn.isEmpty ? [] : Set(meetings.map(\.id))
    let resolved = resolvedIn.filter(covered.contains).count
    return Items(
      blockers: OpenItems(ages: blockers), actions: OpenItems(ages: actions),
      resolvedInMeetings: resolved,
      resolvedPerMeetingTenths: meetings.isEmpty
        ? nil : roundedQuotient(resolved * 10, meetings.count))
  }

  /// Counts each owner's open and resolved items on their row; an owner not on it yet (who
  /// left the sync-up and is in no meeting the figures cover) gets a row at the end, named as
  /// ``SyncUp/ownerName(of:)`` finds them (unnamed when it does not).
  private static func countOwners(of syncUp: SyncUp, into attendees: inout [Attendance]) {
    for item in syncUp.items {
      guard let owner = item.owner else { continue }
      let index: Int
      if let found = attendees.firstIndex(where: { $0.id == owner }) {
        index = found
      } else {
        attendees.append(
          Attendance(
            id: owner, name: syncUp.ownerName(of: item) ?? "", attended: 0, absent: 0, medianSpeaking: nil, totalSpeaking: 0,
            overSlot: 0))
        index = attendees.count - 1
      }
      if item.isOpen {
        attendees[index].openItems += 1
      } else {
        attendees[index].resolvedItems += 1
      }
    }
  }

  /// Each person's attendance; an absence on a local date (`utcOffset`) of their time away
  /// counts as away, not as absent.
  private static func attendance(
    in meetings: [Meeting], of syncUp: SyncUp, utcOffset: (Date) -> Int
  ) -> [Attendance] {
    var people = People()
    for attendee in syncUp.attendees {
      _ = people.index(of: attendee.id, name: attendee.name)
    }
    for meeting in meetings {
      for attendee in meeting.attendees ?? [] {
        let index = people.index(of: attendee.id, name: attendee.name)
        if attendee.absent,
          let away = syncUp.attendees[id: attendee.id]?.away, !away.isEmpty,
          away.contains(where: { $0.includes(CalendarDay(meeting.date, utcOffset: utcOffset)) })
        {
          people.tallies[index].away += 1
        } else if attendee.absent {
          people.tallies[index].absent += 1
        } else {
          people.tallies[index].attended += 1
        }
      }
      for turn in meeting.turns ?? [] {
        let index = people.index(of: turn.attendee, name: turn.name)
        people.tallies[index].turns.append(turn.seconds)
        if turn.overtime > 0 { people.tallies[index].overSlot += 1 }
      }
    }
    return zip(people.ids, people.tallies).map { id, tally in
      Attendance(
        id: id, name: tally.name, attended: tally.attended, absent: tally.absent,
        medianSpeaking: median(tally.turns), totalSpeaking: tally.turns.reduce(0, +),
        overSlot: tally.overSlot, away: tally.away)
    }
  }

  /// Everyone counted so far, in the order first seen, with their tallies.
  private struct People {
    var ids: [UUID] = []
    var tallies: [Tally] = []
    /// Positions by id, kept once there are too many people to scan.
    private var positions: [UUID: Int] = [:]
    private static let scanLimit = 32

    /// The position of `id`, added with `name` if it is new. Meetings come newest first, after
    /// the sync-up's attendees, so the first name seen is the latest. A sync-up has a handful
    /// of people, and comparing a few ids costs less than hashing one.
    mutating func index(of id: UUID, name: String) -> Int {
      if ids.count <= Self.scanLimit {
        if let index = ids.firstIndex(of: id) { return index }
      } else if let index = positions[id] {
        return index
      }
      ids.append(id)
      tallies.append(Tally(name: name))
      if ids.count == Self.scanLimit + 1 {
        positions = Dictionary(uniqueKeysWithValues: zip(ids, ids.indices))
      } else if ids.count > Self.scanLimit {
        positions[id] = ids.count - 1
      }
      return ids.count - 1
    }
  }

  private struct Tally {
    var name: String
    var attended = 0
    var absent = 0
    var away = 0
    var turns: [Int] = []
    var overSlot = 0
  }

  /// The middle value; for an even count the mean of the two middle values, rounded like
  /// ``mean(_:)``. `nil` for no values.
  static func median(_ values: [Int]) -> Int? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 { return sorted[middle] }
    return roundedQuotient(sorted[middle - 1] + sorted[middle], 2)
  }

  /// The mean, rounded to the nearest whole number, halves up. `nil` for no values.
  static func mean(_ values: [Int]) -> Int? {
    guard !values.isEmpty else { return nil }
    return roundedQuotient(values.reduce(0, +), values.count)
  }

  /// `dividend / divisor` (a positive divisor) rounded to the nearest whole number, halves
  /// up: ⌊(2·dividend + divisor) / (2·divisor)⌋. A hand-edited file may hold a negative
  /// length, so the floor is taken for negative numbers too.
  private static func roundedQuotient(_ dividend: Int, _ divisor: Int) -> Int {
    let numerator = 2 * dividend + divisor
    let denominator = 2 * divisor
    let quotient = numerator / denominator
    return numerator % denominator < 0 ? quotient - 1 : quotient
  }
}
