import ChildProcessSupport
import Foundation
import Testing

/// The id `00000000-0000-0000-0000-0000000000NN` for `n`.
private func id(_ n: Int) -> String {
  "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - String(n).count) + String(n)
}

/// A sync-up object in our format; `extra` adds members (`"key": value, `).
private func syncUp(
  _ n: Int, _ title: String, duration: Int = 300, attendees: [(Int, String)] = [(90, "Blob")],
  meetings: [String] = [], extra: String = ""
) -> String {
  let attendeeList = attendees.map { #"{"id": "\#(id($0.0))", "name": "\#($0.1)"}"# }
  return #"{\#(extra)"attendees": [\#(attendeeList.joined(separator: ", "))], "#
    + #""duration": \#(duration), "id": "\#(id(n))", "#
    + #""meetings": [\#(meetings.joined(separator: ", "))], "theme": "bubblegum", "#
    + #""title": "\#(title)"}"#
}

/// A meeting object in our format; `extra` adds members (`"key": value, `).
private func meeting(_ n: Int, _ date: String, _ transcript: String, extra: String = "") -> String {
  #"{\#(extra)"date": "\#(date)", "id": "\#(id(n))", "transcript": "\#(transcript)"}"#
}

/// Three versions of the data file in a scratch directory, and the merge driver run on them.
private final class MergeFiles {
  let syncups = SyncUpsRun()
  var directory: String { syncups.home.path }
  var base: String { directory + "/base.json" }
  var ours: String { directory + "/ours.json" }
  var theirs: String { directory + "/theirs.json" }
  var report: String { directory + "/report.jsonl" }

  init(base: [String], ours: [String], theirs: [String]) throws {
    try write(base, to: self.base)
    try write(ours, to: self.ours)
    try write(theirs, to: self.theirs)
  }

  func write(_ syncUps: [String], to path: String) throws {
    try ("[" + syncUps.joined(separator: ", ") + "]").write(
      toFile: path, atomically: true, encoding: .utf8)
  }

  func merge(environment: [String: String] = [:]) throws -> SyncUpsRun.Result {
    try syncups.run(["merge-driver", base, ours, theirs], environment: environment)
  }

  var oursBytes: Data { FileManager.default.contents(atPath: ours) ?? Data() }

  /// The merged sync-ups, as JSON objects.
  func merged() throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: oursBytes) as? [[String: Any]])
  }

  /// The bytes of a data file that syncups itself wrote with the merged sync-ups (imported
  /// into a new file).
  func rewrittenBySyncups() throws -> Data {
    let copy = directory + "/copy.json"
    #expect(try syncups.run(["--file", copy, "import", ours]).status == 0)
    return FileManager.default.contents(atPath: copy) ?? Data()
  }
}

@Suite("Merge driver end to end")
struct MergeDriverEndToEndTests {
  @Test func additionsOnBothSidesAreKeptInTheDataFilesFormat() throws {
    let files = try MergeFiles(
      base: [syncUp(1, "Engineering")],
      ours: [syncUp(1, "Engineering"), syncUp(2, "Design")],
      theirs: [syncUp(1, "Engineering"), syncUp(3, "Ops")])
    let result = try files.merge()
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(result.output == "")
    #expect(try files.merged().map { $0["title"] as? String } == ["Engineering", "Design", "Ops"])
    #expect(files.oursBytes == (try files.rewrittenBySyncups()))
  }

