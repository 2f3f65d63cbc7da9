import Foundation
import SharedState
import Testing

/// Blockers and action items in `syncups start`, end to end: the opening summary, each
/// speaker's open items with their age by the `workdays` setting, raising and resolving them
/// from a script and on a terminal, and the items saved with the meeting.
@Suite("Meeting items end to end")
struct StartItemsEndToEndTests {
  let ana = "00000000-0000-0000-0000-00000000000A"
  let ben = "00000000-0000-0000-0000-00000000000B"
  let keys = "00000000-0000-0000-0000-0000000000F1"
  let notes = "00000000-0000-0000-0000-0000000000F2"

  /// Eng (Ana, Ben, Cy; 90 seconds) with Ana's open blocker opened three days ago and Ben's
  /// open action opened yesterday, at noon UTC; every day a working day (`workdays mon-sun`),
  /// so the ages are 3 and 1 whatever day the test runs.
  func engineeringWithItems() throws -> SyncUpsRun {
    let syncups = SyncUpsRun()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let today = calendar.startOfDay(for: Date()).addingTimeInterval(12 * 3_600)
    func daysAgo(_ days: Double) -> String {
      ISO8601DateFormatter().string(from: today.addingTimeInterval(-days * 86_400))
    }
    try syncups.writeDataFile(
      """
      [{"attendees":[{"id":"\(ana)","name":"Ana"},{"id":"\(ben)","name":"Ben"},\
      {"id":"00000000-0000-0000-0000-00000000000C","name":"Cy"}],\
      "duration":90,"id":"00000000-0000-0000-0000-000000000001","meetings":[],\
      "items":[{"id":"\(keys)","kind":"blocker","text":"waiting on API keys","owner":"\(ana)",\
      "opened":"\(daysAgo(3))"},{"id":"\(notes)","kind":"action","text":"send the notes",\
      "owner":"\(ben)","opened":"\(daysAgo(1))"}],\
      "theme":"orange","title":"Eng"}]
      """)
    let config = URL(fileURLWithPath: syncups.home.path + "/config/syncups")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data(#"{"workdays":"mon-sun"}"#.utf8).write(to: config.appendingPathComponent("config.json"))
    return syncups
  }

  /// The items of the data file, by id.
  func storedItems(_ syncups: SyncUpsRun) throws -> [String: [String: Any]] {
    let data = try #require(syncups.dataBytes)
    let file = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let items = try #require(file.first?["items"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "", $0) })
  }

  @Test func aScriptRaisesAndResolvesItemsWithJSONEvents() throws {
    let syncups = try engineeringWithItems()
    let result = try syncups(
      "--json", "start", "eng",
      input: "blocker the build is slow\naction @zed review\naction @ben review the PR\n"
        + "resolve 2\nresolve 1 the keys came\nnext\nsave\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    #expect(
      result.error
        == "Error: no attendee is named 'zed'\nError: no open item 2 in this turn (open: 1)\n")
    let events = try result.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(
      events.map { $0["event"] as? String ?? "" } == [
        "started", "speaker", "note", "item", "note", "item", "note", "resolved", "turn",
        "speaker", "turn", "ended",
      ])
    let open = try #require(events[0]["open"] as? [String: Any])
    #expect(open["blockers"] as? Int == 1 && open["actions"] as? Int == 1)
    #expect(open["oldestBlockerDays"] as? Int == 3)
    let agenda = try #require(events[1]["items"] as? [[String: Any]])
    #expect(agenda.count == 1)
    #expect(agenda.first?["turnNumber"] as? Int == 1 && agenda.first?["ageWorkingDays"] as? Int == 3)
    // Its position among the sync-up's items, as `items` numbers it.
    #expect(agenda.first?["number"] as? Int == 1 && agenda.first?["ownerName"] as? String == "Ana")
    #expect(agenda.first?["id"] as? String == keys && agenda.first?["kind"] as? String == "blocker")
    #expect(agenda.first?["text"] as? String == "waiting on API keys")

    #expect(events[2]["text"] as? String == "Blocker: the build is slow")
    #expect(events[3]["kind"] as? String == "blocker")
    #expect(events[3]["text"] as? String == "the build is slow")
    #expect(events[3]["owner"] as? String == ana && events[3]["ownerName"] as? String == "Ana")
    #expect(events[4]["text"] as? String == "Action for Ben: review the PR")
    #expect(events[5]["kind"] as? String == "action" && events[5]["owner"] as? String == ben)
    #expect(events[6]["text"] as? String == "Resolved blocker: waiting on API keys (the keys came)")
    #expect(events[7]["id"] as? String == keys)
    #expect(events[7]["resolution"] as? String == "the keys came")
    let benAgenda = try #require(events[9]["items"] as? [[String: Any]])
    // Ben's turn shows the action from yesterday and the one raised for him in this meeting.
    #expect(benAgenda.map { $0["text"] as? String } == ["send the notes", "review the PR"])
    #expect(benAgenda.map { $0["ageWorkingDays"] as? Int } == [1, 0])
    #expect(benAgenda.map { $0["turnNumber"] as? Int } == [1, 2])
    // The item raised in the meeting is numbered as it will be once saved: after the two.
    #expect(benAgenda.map { $0["number"] as? Int } == [2, 4])

    // Saved with the meeting: the resolution, and the two items stamped with its id.
    let meeting = try #require(events[11]["meeting"] as? [String: Any])
    let meetingID = try #require(meeting["id"] as? String)
    let items = try storedItems(syncups)
    #expect(items.count == 4)
    #expect(items[keys]?["resolution"] as? String == "the keys came")
    #expect(items[keys]?["resolvedIn"] as? String == meetingID)
    #expect(items[notes]?["resolved"] == nil)
    let raised = items.values.filter { $0["openedIn"] as? String == meetingID }
    #expect(
      raised.map { [$0["kind"] as? String, $0["text"] as? String, $0["owner"] as? String] }
        .sorted { ($0[0] ?? "") < ($1[0] ?? "") }
        == [["action", "review the PR", ben], ["blocker", "the build is slow", ana]])
  }

