#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

/// How a sync-up's stand-up went week by week: a series of local weeks, the newest the week
/// of today, each with its meetings' lengths against their plan, their starts against the
/// planned instant (when meetings record one), attendance, turns that ran over, and the
/// blockers opened and resolved; with the ages of the blockers open today.
///
/// ```swift
/// let trend = try SyncUpTrend(syncUp, weeks: 8, today: today, calendar: calendar,
///   workingDays: .mondayToFriday, age: age)
/// trend.weeks.map(\.lengthMean)   // [780, nil, 815, …]: nil for a week without timings
/// trend.ages.counts               // [1, 0, 2, 3]: open 0–2, 3–5, 6–10, 11+ working days
/// ```
///
/// Weeks are local (``LocalCalendar``) and start on the first day of the `workdays` week
/// (``WorkingDays/firstDay``): Monday for Monday to Friday, Sunday for `sun-thu`. A week
/// without meetings has no figures of its own (`meetings` is 0 and every mean `nil`): it is a
/// gap, not a zero. Means are whole seconds, halves rounded up, as in ``SyncUpStats``.
public struct SyncUpTrend: Equatable, Sendable {
  /// The working-day ages open blockers are counted in: 0–2, 3–5, 6–10 and more than 10.
  public static let ageBuckets: [ClosedRange<Int>] = [0...2, 3...5, 6...10, 11...Int.max]
  /// `--by-person` needs at least this many attendees: with fewer, a share names a person.
  public static let minimumPeople = 3

  /// One local week's figures.
  public struct Week: Equatable, Sendable {
    /// The week's first day.
    public var start: CalendarDay
    /// Meetings held, timed or not.
    public var meetings = 0
    /// Meetings with timings.
    public var timed = 0
    /// The timed meetings' mean length and mean planned length; `nil` without any.
    public var lengthMean: Int?
    public var plannedMean: Int?
    /// The longest timed meeting; `nil` without any.
    public var longest: Int?
    /// Timed meetings that ran longer than their planned length.
    public var overran = 0
    /// Meetings that record their planned instant (`scheduled`); the figures below are
    /// `nil` without any.
    public var scheduled = 0
    /// Of those, how many started within ``Meeting/lateAfter`` seconds of it, how many
    /// later, and how late those started on average.
    public var onTime: Int?
    public var late: Int?
    public var lateMean: Int?
    /// Places at the meetings that recorded who was on the sync-up, and those taken.
    public var expected = 0
    public var attended = 0
    /// Turns taken, those that ran past their slot, and those warned before they did, the
    /// last `nil` when no turn of the week records its warning (`warned`).
    public var turns = 0
    public var turnsOver = 0
    public var warned: Int?
    /// Blockers opened and resolved on a day of the week.
    public var blockersOpened = 0
    public var blockersResolved = 0

    public init(start: CalendarDay) {
      self.start = start
    }

    /// Attended places as a whole percentage, halves up; `nil` without a recorded place.
    public var attendancePercent: Int? {
      expected == 0 ? nil : (attended * 200 + expected) / (expected * 2)
    }
  }

  /// One meeting of the weeks covered, for charts that draw each meeting.
  public struct MeetingPoint: Equatable, Sendable {
    public var id: UUID
    public var day: CalendarDay
    /// Its length and planned length in seconds; `nil` for an untimed meeting.
    public var length: Int?
    public var planned: Int?
    /// Seconds from the planned instant to the start (negative when early); `nil` when the
    /// meeting records none.
    public var lateness: Int?
    /// Places recorded and taken (0 and 0 for a meeting that did not record them).
    public var expected: Int
    public var attended: Int
  }

  /// The open blockers by age.
  public struct Ages: Equatable, Sendable {
    /// How many are open in each of ``SyncUpTrend/ageBuckets``.
    public var counts: [Int]
    /// The blocker open longest, with its age in working days; `nil` when none is open.
    public var oldest: Blocker?

    /// An open blocker and its age.
    public struct Blocker: Equatable, Sendable {
      public var id: UUID
      public var text: String
      public var age: Int

      public init(id: UUID, text: String, age: Int) {
        self.id = id
        self.text = text
        self.age = age
      }
    }

    public var open: Int { counts.reduce(0, +) }

    /// The ages `ages` fall into each bucket, and the oldest (the first listed of equals).
    public init(_ ages: [Blocker]) {
      counts = SyncUpTrend.ageBuckets.map { bucket in ages.count { bucket.contains($0.age) } }
      oldest = ages.reduce(nil as Blocker?) { oldest, item in
        oldest.map { $0.age >= item.age ? $0 : item } ?? item
      }
    }
  }

  /// One person's part in the weeks covered: a facilitation signal, never a ranking.
  public struct Person: Equatable, Sendable, Identifiable {
    public var id: UUID
    /// The name on the sync-up today, else the newest meeting's.
    public var name: String
    /// Whether the person has left the sync-up since.
    public var former: Bool
    /// Seconds spoken, and their share of all the seconds spoken as a whole percentage.
    public var spoken: Int
    public var sharePercent: Int
    /// The share each would have if everyone who spoke spoke as long: 100 divided by their
    /// number, rounded.
    public var evenPercent: Int
    /// Meetings that recorded the person on the sync-up, and those they attended.
    public var expected: Int
    public var attended: Int
    public var turns: Int
    public var turnsOver: Int