  @Test func aConflictIsResolvedByTheNewerSideAndReported() throws {
    let files = try MergeFiles(
      base: [syncUp(1, "Engineering")], ours: [syncUp(1, "Eng")], theirs: [syncUp(1, "Core")])
    let result = try files.merge(environment: [
      "SYNCUPS_MERGE_NEWER": "theirs", "SYNCUPS_MERGE_REPORT": files.report,
    ])
    #expect(result.status == 0)
    #expect(
      result.error
        == "syncups: conflict: Engineering: title changed to 'Eng' here and 'Core' there; "
        + "kept 'Core' (newer)\n")
    #expect(try files.merged().map { $0["title"] as? String } == ["Core"])
    #expect(try files.syncups.run(["--file", files.ours, "list", "--json"]).status == 0)
    let report = try String(contentsOfFile: files.report, encoding: .utf8)
    #expect(
      report == #"{"change":{"kind":"changed","ours":{"value":"'Eng'"},"reason":"newer","#
        + #""theirs":{"value":"'Core'"},"what":"title"},"kept":"theirs","message":"Engineering: "#
        + #"title changed to 'Eng' here and 'Core' there; kept 'Core' (newer)","path":"title","#
        + #""syncUp":{"id":""# + id(1) + #"","title":"Engineering"}}"# + "\n")
  }

  /// An attendee's git identities added on both sides are all kept, and one removed on either
  /// side is gone, with no conflict; the file keeps its format and key order.
  @Test func gitIdentitiesMergeAsASet() throws {
    func engineering(_ identities: [String]) -> String {
      let list = identities.map { "\"\($0)\"" }.joined(separator: ", ")
      return #"{"attendees": [{"gitAuthors": [\#(list)], "id": "\#(id(90))", "name": "Blob"}], "#
        + #""duration": 300, "id": "\#(id(1))", "meetings": [], "theme": "bubblegum", "#
        + #""title": "Engineering"}"#
    }
    let files = try MergeFiles(
      base: [engineering(["blob@example.com", "blob@old.example"])],
      ours: [engineering(["blob@example.com", "blob@old.example", "blob@home.example"])],
      theirs: [engineering(["blob@example.com", "blob@work.example"])])
    let result = try files.merge(environment: ["SYNCUPS_MERGE_NEWER": "theirs"])
    #expect(result.status == 0)
    #expect(result.error == "")
    let attendees = try files.merged().first?["attendees"] as? [[String: Any]]
    #expect(
      attendees?.first?["gitAuthors"] as? [String]
        == ["blob@example.com", "blob@home.example", "blob@work.example"])
    #expect(files.oursBytes == (try files.rewrittenBySyncups()))
  }

  @Test func withoutANewerSideOursWins() throws {
    let files = try MergeFiles(
      base: [syncUp(1, "Engineering", duration: 300)],
      ours: [syncUp(1, "Engineering", duration: 600)],
      theirs: [syncUp(1, "Engineering", duration: 90)])
    let result = try files.merge()
    #expect(result.status == 0)
    #expect(
      result.error
        == "syncups: conflict: Engineering: duration changed to 10m here and 1m30s there; "
        + "kept 10m (ours)\n")
    #expect(try files.merged().map { $0["duration"] as? Int } == [600])
  }

  @Test func aCorruptSideFailsWith65AndLeavesOursAlone() throws {
    let files = try MergeFiles(
      base: [syncUp(1, "Engineering")], ours: [syncUp(1, "Eng")], theirs: [])
    try "[{\"id\": ".write(toFile: files.theirs, atomically: true, encoding: .utf8)
    let before = files.oursBytes
    let result = try files.merge(environment: ["SYNCUPS_MERGE_REPORT": files.report])
    #expect(result.status == 65)
    #expect(
      result.error.hasPrefix(
        "Error: the theirs version '\(files.theirs)' is not a valid data file: "))
    #expect(files.oursBytes == before)
    // The refusal is reported as data, for sync to name the commit that broke the file.
    let report = try String(contentsOfFile: files.report, encoding: .utf8)
    #expect(
      report.hasPrefix(
        #"{"refusal":{"kind":"invalid","message":"the theirs version '"# + files.theirs
          + #"' is not a valid data file: "#))
    #expect(report.contains(#""side":"theirs""#))

    try files.write([syncUp(1, "Core")], to: files.theirs)
    try #"[{"title": "no id"}]"#.write(toFile: files.ours, atomically: true, encoding: .utf8)
    let oursBefore = files.oursBytes
    let corruptOurs = try files.merge()
    #expect(corruptOurs.status == 65)
    #expect(
      corruptOurs.error.hasPrefix(
        "Error: the ours version '\(files.ours)' is not a valid data file: "))
    #expect(files.oursBytes == oursBefore)
  }

  @Test func unknownKeysFromEitherSideAreKept() throws {
    let done = meeting(5, "2009-02-13T23:31:30Z", "Blob: done")
    let rated = meeting(
      5, "2009-02-13T23:31:30Z", "Blob: done", extra: #""rating": {"stars": 5}, "#)
    let files = try MergeFiles(
      base: [syncUp(1, "Engineering", meetings: [done])],
      ours: [syncUp(1, "Engineering", meetings: [done], extra: #""goal": [1, "two"], "#)],
      theirs: [syncUp(1, "Engineering", meetings: [rated])])
    let result = try files.merge()
    #expect(result.status == 0)
    #expect(result.error == "")
    let merged = try files.merged()
    #expect(merged.count == 1)
    #expect(merged[0]["goal"] as? NSArray == [1, "two"] as NSArray)
    let meetings = try #require(merged[0]["meetings"] as? [[String: Any]])
    #expect(meetings.count == 1)
    #expect(meetings[0]["rating"] as? NSDictionary == ["stars": 5] as NSDictionary)
  }

  @Test func meetingsAreTheUnionOfBothHistoriesNewestFirst() throws {
    let old = meeting(5, "2009-02-13T23:31:30Z", "old")
    let ours = meeting(6, "2009-02-15T09:00:00Z", "ours")
    let theirs = meeting(7, "2009-02-16T09:00:00Z", "theirs")
    let files = try MergeFiles(
      base: [syncUp(1, "Engineering", meetings: [old])],
      ours: [syncUp(1, "Engineering", meetings: [ours, old])],
      theirs: [syncUp(1, "Engineering", meetings: [theirs])])
    let result = try files.merge()
    #expect(result.status == 0)
    let meetings = try #require(try files.merged().first?["meetings"] as? [[String: Any]])
    // Theirs deleted the old meeting, which ours left alone: it is gone.
    #expect(meetings.map { $0["transcript"] as? String } == ["theirs", "ours"])
  }

  @Test func aSideInTheSyncUpsAppsFormatIsMergedIntoOurs() throws {
    let files = try MergeFiles(
      base: [syncUp(1, "Engineering")], ours: [syncUp(1, "Engineering"), syncUp(2, "Design")],
      theirs: [])
    // The app's own file: a duration of 600 s as [high, low] attoseconds.
    let appSyncUp = #"{"attendees": [{"id": "\#(id(90))", "name": "Blob"}], "#
      + #""duration": [32, 9704189641294348288], "id": "\#(id(1))", "meetings": [], "#
      + #""theme": "bubblegum", "title": "Engineering"}"#
    try "[\(appSyncUp)]".write(toFile: files.theirs, atomically: true, encoding: .utf8)
    let result = try files.merge()
    #expect(result.status == 0)
    #expect(result.error == "")
    let merged = try files.merged()
    #expect(merged.map { $0["title"] as? String } == ["Engineering", "Design"])
    #expect(merged.map { $0["duration"] as? Int } == [600, 300])
  }

  @Test func aMissingOrEmptyBaseHoldsNoSyncUps() throws {
    let files = try MergeFiles(
      base: [], ours: [syncUp(2, "Design")], theirs: [syncUp(3, "Ops")])
    try FileManager.default.removeItem(atPath: files.base)
    #expect(try files.merge().status == 0)
    #expect(try files.merged().map { $0["title"] as? String } == ["Design", "Ops"])

    try "".write(toFile: files.base, atomically: true, encoding: .utf8)
    try files.write([syncUp(2, "Design")], to: files.ours)
    #expect(try files.merge().status == 0)
    #expect(try files.merged().map { $0["title"] as? String } == ["Design", "Ops"])
  }

  @Test func theMergeKeepsOursFileMode() throws {
    let files = try MergeFiles(
      base: [syncUp(1, "Engineering")], ours: [syncUp(1, "Eng")],
      theirs: [syncUp(1, "Engineering"), syncUp(2, "Design")])
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: files.ours)
    #expect(try files.merge().status == 0)
    let mode = try FileManager.default.attributesOfItem(atPath: files.ours)[.posixPermissions]
    #expect(mode as? Int == 0o640)
    #expect(try files.merged().map { $0["title"] as? String } == ["Eng", "Design"])
  }

  @Test func aBadNewerSideIsAUsageError() throws {
    let files = try MergeFiles(base: [], ours: [], theirs: [])
    let before = files.oursBytes
    let result = try files.merge(environment: ["SYNCUPS_MERGE_NEWER": "mine"])
    #expect(result.status == 64)
    #expect(result.error == "Error: SYNCUPS_MERGE_NEWER must be ours or theirs, not 'mine'\n")
    #expect(files.oursBytes == before)
  }

  /// A real `git merge` of two branches that both changed the data file, with the driver set
  /// up as the README says: a merge commit, no conflict markers, both changes in.
  @Test func gitMergeUsesTheDriverAndLeavesNoConflictMarkers() throws {
    let syncups = SyncUpsRun()
    let repository = syncups.home.path + "/repo"
    try FileManager.default.createDirectory(
      atPath: repository, withIntermediateDirectories: true)
    func git(_ arguments: String...) throws -> Outcome {
      let outcome = try ChildProcess.run(
        Invocation(
          program: "/usr/bin/git", arguments: arguments.map { Array($0.utf8) },
          environment: syncups.environment([
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Blob",
            "GIT_AUTHOR_EMAIL": "blob@example.com", "GIT_COMMITTER_NAME": "Blob",
            "GIT_COMMITTER_EMAIL": "blob@example.com",
          ]),
          directory: repository, timeout: 120))
      return outcome
    }
    let file = repository + "/sync-ups.json"
    func write(_ syncUps: [String]) throws {
      try ("[" + syncUps.joined(separator: ", ") + "]\n").write(
        toFile: file, atomically: true, encoding: .utf8)
    }

    #expect(try git("init", "-q", "-b", "main").status == 0)
    #expect(
      try git("config", "merge.syncups.driver", "'\(SyncUpsRun.binary)' merge-driver %O %A %B")
        .status == 0)
    try "sync-ups.json merge=syncups\n".write(
      toFile: repository + "/.gitattributes", atomically: true, encoding: .utf8)
    try write([syncUp(1, "Engineering")])
    #expect(try git("add", ".").status == 0)
    #expect(try git("commit", "-q", "-m", "base").status == 0)
    #expect(try git("checkout", "-q", "-b", "theirs").status == 0)
    try write([syncUp(1, "Core"), syncUp(3, "Ops")])
    #expect(try git("commit", "-q", "-am", "theirs").status == 0)
    #expect(try git("checkout", "-q", "main").status == 0)
    try write([syncUp(1, "Eng"), syncUp(2, "Design")])
    #expect(try git("commit", "-q", "-am", "ours").status == 0)

    let merge = try git("merge", "--no-edit", "theirs")
    #expect(merge.status == 0, "\(merge.stdoutText)\(merge.stderrText)")
    #expect(
      merge.stderrText.contains(
        "syncups: conflict: Engineering: title changed to 'Eng' here and 'Core' there; "
          + "kept 'Eng' (ours)"))
    let merged = try String(contentsOfFile: file, encoding: .utf8)
    #expect(!merged.contains("<<<<<<<") && !merged.contains(">>>>>>>"))
    let titles = try #require(
      try JSONSerialization.jsonObject(with: Data(merged.utf8)) as? [[String: Any]]
    ).map { $0["title"] as? String }
    #expect(titles == ["Eng", "Design", "Ops"])
    #expect(try git("status", "--porcelain").stdoutText == "")
    #expect(try git("rev-list", "--count", "HEAD").stdoutText == "4\n")
  }
}
