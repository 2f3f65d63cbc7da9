import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// The pieces of `syncups watch`: the changes it reads from two states a meeting published,
/// its JSON Lines, its screen and its line, the summary of an ended meeting, and the watcher
/// files a meeting counts.
@Suite("Watch")
struct WatchTests {
  /// Ana 10.5 s into her 30 s slot of Eng's 90 s among three, as of second 1,000 (see
  /// ``StatusTests/published(running:overtime:paused:ending:)``), with what a late joiner
  /// needs and the meeting's pace.
  static func status(
    variance: Int? = nil, projectedEnd: Double? = nil, phase: String? = nil
  ) -> PublishedStatus {
    var status = StatusTests.published()
    status.items = ["1. blocked 3 days: waiting on API keys"]
    status.update = ["Wrote for Tue 24 Nov:", "  Done: the login page"]
    status.planned = 90
    status.turnsOver = 0
    status.variance = variance
    status.projectedEnd = projectedEnd
    status.phase = phase
    return status
  }

  /// `status` with the next speaker on, as the meeting writes it when `n` is pressed at `at`.
  static func next(_ status: PublishedStatus, at: Double) -> PublishedStatus {
    var next = status.at(at)
    next.speakerIndex += 1
    next.speaker = status.next[0]
    next.next = Array(status.next.dropFirst())
    next.turnElapsed = 0
    next.items = []
    next.update = []
    return next
  }

  // MARK: Changes

  @Test func onlyTimePassingIsNoChange() {
    let status = Self.status()
    #expect(WatchEvent.changes(from: status.at(1005), to: status.at(1010)) == [])
  }

  @Test func theNextSpeakerIsATurn() {
    let old = Self.status().at(1020)
    let new = Self.next(old, at: 1020)
    #expect(WatchEvent.changes(from: old, to: new) == [.turn(new)])
    #expect(
      WatchEvent.turn(new).json.text(pretty: false)
        == #"{"elapsed":31,"event":"turn","items":[],"next":["Cy"],"slot":30,"speaker":"Ben","#
        + #""speakerCount":3,"speakerIndex":2,"update":[]}"# + "\n")
  }

  /// A skip puts the speaker last: the one who speaks changes, their number does not.
  @Test func aSkippedSpeakerIsASkipNotATurn() {
    let old = Self.status().at(1005)
    var new = old
    new.speaker = "Ben"
    new.next = ["Cy", "Ana"]
    #expect(WatchEvent.changes(from: old, to: new) == [.skipped(name: "Ana", status: new)])
    #expect(
      WatchEvent.skipped(name: "Ana", status: new).json.text(pretty: false)
        == #"{"elapsed":16,"event":"skipped","skipped":"Ana","speaker":"Ben"}"# + "\n")
  }

  @Test func anArrivalIsAJoin() {
    let old = Self.status().at(1005)
    var new = old
    new.speakerCount = 4
    new.next = ["Ben", "Cy", "Di"]
    #expect(WatchEvent.changes(from: old, to: new) == [.joined(new)])
  }

  @Test func pausesOvertimeAndCuesAreSaidOnce() {
    let old = Self.status().at(1005)
    var paused = old
    paused.paused = true
    paused.running = false
    #expect(WatchEvent.changes(from: old, to: paused) == [.paused(paused)])
    #expect(WatchEvent.changes(from: paused, to: old) == [.resumed(old)])
    var over = old
    over.overtime = true
    #expect(WatchEvent.changes(from: old, to: over) == [.overtime(over)])
    #expect(WatchEvent.changes(from: over, to: over) == [])
    var cued = old
    cued.phase = "wrapUp"
    #expect(WatchEvent.changes(from: old, to: cued) == [.warn(phase: "wrapUp", status: cued)])
    #expect(WatchEvent.changes(from: cued, to: cued) == [])
    // A turn that reached no cue yet, as the meeting publishes it, is no warning.
    var uncued = old
    uncued.phase = "none"
    #expect(WatchEvent.changes(from: old, to: uncued) == [])
    #expect(
      WatchEvent.warn(phase: "wrapUp", status: cued).json.text(pretty: false)
        == #"{"elapsed":16,"event":"warn","left":14,"phase":"wrapUp","speaker":"Ana"}"# + "\n")
  }

