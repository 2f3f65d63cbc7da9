#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import TestStoreSupport

/// Test data and helpers shared by the feature tests. Ids are far from the `.incrementing`
/// ones (0, 1, 2, …) that features hand out.
enum FeatureFixtures {
  /// The date tests freeze `date.now` at: 2009-02-13T23:31:30Z.
  static let now = Date(timeIntervalSince1970: 1_234_567_890)

  /// A sync-up like the app's `.mock`: six attendees, one minute, one past meeting.
  static let designSyncUp = SyncUp(
    id: UUID(0xD0),
    attendees: [
      Attendee(id: UUID(0xA1), name: "Blob"),
      Attendee(id: UUID(0xA2), name: "Blob Jr"),
      Attendee(id: UUID(0xA3), name: "Blob Sr"),
      Attendee(id: UUID(0xA4), name: "Blob Esq"),
      Attendee(id: UUID(0xA5), name: "Blob III"),
      Attendee(id: UUID(0xA6), name: "Blob I"),
    ],
    duration: 60,
    meetings: [
      Meeting(
        id: UUID(0xE1),
        date: Date(timeIntervalSince1970: 1_234_000_000),
        transcript: "Blob: We shipped the release."
      )
    ],
    theme: .orange,
    title: "Design"
  )

  /// A six-second sync-up of three attendees, as in the app's timer tests.
  static let shortSyncUp = SyncUp(
    id: UUID(0xD1),
    attendees: [
      Attendee(id: UUID(0xB1), name: "Blob"),
      Attendee(id: UUID(0xB2), name: "Blob Jr"),
      Attendee(id: UUID(0xB3), name: "Blob Sr"),
    ],
    duration: 6,
    title: "Morning Sync"
  )

  /// A sync-up of `attendees` attendees (named A1, A2, …) lasting `duration` seconds.
  static func syncUp(duration: Int, attendees: Int) -> SyncUp {
    SyncUp(
      id: UUID(0xD2),
      attendees: IdentifiedArray(
        uniqueElements: (0..<attendees).map { Attendee(id: UUID(0xC00 + $0), name: "A\($0 + 1)") },
        id: \.id
      ),
      duration: duration,
      title: "Sweep"
    )
  }

  /// A meeting's stopwatch that has counted `elapsed` seconds and runs since the test clock
  /// read `since` seconds (`elapsed` when not given: no pause so far).
  static func running(_ elapsed: Int, since: Int? = nil) -> Stopwatch {
    Stopwatch(
      elapsed: .seconds(elapsed), runningSince: TestClock.Instant(offset: .seconds(since ?? elapsed)))
  }

  /// A turn of the attendee `UUID(id)`.
  static func turn(_ id: Int, _ name: String, _ seconds: Int, of slot: Int) -> Meeting.Turn {
    Meeting.Turn(attendee: UUID(id), name: name, seconds: seconds, slot: slot)
  }

  /// The first meeting a test saves (`UUID(0)` unless `id` says, at ``now``) of `syncUp`, its
  /// attendees in the listed order, `absent` marked.
  static func recorded(
    _ syncUp: SyncUp, id: UUID = UUID(0), transcript: String = "", duration: Int,
    turns: [Meeting.Turn], endedEarly: Bool = false, absent: Set<UUID> = []
  ) -> Meeting {
    Meeting(
      id: id, date: now, transcript: transcript, started: now, duration: duration,
      plannedDuration: syncUp.duration, endedEarly: endedEarly,
      attendees: syncUp.attendees.map {
        MeetingAttendee(id: $0.id, name: $0.name, absent: absent.contains($0.id))
      },
      turns: turns)
  }

  /// The in-memory file system of the current dependency world.
  static var fileSystem: InMemoryFileSystem {
    @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
    return fileSystem as! InMemoryFileSystem
  }

  /// The sync-ups in the current world's data file, decoded.
  static func syncUpsInFile() throws -> IdentifiedArrayOf<SyncUp>? {
    try fileSystem.contents(of: "/sync-ups.json").map(SyncUpsFile.decode)
  }
}

/// Counts the times a feature asked to be dismissed.
@MainActor
final class DismissCounter {
  private(set) var count = 0

  /// A `dismiss` dependency that counts here.
  nonisolated var effect: DismissEffect {
    DismissEffect { self.count += 1 }
  }
}

extension TestStore where State == RecordMeeting.State, Action == RecordMeeting.Action {
  /// Sends "Next" twice at the start of a meeting of ``FeatureFixtures/shortSyncUp`` and
  /// expects the floor to pass from Blob to Blob Jr to Blob Sr, the last speaker, at second 4
  /// of the slot timeline, each turn spoken for 0 seconds of a 2-second slot.
  func nextToTheLastOfThree() async {
    await send(.nextButtonTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 2
      $0.speakerDidChange = true
      $0.turns = [FeatureFixtures.turn(0xB1, "Blob", 0, of: 2)]
    }
    await send(.nextButtonTapped) {
      $0.speakerIndex = 2
      $0.secondsElapsed = 4
      $0.turns.append(FeatureFixtures.turn(0xB2, "Blob Jr", 0, of: 2))
    }
  }

  /// Sends `.onTask` and expects what it always does: the meeting started at
  /// ``FeatureFixtures/now``, its stopwatch running from zero on a test clock at zero.
  @discardableResult
  func startMeeting(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) async -> StoreTask {
    await send(
      .onTask,
      assert: {
        $0.started = FeatureFixtures.now
        $0.stopwatch = FeatureFixtures.running(0)
      }, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
