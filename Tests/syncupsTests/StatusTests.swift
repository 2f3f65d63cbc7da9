import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import ManPageGenerator
@testable import syncups

/// The pieces of `syncups status`: the state file a meeting publishes and the times worked out
/// from it, the staleness rules, the line and the `--format` templates.
@Suite("Status")
struct StatusTests {
  /// Ana speaking 10.5 s into her 30 s slot, 19 s of it left (10.5 rounds to 11), 79 s of the
  /// meeting's 90 left, as of second 1,000.
  static func published(
    running: Bool = true, overtime: Bool = false, paused: Bool = false, ending: Bool = false
  ) -> PublishedStatus {
    PublishedStatus(
      pid: 4242, processStart: 777, file: "/data/sync-ups.json",
      syncUpID: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
      title: "Eng", started: 990, speaker: "Ana", speakerIndex: 0, speakerCount: 3,
      next: ["Ben", "Cy"], turnLeft: overtime ? 0 : 19, meetingLeft: overtime ? 60 : 79,
      slot: 30, laterSlots: 60, elapsed: 10.5, turnElapsed: overtime ? 31.5 : 10.5, paused: paused,
      ending: ending, overtime: overtime, running: running, updated: 1000)
  }

  @Test func timesRunOnFromTheFileWhileTheMeetingRuns() {
    let status = Self.published().at(1012.5)
    // 12.5 s later: 23 s of meeting and turn, so 7 s of the slot and 67 of the meeting left.
    #expect(status.turnLeft == 7)
    #expect(status.meetingLeft == 67)
    #expect(status.elapsedSeconds == 23)
    #expect(status.turnSeconds == 23)
    #expect(status.overtimeSeconds == nil)
    #expect(status.speakerNumber == 1)
    #expect(status.line == "Eng: Ana speaking, 0:07 left (meeting 1:07 left)")
  }

  /// The variance grows with the time a speaker in overtime takes, and the projected end is
  /// what is left from now; a file of an older syncups has neither.
  @Test func varianceAndProjectedEndRunOnFromTheFile() throws {
    var over = Self.published(overtime: true)
    (over.variance, over.projectedEnd, over.phase) = (1, 1060, "timeUp")
    // 12.5 s later: 12 whole seconds more of meeting time, none of them off what is left.
    let later = over.at(1012.5)
    #expect(later.variance == 13)
    #expect(later.projectedEnd == 1072.5)
    #expect(later.phase == "timeUp")
    var onTime = Self.published()
    (onTime.variance, onTime.projectedEnd) = (-20, 1079)
    #expect(onTime.at(1012.5).variance == -20)
    #expect(onTime.at(1012.5).projectedEnd == 1079.5)
    let old = try #require(PublishedStatus.decoded(Self.published().encoded()))
    #expect(old.variance == nil && old.projectedEnd == nil && old.phase == nil)
    #expect(PublishedStatus.decoded(over.encoded()) == over)
  }

  /// The times are rounded as the screen rounds them, to the nearest second (a half up), and
  /// what is left with them: 1.6 s into a 30 s slot is 2 s spoken and 28 left, not 1 and 29.
  @Test func elapsedAndLeftAddUpMidSecond() {
    var meeting = Self.published()
    meeting.elapsed = 1.25
    meeting.turnElapsed = 1.25
    meeting.turnLeft = 29
    meeting.meetingLeft = 89
    let status = meeting.at(1000.35)
    #expect(status.elapsedSeconds == 2)
    #expect(status.turnSeconds == 2)
    #expect(status.turnLeft == 28)
    #expect(status.meetingLeft == 88)
    let before = meeting.at(1000.2)
    #expect([before.elapsedSeconds, before.turnLeft, before.meetingLeft] as [Int] == [1, 29, 89])
  }

  @Test func theSlotTimelineStopsAtTheEndOfTheSlot() {
    let status = Self.published().at(1040)
    #expect(status.turnLeft == 0)
    #expect(status.meetingLeft == 60)
    #expect(status.elapsedSeconds == 51)
  }