    public init(
      id: UUID, name: String, former: Bool, spoken: Int, sharePercent: Int, evenPercent: Int,
      expected: Int, attended: Int, turns: Int, turnsOver: Int
    ) {
      self.id = id
      self.name = name
      self.former = former
      self.spoken = spoken
      self.sharePercent = sharePercent
      self.evenPercent = evenPercent
      self.expected = expected
      self.attended = attended
      self.turns = turns
      self.turnsOver = turnsOver
    }
  }

  /// `--by-person` asked of a sync-up with fewer than ``minimumPeople`` attendees.
  public struct TooFewPeople: Error, Equatable {
    public var attendees: Int

    public init(attendees: Int) {
      self.attendees = attendees
    }
  }

  public var syncUpID: UUID
  public var title: String
  public var theme: Theme
  /// Oldest first; the last is the week of today.
  public var weeks: [Week]
  /// The meetings of those weeks, oldest first.
  public var points: [MeetingPoint]
  /// Every turn's length in seconds in those weeks.
  public var turnLengths: [Int]
  public var ages: Ages
  /// The timed meetings' figures over all the weeks: the mean length and planned length,
  /// how many ran over, and the longest with its day.
  public var lengthMean: Int?
  public var plannedMean: Int?
  public var overran: Int
  public var longest: Longest?
  /// How late the late starts were on average over all the weeks; `nil` without any.
  public var lateMean: Int?

  /// The longest timed meeting's length and day.
  public struct Longest: Equatable, Sendable {
    public var seconds: Int
    public var day: CalendarDay

    public init(seconds: Int, day: CalendarDay) {
      self.seconds = seconds
      self.day = day
    }
  }
  /// Per person, only when asked for.
  public var people: [Person]?

  /// Whether any week records planned instants, or turns' warnings: the rows about them
  /// are shown only then.
  public var recordsSchedule: Bool { weeks.contains { $0.scheduled > 0 } }
  public var recordsWarnings: Bool { weeks.contains { $0.warned != nil } }

  /// The `weeks` weeks up to the one holding `today`, on `calendar`, weeks starting on
  /// `workingDays`' first day; `age` gives an open blocker's age in working days. With
  /// `byPerson`, each person's figures too, which a sync-up of fewer than ``minimumPeople``
  /// attendees refuses.
  public init(
    _ syncUp: SyncUp, weeks count: Int, today: CalendarDay, calendar: LocalCalendar,
    workingDays: WorkingDays, age: (Item) -> Int, byPerson: Bool = false
  ) throws(TooFewPeople) {
    if byPerson && syncUp.attendees.count < Self.minimumPeople {
      throw TooFewPeople(attendees: syncUp.attendees.count)
    }
    syncUpID = syncUp.id
    title = syncUp.title
    theme = syncUp.theme
    let weekCount = Swift.max(count, 1)
    let first = workingDays.weekStart(of: today).adding(days: -7 * (weekCount - 1))
    weeks = (0..<weekCount).map { Week(start: first.adding(days: 7 * $0)) }
    let index = { (date: Date) -> Int? in
      let days = calendar.day(of: date).daysSince1970 - first.daysSince1970
      return days >= 0 && days < 7 * weekCount ? days / 7 : nil
    }

    var lengths = Array(repeating: [(Int, Int)](), count: weekCount)
    var lateness = Array(repeating: [Int](), count: weekCount)
    var tally = PeopleTally(syncUp)
    points = []
    turnLengths = []
    // Meetings are stored newest first.
    for meeting in syncUp.meetings.reversed() {
      guard let week = index(meeting.date) else { continue }
      weeks[week].meetings += 1
      let planned = meeting.duration.map { _ in meeting.plannedDuration ?? syncUp.duration }
      if let length = meeting.duration, let planned {
        lengths[week].append((length, planned))
        if longest == nil || length > longest!.seconds {
          longest = Longest(seconds: length, day: calendar.day(of: meeting.date))
        }
      }
      let late = meeting.lateness
      if let late { lateness[week].append(late) }
      let present = meeting.attendees?.count { !$0.absent } ?? 0
      weeks[week].expected += meeting.attendees?.count ?? 0
      weeks[week].attended += present
      for turn in meeting.turns ?? [] {
        weeks[week].turns += 1
        if turn.overtime > 0 { weeks[week].turnsOver += 1 }
        if turn.warned != nil { weeks[week].warned = (weeks[week].warned ?? 0) + 1 }
        turnLengths.append(turn.seconds)
      }
      if byPerson { tally.count(meeting) }
      points.append(
        MeetingPoint(
          id: meeting.id, day: calendar.day(of: meeting.date), length: meeting.duration,
          planned: planned, lateness: late, expected: meeting.attendees?.count ?? 0,
          attended: present))
    }
    for (week, pairs) in lengths.enumerated() where !pairs.isEmpty {
      weeks[week].timed = pairs.count
      weeks[week].lengthMean = SyncUpStats.mean(pairs.map(\.0))
      weeks[week].plannedMean = SyncUpStats.mean(pairs.map(\.1))
      weeks[week].longest = pairs.map(\.0).max()
      weeks[week].overran = pairs.count { $0.0 > $0.1 }
    }
    for (week, starts) in lateness.enumerated() where !starts.isEmpty {
      let late = starts.filter { $0 > Meeting.lateAfter }
      weeks[week].scheduled = starts.count
      weeks[week].late = late.count
      weeks[week].onTime = starts.count - late.count
      weeks[week].lateMean = SyncUpStats.mean(late)
    }
    lateMean = SyncUpStats.mean(lateness.joined().filter { $0 > Meeting.lateAfter })
    let all = lengths.joined()
    lengthMean = SyncUpStats.mean(all.map(\.0))
    plannedMean = SyncUpStats.mean(all.map(\.1))
    overran = all.count { $0.0 > $0.1 }

    var open: [Ages.Blocker] = []
    for item in syncUp.items where item.kind == .blocker {
      if let week = index(item.opened) { weeks[week].blockersOpened += 1 }
      if let resolved = item.resolved, let week = index(resolved) {
        weeks[week].blockersResolved += 1
      }
      if item.isOpen { open.append(Ages.Blocker(id: item.id, text: item.text, age: age(item))) }
    }
    ages = Ages(open)
    people = byPerson ? tally.people : nil
  }