  /// The snapshot is the `status --json` object with what a late joiner needs; the meeting's
  /// pace where the meeting reckons it, null where not.
  @Test func theSnapshotHoldsTheWholeState() throws {
    let status = Self.status(variance: 70, projectedEnd: 1_795_859_100).at(1000)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(WatchEvent.snapshot(status).json.text().utf8))
        as? [String: Any])
    #expect(object["event"] as? String == "snapshot")
    #expect(object["speaker"] as? String == "Ana")
    #expect(object["turnLeft"] as? Int == 19)
    #expect(object["next"] as? [String] == ["Ben", "Cy"])
    #expect(object["items"] as? [String] == ["1. blocked 3 days: waiting on API keys"])
    #expect(object["update"] as? [String] == ["Wrote for Tue 24 Nov:", "  Done: the login page"])
    #expect(object["planned"] as? Int == 90)
    #expect(object["variance"] as? Int == 70)
    // The projected end runs on with the time passed, as the meeting reckons it: what is left
    // of it (79 s) from the status's instant.
    #expect(object["projectedEnd"] as? String == "1970-01-01T00:17:59Z")
    #expect(object["phase"] is NSNull)
  }

  // MARK: What shows

  @Test func aLateJoinerSeesTheWholeStateAtOnce() {
    let view = WatchView(
      status: Self.status(variance: 70, projectedEnd: 1_795_859_100).at(1005),
      silentFor: nil, style: TerminalStyle(depth: nil), utcOffset: 3600)
    #expect(
      view.lines(width: 60) == [
        "Eng", "",
        "Ana is speaking",
        "0:14 left",
        "Speaker 1 of 3 · Next: Ben, Cy", "",
        "Meeting  0:16 of 1:30 · 1:14 left",
        "behind 1:10 · ends ~01:17", "",
        "1. blocked 3 days: waiting on API keys",
        "Wrote for Tue 24 Nov:",
        "  Done: the login page",
      ])
    #expect(
      view.compactLine(width: 80)
        == "Eng · Ana 0:14 left · next Ben · 0:16 of 1:30 · behind 1:10 · ends ~01:17")
    #expect(view.compactLine(width: 20) == "Eng · Ana 0:14 left…")
  }

  /// Ten seconds either side of the plan is on time, so the sign does not flicker.
  @Test func thePaceHasADeadBand() {
    func pace(_ variance: Int) -> String? {
      WatchView(
        status: Self.status(variance: variance), silentFor: nil, style: TerminalStyle(depth: nil),
        utcOffset: 0
      ).pace
    }
    #expect(pace(10) == "on time")
    #expect(pace(-10) == "on time")
    #expect(pace(11) == "behind 0:11")
    #expect(pace(-40) == "ahead 0:40")
    #expect(
      WatchView(status: Self.status(), silentFor: nil, style: TerminalStyle(depth: nil), utcOffset: 0)
        .pace == nil)
  }

  @Test func overtimePausesAndSilenceShow() {
    var status = Self.status().at(1000)
    status.overtime = true
    status.turnElapsed = 42
    status.paused = true
    status.running = false
    let view = WatchView(status: status, silentFor: 12, style: TerminalStyle(depth: nil), utcOffset: 0)
    #expect(
      Array(view.lines(width: 60).prefix(6)) == [
        "Eng", "",
        "meeting not responding (last update 12 s ago)", "",
        "Ana is speaking",
        "+0:12 over !  Paused",
      ])
    #expect(view.compactLine(width: 80) == "Eng · meeting not responding (last update 12 s ago)")
  }

  @Test func anEndedMeetingIsOneLine() {
    var last = Self.status().at(1000)
    last.running = false
    last.elapsed = 850
    last.planned = 900
    last.turnsOver = 1
    last.ended = 1_764_323_040  // 2025-11-28T09:44:00Z
    let end = MeetingEnd(last, now: 1_764_323_100)
    #expect(end.line(utcOffset: 0) == "ended 09:44 · 14:10 of 15:00 · 1 turn over")
    #expect(
      WatchEvent.ended(end).json.text(pretty: false)
        == #"{"at":"2025-11-28T09:44:00Z","elapsed":850,"event":"ended","planned":900,"turnsOver":1}"# + "\n")
    // Seen last in overtime, without the meeting's own last state: that turn counts.
    var seen = last
    seen.ended = nil
    seen.overtime = true
    seen.turnsOver = 0
    #expect(MeetingEnd(seen, now: 1_764_323_040).line(utcOffset: 0) == "ended 09:44 · 14:10 of 15:00 · 1 turn over")
  }

  @Test func inotifyEventsGiveTheirNames() {
    func event(_ name: String, padded: Int) -> [UInt8] {
      let length = UInt32(padded)
      return [1, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0]
        + withUnsafeBytes(of: length.littleEndian, Array.init)
        + Array(name.utf8) + Array(repeating: 0, count: padded - name.utf8.count)
    }
    let bytes = event("42.json", padded: 16) + event("42.watch.7", padded: 16)
    #expect(DirectoryEvents.names(in: bytes[...]) == ["42.json", "42.watch.7"])
  }

  // MARK: Watchers

  /// Watchers whose process runs are counted (this process stands for one); the file of one
  /// whose process is gone is removed.
  @Test func theMeetingCountsItsWatchers() throws {
    let fileSystem = InMemoryFileSystem()
    try withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
    } operation: {
      let directory = StatusDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/test"])
      let watchers = MeetingWatchers(directory: directory, meeting: 4242)
      #expect(watchers.count() == 0)
      try watchers.add(.current)
      #expect(watchers.count() == 1)
      // A pid no process has: the largest a kernel gives is below 2^22.
      try watchers.add(ProcessIdentity(pid: 4_194_304 + 17, start: nil))
      #expect(watchers.count() == 1)
      #expect(fileSystem.contents(of: watchers.file(for: 4_194_304 + 17)) == nil)
      // Another meeting's watchers are not this one's.
      try MeetingWatchers(directory: directory, meeting: 4243).add(.current)
      #expect(watchers.count() == 1)
      // Counted again and again, a watcher found running is kept; one gone is dropped.
      var verified: Set<String> = ["4242.watch.\(4_194_304 + 18)"]
      #expect(watchers.count(verified: &verified) == 1)
      #expect(verified == ["4242.watch.\(ProcessIdentity.current.pid)"])
      watchers.remove(ProcessIdentity.current.pid)
      #expect(watchers.count(verified: &verified) == 0)
      #expect(verified == [])
      #expect(watchers.count() == 0)
    }
  }

  /// A meeting that ends while watched leaves its last state, with when it ended, for its
  /// watchers; one that nobody watches leaves nothing.
  @MainActor
  @Test func aWatchedMeetingLeavesItsLastStateAsItEnds() throws {
    let fileSystem = InMemoryFileSystem()
    let environment = ["XDG_RUNTIME_DIR": "/run/user/test"]
    let directory = StatusDirectory(environment: environment)
    let pid = ProcessIdentity.current.pid
    try withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
      $0.date = .constant(Date(timeIntervalSince1970: 1000))
    } operation: { () throws -> Void in
      let syncUp = SyncUp(
        id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
        attendees: [
          Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!, name: "Ana"),
          Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000A2")!, name: "Ben"),
        ],
        duration: 60, title: "Eng")
      var meeting = RecordMeeting.State(syncUp: Shared(value: syncUp))
      meeting.started = Date(timeIntervalSince1970: 990)
      meeting.stopwatch = Stopwatch(elapsed: .seconds(10))

      let unwatched = StatusPublisher(directory: directory, dataFile: "/data/sync-ups.json")
      unwatched.publish(meeting)
      let published = try #require(
        fileSystem.contents(of: directory.file(for: pid)).flatMap(PublishedStatus.decoded))
      #expect(published.planned == 60)
      #expect(published.items == [])
      #expect(published.update == [])
      #expect(published.turnsOver == 0)
      unwatched.remove(ending: meeting)
      #expect(fileSystem.contents(of: directory.endedFile(for: pid)) == nil)
      #expect(fileSystem.contents(of: directory.file(for: pid)) == nil)

      let watched = StatusPublisher(directory: directory, dataFile: "/data/sync-ups.json")
      watched.publish(meeting)
      // This process stands for a watcher of its own meeting.
      try MeetingWatchers(directory: directory, meeting: pid).add(.current)
      watched.remove(ending: meeting)
      #expect(fileSystem.contents(of: directory.file(for: pid)) == nil)
      let last = try #require(
        fileSystem.contents(of: directory.endedFile(for: pid)).flatMap(PublishedStatus.decoded))
      #expect(last.ended == 1000)
      #expect(last.elapsedSeconds == 10)
      #expect(MeetingEnd(last, now: 2000).line(utcOffset: 0) == "ended 00:16 · 0:10 of 1:00 · no turn over")
    }
  }

  /// While waiting: the soonest scheduled meeting of the sync-ups a watch waits for, its line
  /// counting down on the watcher's clock, and its waiting object; none scheduled is said.
  @MainActor
  @Test func theAwaitedMeetingIsTheSoonestScheduledOne() throws {
    let eng = try ScheduleTextTests.engineering()
    var ops = SyncUp(id: UUID(), attendees: [], title: "Ops")
    ops.schedule = Schedule(
      rule: try ScheduleRule(parsing: "weekdays 09:00"), zone: "America/New_York",
      from: CalendarDay("2027-01-04")!)
    let pair = SyncUp(id: UUID(), attendees: [], title: "Pair")
    let all: IdentifiedArrayOf<SyncUp> = [ops, eng, pair]
    // 09:18 UTC on Monday 4 January 2027: Eng meets at 11:00 in Berlin (10:00 UTC), Ops at
    // 09:00 in New York (14:00 UTC).
    let now = ScheduleTextTests.moment("2027-01-04T09:18:00Z")
    withDependencies { $0.utcOffset = { _ in 0 } } operation: {
      let soonest = AwaitedMeeting(all, after: now, isNamed: false) { _ in true }
      #expect(soonest.title == "Eng")
      #expect(soonest.iso8601 == "2027-01-04T11:00:00+01:00")
      #expect(
        soonest.line(now: now) == "next: Eng, Mon 4 Jan 2027, 11:00 CET (10:00 your time), in 42 min")
      #expect(
        soonest.line(now: now.addingTimeInterval(41 * 60))
          == "next: Eng, Mon 4 Jan 2027, 11:00 CET (10:00 your time), in 1 min")
      #expect(
        WatchEvent.waiting(soonest).json.text(pretty: false)
          == #"{"event":"waiting","next":"2027-01-04T11:00:00+01:00","syncup":"Eng"}"# + "\n")
      // Once Eng's has begun, the next is Ops's.
      let later = AwaitedMeeting(all, after: now.addingTimeInterval(3600), isNamed: false) { _ in true }
      #expect(later.title == "Ops")
      #expect(later.iso8601 == "2027-01-04T09:00:00-05:00")

      // Pair, named, has no schedule; nothing at all is scheduled for a watch of any.
      let none = AwaitedMeeting(all, after: now, isNamed: true) { $0.title == "Pair" }
      #expect(none.title == "Pair")
      #expect(none.start == nil && none.when == nil && none.iso8601 == nil)
      #expect(none.line(now: now) == "no meeting scheduled")
      #expect(
        WatchEvent.waiting(none).json.text(pretty: false)
          == #"{"event":"waiting","next":null,"syncup":"Pair"}"# + "\n")
      let nothing = AwaitedMeeting([pair], after: now, isNamed: false) { _ in true }
      #expect(nothing.title == nil && nothing.start == nil)
      #expect(
        WatchEvent.waiting(nil).json.text(pretty: false)
          == #"{"event":"waiting","next":null,"syncup":null}"# + "\n")
    }
  }
}