  @Test func aPausedMeetingStandsStill() {
    let status = Self.published(running: false, paused: true).at(1100)
    #expect(status.turnLeft == 19)
    #expect(status.meetingLeft == 79)
    #expect(status.elapsedSeconds == 11)
    #expect(status.state == "paused")
    #expect(status.line == "Eng: Ana speaking, 0:19 left (meeting 1:19 left), paused")
  }

  @Test func overtimeGrowsWithTheTurn() {
    let status = Self.published(overtime: true).at(1010)
    #expect(status.overtimeSeconds == 12)
    #expect(status.state == "over")
    #expect(status.line == "Eng: Ana speaking, +0:12 over (meeting 1:00 left)")
    let ending = Self.published(running: false, overtime: true, ending: true).at(1010)
    #expect(ending.state == "ending")
    #expect(ending.line == "Eng: Ana speaking, +0:02 over (meeting 1:00 left), ending")
  }

  @Test func theStateFileRoundTripsAndOtherVersionsAreIgnored() throws {
    let meeting = Self.published()
    let data = meeting.encoded()
    #expect(PublishedStatus.decoded(data) == meeting)
    var newer = meeting
    newer.version = 2
    #expect(PublishedStatus.decoded(newer.encoded()) == nil)
    #expect(PublishedStatus.decoded(Data("{\"pid\":1}".utf8)) == nil)
  }

  @Test func theManPageNamesEveryKeyOfTheStatusObject() throws {
    guard case .object(let object) = JSONOutput.status(Self.published().at(1000)) else {
      Issue.record("a status is not printed as an object")
      return
    }
    #expect(Set(object.keys) == Set(ManPageReference.statusFields.map(\.0)))
    #expect(object["speakerIndex"] == .int(1))
    #expect(object["turnLeft"] == .int(19))
    #expect(object["started"] == .string("1970-01-01T00:16:30Z"))
  }

