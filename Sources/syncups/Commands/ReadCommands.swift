import SharedState
import SyncUpsCore

/// `meetings` and `meeting show`.
extension CommandContext {
  func meetings(_ reference: String) throws {
    let syncUps = try readSyncUps()
    let syncUp = try syncUp(reference, in: syncUps)
    if options.json {
      Output.standard(JSONOutput.meetings(syncUp.meetings).text())
    } else if syncUp.meetings.isEmpty {
      let typed = shellReference(to: syncUp, in: syncUps)
      say(MeetingListRenderer.emptyMessage(reference: typed).trimmingSuffix("\n"))
    } else {
      Output.standard(
        MeetingListRenderer.render(syncUp.meetings, style: style, width: standardOutputColumns()))
    }
  }

  func meetingShow(
    _ syncUpReference: String, _ meetingReference: String, format: MeetingFormat = .text
  ) throws {
    if format != .text {
      try checkJSONOption(format: format.rawValue, path: ["meeting", "show"])
    }
    let syncUp = try syncUp(syncUpReference, in: readSyncUps())
    let meeting = try meeting(meetingReference, in: syncUp)
    switch format {
    case .text:
      Output.standard(
        options.json
          ? JSONOutput.meeting(meeting).text()
          : MeetingDetailRenderer.render(meeting, of: syncUp, style: style))
    case .markdown:
      Output.standard(MeetingMarkdownRenderer.render(meeting, of: syncUp))
    }
  }
}