  /// Each person's tallies, the sync-up's attendees first in their order, then those who
  /// left, as the newest meeting names them.
  private struct PeopleTally {
    var order: [UUID]
    var names: [UUID: String]
    let current: Set<UUID>
    var spoken: [UUID: Int] = [:]
    var expected: [UUID: Int] = [:]
    var attended: [UUID: Int] = [:]
    var turns: [UUID: Int] = [:]
    var turnsOver: [UUID: Int] = [:]

    init(_ syncUp: SyncUp) {
      order = syncUp.attendees.map(\.id)
      names = Dictionary(syncUp.attendees.map { ($0.id, $0.name) }) { first, _ in first }
      current = Set(order)
    }

    /// Counts a meeting; meetings come oldest first, so a later name replaces an earlier
    /// one of someone who left.
    mutating func count(_ meeting: Meeting) {
      func see(_ id: UUID, _ name: String) {
        if !current.contains(id) {
          if names[id] == nil { order.append(id) }
          names[id] = name
        }
      }
      for attendee in meeting.attendees ?? [] {
        see(attendee.id, attendee.name)
        expected[attendee.id, default: 0] += 1
        if !attendee.absent { attended[attendee.id, default: 0] += 1 }
      }
      for turn in meeting.turns ?? [] {
        see(turn.attendee, turn.name)
        spoken[turn.attendee, default: 0] += turn.seconds
        turns[turn.attendee, default: 0] += 1
        if turn.overtime > 0 { turnsOver[turn.attendee, default: 0] += 1 }
      }
    }

    var people: [Person] {
      let total = spoken.values.reduce(0, +)
      let speakers = spoken.count
      let even = speakers == 0 ? 0 : (200 + speakers) / (2 * speakers)
      return order.map { id in
        let seconds = spoken[id] ?? 0
        return Person(
          id: id, name: names[id] ?? "", former: !current.contains(id), spoken: seconds,
          sharePercent: total == 0 ? 0 : (seconds * 200 + total) / (2 * total),
          evenPercent: even, expected: expected[id] ?? 0, attended: attended[id] ?? 0,
          turns: turns[id] ?? 0, turnsOver: turnsOver[id] ?? 0)
      }
    }
  }
}

extension WorkingDays {
  /// The first day of the working week, 0 (Sunday) to 6: the first day worked after one not
  /// worked, looking from Monday (Monday for `mon-fri`, Sunday for `sun-thu`); Monday when
  /// every day is worked.
  public var firstDay: Int {
    guard weekdays.count < 7 else { return 1 }
    return (1...7).map { $0 % 7 }.first { weekdays.contains($0) && !weekdays.contains(($0 + 6) % 7) }!
  }

  /// The first day of the working week `day` falls in.
  public func weekStart(of day: CalendarDay) -> CalendarDay {
    day.adding(days: -((day.weekday - firstDay + 7) % 7))
  }
}

extension Meeting {
  /// A start more than this many seconds after the scheduled instant is late; one earlier,
  /// or up to two minutes after, is on time.
  public static let lateAfter = 120

  /// How many seconds after its ``scheduled`` instant the meeting started (its ``started``,
  /// else its ``date``), negative when early; nil when it records none.
  public var lateness: Int? {
    scheduled.map { Int((started ?? date).timeIntervalSince($0).rounded()) }
  }
}