  @Test func aScriptsFirstLineSaysWhatIsOpenAndADiscardKeepsNothing() throws {
    let syncups = try engineeringWithItems()
    let before = syncups.dataBytes
    let result = try syncups(
      "start", "eng", input: "blocker slow CI\nresolve 1\ndiscard\n",
      environment: StartEndToEndTests.immediate)
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.prefix(7)) == [
        "Started Eng: 3 speakers, 1 min, 30 secs; 1 open blocker, 3 days; 1 action",
        "0:00 Ana is speaking (speaker 1 of 3)",
        "  1. blocked 3 days: waiting on API keys",
        "0:00 Note from Ana: Blocker: slow CI",
        "0:00 Blocker for Ana: slow CI",
        "0:00 Note from Ana: Resolved blocker: waiting on API keys",
        "0:00 Resolved blocker of Ana: waiting on API keys",
      ])
    #expect(lines.last == "0:00 Discarded the meeting")
    #expect(syncups.dataBytes == before)
  }

  @Test func theKeysRaiseAndResolveItemsOnATerminal() throws {
    let syncups = try engineeringWithItems()
    let meeting = try PseudoTerminalRun(syncups, ["start", "eng"], columns: 100)
    #expect(meeting.waitFor("Eng 1 open blocker, 3 days; 1 action"))
    #expect(meeting.waitFor("Ana is speaking Speaker 1 of 3 Next: Ben, Cy 1. blocked 3 days: waiting on API keys"))
    #expect(meeting.waitFor("t note b blocker o action r resolve e end"))
    meeting.type("b")
    #expect(meeting.waitFor("Blocker: ▏"))
    #expect(meeting.waitFor("enter add blocker esc cancel @name owner"))
    meeting.type("slow CI\r")
    #expect(meeting.waitFor("1 note, last: Blocker: slow CI"))
    meeting.type("o@zed x\r")
    #expect(meeting.waitFor("no attendee is named 'zed'"))
    meeting.type(String(repeating: "\u{7F}", count: 6) + "@ben review the PR\r")
    #expect(meeting.waitFor("2 notes, last: Action for Ben: review the PR"))
    meeting.type("r")
    #expect(meeting.waitFor("Resolve: ▏"))
    meeting.type("1 the keys came\r")
    #expect(meeting.waitFor("3 notes, last: Resolved blocker: waiting on API keys (the keys came)"))
    meeting.type("es")
    #expect(meeting.wait() == 0)
    let items = try storedItems(syncups)
    #expect(items.count == 4)
    #expect(items[keys]?["resolution"] as? String == "the keys came")
    #expect(
      items.values.compactMap { $0["openedIn"] == nil ? nil : $0["text"] as? String }.sorted()
        == ["review the PR", "slow CI"])
  }

  /// Another process (a sync) holds the lock past the lock timeout and edits an item: the
  /// meeting waits, then files its items onto the file as that process left it.
  @Test func itemsSavedAfterALongLockKeepTheHoldersEdit() throws {
    let syncups = try engineeringWithItems()
    let lock = try LiveFileSystem.shared.lock(syncups.dataFile, timeout: .seconds(10))
    let edited = String(decoding: try #require(syncups.dataBytes), as: UTF8.self)
      .replacingOccurrences(of: #""send the notes""#, with: #""send the notes to all""#)
    let release = DispatchWorkItem {
      _ = try? LiveFileSystem.shared.write(Data(edited.utf8), to: syncups.dataFile)
      lock.unlock()
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 2, execute: release)
    let result = try syncups(
      "start", "eng", input: "resolve 1 the keys came\nblocker slow CI\nsave\n",
      environment: StartEndToEndTests.immediate.merging(["SYNCUPS_LOCK_TIMEOUT": "0.3"]) { $1 })
    #expect(result.status == 0)
    let items = try storedItems(syncups)
    #expect(items[notes]?["text"] as? String == "send the notes to all")
    #expect(items[keys]?["resolution"] as? String == "the keys came")
    #expect(items.values.compactMap { $0["openedIn"] == nil ? nil : $0["text"] as? String } == ["slow CI"])
  }
}
