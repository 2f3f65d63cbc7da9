import SharedState
import SyncUpsCore

/// `list`, `show`, `meetings`, `meeting show`, `themes`, `export` and completion answers.
extension CommandContext {
  func list() throws {
    let syncUps = try loadSyncUps().wrappedValue
    if options.json {
      Output.standardJSON { $0.syncUps(syncUps.elements) }
    } else if syncUps.isEmpty {
      say(SyncUpListRenderer.emptyMessage.trimmingSuffix("\n"))
    } else {
      Output.standard(SyncUpListRenderer.render(syncUps, style: style, width: standardOutputColumns()))
    }
  }

  func show(_ reference: String) throws {
    let syncUp = try syncUp(reference, in: loadSyncUps().wrappedValue)
    Output.standard(
      options.json
        ? JSONOutput.syncUp(syncUp).text()
        : SyncUpDetailRenderer.render(syncUp, style: style))
  }

  func meetings(_ reference: String) throws {
    let syncUp = try syncUp(reference, in: loadSyncUps().wrappedValue)
    if options.json {
      Output.standard(JSONOutput.meetings(syncUp.meetings).text())
    } else if syncUp.meetings.isEmpty {
      say(MeetingListRenderer.emptyMessage.trimmingSuffix("\n"))
    } else {
      Output.standard(
        MeetingListRenderer.render(syncUp.meetings, style: style, width: standardOutputColumns()))
    }
  }

  func meetingShow(_ syncUpReference: String, _ meetingReference: String) throws {
    let syncUp = try syncUp(syncUpReference, in: loadSyncUps().wrappedValue)
    let meeting = try meeting(meetingReference, in: syncUp)
    Output.standard(
      options.json
        ? JSONOutput.meeting(meeting).text()
        : MeetingDetailRenderer.render(meeting, of: syncUp, style: style))
  }

  func themes() {
    Output.standard(options.json ? JSONOutput.themes.text() : ThemeListRenderer.render(style: style))
  }

  /// Prints the data file's contents in our format, which `import` reads back.
  func exportData() throws {
    let syncUps = try loadSyncUps().wrappedValue
    do {
      Output.standard(String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self) + "\n")
    } catch {
      throw CommandFailure("cannot encode the sync-ups: \(readableDescription(of: error))")
    }
  }

  /// Answers a completion script: one candidate a line; nothing, not an error, when the data
  /// cannot be read, so completion never prints a message into the command line.
  func complete(_ request: CompletionRequest) {
    guard let syncUps = try? loadSyncUps().wrappedValue else { return }
    switch request {
    case .syncUps:
      for syncUp in syncUps where !syncUp.title.isEmpty {
        Output.standard(sanitize(syncUp.title) + "\n")
      }
    case .meetings(let reference):
      guard let syncUp = try? resolveSyncUp(reference, in: syncUps) else { return }
      for meeting in syncUp.meetings {
        Output.standard(meeting.id.uuidString + "\n")
      }
    }
  }
}

extension String {
  func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
