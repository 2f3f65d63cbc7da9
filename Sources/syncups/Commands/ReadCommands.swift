import SharedState
import SyncUpsCore

/// `list`, `show`, `themes`, `export` and completion answers.
extension CommandContext {
  func list() throws {
    let syncUps = try readSyncUps()
    if options.json {
      Output.standardJSON { $0.syncUps(syncUps.elements) }
    } else if syncUps.isEmpty {
      say(SyncUpListRenderer.emptyMessage.trimmingSuffix("\n"))
    } else {
      Output.standard(SyncUpListRenderer.render(syncUps, style: style, width: standardOutputColumns()))
    }
  }

  func show(_ reference: String) throws {
    let syncUp = try syncUp(reference, in: readSyncUps())
    Output.standard(
      options.json
        ? JSONOutput.syncUp(syncUp).text()
        : SyncUpDetailRenderer.render(syncUp, style: style))
  }

  func themes() {
    Output.standard(options.json ? JSONOutput.themes.text() : ThemeListRenderer.render(style: style))
  }

  /// Prints the data file's contents in our format or the SyncUps app's, both of which
  /// `import` reads back, with the characters a terminal might act on escaped like `--json`
  /// output escapes them; or as Markdown.
  func exportData(_ format: ExportFormat = .json) throws {
    if format == .markdown {
      try checkJSONOption(format: format.rawValue, path: ["export"])
    }
    let syncUps = try readSyncUps()
    let json: String
    do {
      switch format {
      case .json: json = String(decoding: try SyncUpsFile.encode(syncUps), as: UTF8.self)
      case .app: json = String(decoding: try SyncUpsFile.encodeAppFormat(syncUps), as: UTF8.self)
      case .markdown: return exportMarkdown(syncUps)
      }
    } catch {
      throw CommandFailure("cannot encode the sync-ups: \(readableDescription(of: error))")
    }
    Output.standard(terminalSafeJSON(json) + "\n")
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
      for (index, meeting) in syncUp.meetings.enumerated() {
        let offset = DateText.localUTCOffset(at: meeting.date)
        Output.standard("\(index + 1)\t\(DateText.meeting(meeting.date, utcOffset: offset))\n")
      }
    case .attendees(let reference):
      guard let syncUp = try? resolveSyncUp(reference, in: syncUps) else { return }
      for attendee in syncUp.attendees where !attendee.name.isBlank {
        Output.standard(sanitize(attendee.name) + "\n")
      }
    }
  }
}

/// JSON text with the characters a terminal might act on that JSON leaves raw (DEL, C1
/// controls, bidirectional formatting characters, U+2028/U+2029; see `needsEscaping`) written
/// as `\uXXXX`. Outside strings JSON holds only ASCII, and the encoder already escapes C0
/// controls inside them, so only strings change, and they decode to the same text.
func terminalSafeJSON(_ json: String) -> String {
  guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && needsEscaping($0) }) else {
    return json
  }
  var result = ""
  result.reserveCapacity(json.utf8.count + 16)
  for scalar in json.unicodeScalars {
    if scalar.value >= 0x7F && needsEscaping(scalar) {
      let digits = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

extension String {
  func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
