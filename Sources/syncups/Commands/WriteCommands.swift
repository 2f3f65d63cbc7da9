import SharedState
import SyncUpsCore

/// `meeting delete`: one transaction on the data file (``CommandContext/changeSyncUps(_:)``).
extension CommandContext {
  /// Asks first, then deletes the meeting the person was asked about: by its id, since its
  /// position may have moved by the time the lock is taken.
  func meetingDelete(_ syncUpReference: String, _ meetingReference: String, yes: Bool) throws {
    let target = try syncUp(syncUpReference, in: readSyncUps())
    let meeting = try meeting(meetingReference, in: target)
    let name = DeletionQuestion.meetingName(meeting)
    guard
      try confirmDeletion(
        of: name, asking: DeletionQuestion.meeting(meeting, of: target), yes: yes,
        path: ["meeting", "delete"])
    else {
      say("Nothing deleted.")
      return
    }
    try changeSyncUps { syncUps in
      let shared = syncUps[id: target.id]
      guard let shared, shared.wrappedValue.meetings[id: meeting.id] != nil else {
        throw CommandFailure(deletedMeanwhile(name))
      }
      let store = makeStore(SyncUpDetail.State(syncUp: shared), SyncUpDetail())
      store.send(.deleteMeeting(id: meeting.id))
    }
    if options.json {
      Output.standard(JSONOutput.deletion(of: meeting, from: target).text())
    } else {
      say("Deleted \(name) from \(UserText.name(target)).")
    }
  }
}