  /// The file holds every key of the first layout, so a `status` that knows only those still
  /// reads a meeting published now; `laterSlots` is the one key added.
  @Test func theStateFileKeepsTheKeysOlderReadersRead() throws {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Self.published().encoded()) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "version", "pid", "processStart", "file", "syncUpID", "title", "started", "speaker",
        "speakerIndex", "speakerCount", "next", "turnLeft", "meetingLeft", "slot", "elapsed",
        "turnElapsed", "paused", "ending", "overtime", "running", "updated", "laterSlots",
      ])
    #expect(object["turnLeft"] as? Int == 19)
    #expect(object["meetingLeft"] as? Int == 79)
    #expect(object["laterSlots"] as? Int == 60)
    #expect(object["elapsed"] as? Double == 10.5)
  }

  /// `status` works the times out at the `date` dependency's now: 12.5 s after the file was
  /// written, the line, the template and the JSON object all say 7 s of the slot is left.
  @Test func statusAnswersAsOfTheDateDependency() throws {
    let published = [Self.published()]
    try withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1012.5))
    } operation: {
      #expect(
        StatusCommand().answer(published, json: false)
          == "Eng: Ana speaking, 0:07 left (meeting 1:07 left)\n")
      let template = try StatusTemplate("{speaker} {turnLeft} {elapsed}")
      #expect(StatusCommand(format: template).answer(published, json: false) == "Ana 0:07 0:23\n")
      #expect(
        StatusCommand().answer(published, json: true) == """
          [
            {
              "elapsed" : 23,
              "ending" : false,
              "file" : "/data/sync-ups.json",
              "meetingLeft" : 67,
              "next" : [
                "Ben",
                "Cy"
              ],
              "openBlockers" : 0,
              "overtime" : 0,
              "paused" : false,
              "phase" : null,
              "pid" : 4242,
              "projectedEnd" : null,
              "speaker" : "Ana",
              "speakerCount" : 3,
              "speakerIndex" : 1,
              "started" : "1970-01-01T00:16:30Z",
              "syncUp" : {
                "id" : "00000000-0000-0000-0000-000000000001",
                "title" : "Eng"
              },
              "turnElapsed" : 23,
              "turnLeft" : 7,
              "variance" : null
            }
          ]

          """)
    }
  }

  /// `status` reads the status directory on the file system of the `defaultFileStorage`
  /// dependency: the meeting of a running process is shown, the file of one that is gone is
  /// removed, and other files are passed over.
  @MainActor
  @Test func statusReadsTheDirectoryOnTheFileSystemDependency() throws {
    let directory = "/run/user/test/syncups"
    var running = Self.published()
    (running.pid, running.processStart) = (ProcessIdentity.current.pid, ProcessIdentity.current.start)
    var gone = Self.published()
    (gone.pid, gone.processStart, gone.title) = (Int32.max - 1, nil, "Gone")
    let fileSystem = InMemoryFileSystem(files: [
      "\(directory)/\(running.pid).json": running.encoded(),
      "\(directory)/\(gone.pid).json": gone.encoded(),
      "\(directory)/notes.txt": Data("not a meeting".utf8),
    ])
    let text = try withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
      $0.date = .constant(Date(timeIntervalSince1970: 1012.5))
    } operation: {
      try StatusCommand().answer(
        in: CommandContext(
          options: GlobalOptions(), environment: ["XDG_RUNTIME_DIR": "/run/user/test"]))
    }
    #expect(text == "Eng: Ana speaking, 0:07 left (meeting 1:07 left)\n")
    #expect(fileSystem.contents(of: "\(directory)/\(gone.pid).json") == nil)
    #expect(fileSystem.contents(of: "\(directory)/\(running.pid).json") == running.encoded())
    #expect(fileSystem.contents(of: "\(directory)/notes.txt") == Data("not a meeting".utf8))
  }

  /// A meeting publishes through the dependencies what `status` then shows, and nothing once
  /// it has ended: Ana 10.5 s into her 30 s slot of a 90 s meeting among three.
  @MainActor
  @Test func whatAMeetingPublishesIsWhatStatusShows() throws {
    let fileSystem = InMemoryFileSystem()
    let environment = ["XDG_RUNTIME_DIR": "/run/user/test"]
    try withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
      $0.date = .constant(Date(timeIntervalSince1970: 1000))
    } operation: { () throws -> Void in
      let publisher = StatusPublisher(
        directory: StatusDirectory(environment: environment), dataFile: "/data/sync-ups.json")
      let syncUp = SyncUp(
        id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
        attendees: [
          Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!, name: "Ana"),
          Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000A2")!, name: "Ben"),
          Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000A3")!, name: "Cy"),
        ],
        duration: 90, title: "Eng")
      var meeting = RecordMeeting.State(syncUp: Shared(value: syncUp))
      meeting.started = Date(timeIntervalSince1970: 990)
      meeting.stopwatch = Stopwatch(elapsed: .milliseconds(10_500))
      meeting.isPaused = true
      publisher.publish(meeting)
      #expect(fileSystem.contents(of: "/run/user/test/syncups/.gitignore") == Data("*\n".utf8))
      let context = CommandContext(options: GlobalOptions(), environment: environment)
      #expect(
        try StatusCommand().answer(in: context)
          == "Eng: Ana speaking, 0:19 left (meeting 1:19 left), paused\n")
      publisher.remove(ending: meeting)
      #expect(throws: CommandFailure.self) { try StatusCommand().answer(in: context) }
    }
  }

  /// A state file that cannot be written is said once, however many times the meeting
  /// changes, and written again as soon as it can be; a refused directory is said once too.
  @MainActor
  @Test func aMeetingThatCannotBePublishedSaysSoOnce() throws {
    let fileSystem = InMemoryFileSystem()
    let environment = ["XDG_RUNTIME_DIR": "/run/user/test"]
    let file = "/run/user/test/syncups/\(ProcessIdentity.current.pid).json"
    withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
      $0.date = .constant(Date(timeIntervalSince1970: 1000))
    } operation: {
      let publisher = StatusPublisher(
        directory: StatusDirectory(environment: environment), dataFile: "/data/sync-ups.json")
      var warnings: [String] = []
      publisher.warn = { warnings.append($0) }
      let noSpace = FileSystemError(kind: .noSpace, path: file, message: "No space left on device")
      fileSystem.setFailure(for: file, error: noSpace, count: nil)
      let syncUp = SyncUp(
        id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
        attendees: [
          Attendee(id: UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!, name: "Ana")
        ])
      var meeting = RecordMeeting.State(syncUp: Shared(value: syncUp))
      for _ in 0..<3 {
        meeting.isPaused.toggle()
        publisher.publish(meeting)
      }
      #expect(
        warnings == [
          "Warning: syncups status cannot show this meeting: cannot write '\(file)': No space "
            + "left on device\n"
        ])
      #expect(fileSystem.contents(of: file) == nil)
      fileSystem.setFailure(for: file, error: noSpace, count: 0)
      meeting.isPaused.toggle()
      publisher.publish(meeting)
      #expect(fileSystem.contents(of: file) != nil)
      #expect(warnings.count == 1)
    }
    // A status directory that is a file.
    try withDependencies {
      $0.defaultFileStorage.fileSystem = fileSystem
    } operation: {
      _ = try fileSystem.write(Data(), to: "/run/user/file")
      let publisher = StatusPublisher(
        directory: StatusDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/file"]),
        dataFile: "/data/sync-ups.json")
      var warnings: [String] = []
      publisher.warn = { warnings.append($0) }
      var meeting = RecordMeeting.State(
        syncUp: Shared(value: SyncUp(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!)))
      for _ in 0..<3 {
        meeting.isPaused.toggle()
        publisher.publish(meeting)
      }
      #expect(warnings.count == 1)
      #expect(warnings.first?.hasPrefix("Warning: syncups status cannot show this meeting: ") == true)
    }
  }

  @Test func stateFileNames() {
    #expect(StatusDirectory.pid(fromFileName: "4242.json") == 4242)
    #expect(StatusDirectory.pid(fromFileName: ".4242.json.tmp-abc123") == nil)
    #expect(StatusDirectory.pid(fromFileName: "0.json") == nil)
    #expect(StatusDirectory.pid(fromFileName: "-1.json") == nil)
    #expect(StatusDirectory.pid(fromFileName: "x.json") == nil)
    #expect(StatusDirectory.pid(fromFileName: "4242") == nil)
  }

  @Test func theDirectoryFollowsXDGRuntimeDirElseTheDataDirectory() {
    #expect(StatusDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]).path == "/run/user/7/syncups")
    #expect(
      StatusDirectory(environment: ["XDG_RUNTIME_DIR": "run", "HOME": "/home/ana"]).path
        == "/home/ana/.local/share/syncups/run")
    #expect(
      StatusDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ana"]).path
        == "/data/syncups/run")
  }

  @Test func templatesFillInEveryPlaceholder() throws {
    let status = Self.published().at(1000)
    let template = try StatusTemplate(
      "{title}|{speaker}|{next}|{turnLeft}|{meetingLeft}|{elapsed}|{state}|{speakerIndex}/{speakerCount}|{{}}")
    #expect(template.render(status) == "Eng|Ana|Ben|0:19|1:19|0:11||1/3|{}")
    let over = Self.published(overtime: true).at(1000)
    #expect(try StatusTemplate("{speaker} {turnLeft} {state}").render(over) == "Ana +0:02 over")
  }

  @Test func userTextInATemplateIsSanitized() throws {
    var published = Self.published()
    published.title = "Eng\u{1B}[2J"
    published.speaker = "An\u{07}a"
    published.next = []
    let status = published.at(1000)
    #expect(try StatusTemplate("{title} {speaker} [{next}]").render(status) == "Eng\\u{1B}[2J An\\u{07}a []")
  }

  @Test func badTemplatesSayWhatIsWrong() {
    #expect(throws: StatusTemplate.Failure(
      message: "unknown placeholder '{who}' (known: {title}, {speaker}, {next}, {turnLeft}, "
        + "{meetingLeft}, {elapsed}, {state}, {speakerIndex}, {speakerCount})")) {
      try StatusTemplate("{who} speaks")
    }
    #expect(throws: StatusTemplate.Failure(message: "a '{' is never closed (write '{{' for a brace)")) {
      try StatusTemplate("{speaker")
    }
    #expect(throws: StatusTemplate.Failure(message: "a '}' is never opened (write '}}' for a brace)")) {
      try StatusTemplate("speaker}")
    }
  }
}
