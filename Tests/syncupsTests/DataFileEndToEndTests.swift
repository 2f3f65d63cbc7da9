import ChildProcessSupport
import Foundation
import SharedState
import Testing

/// What syncups says about the data file itself, and what it cleans up beside it.
@Suite("End to end: the data file")
struct DataFileEndToEndTests {
  @Test func readingAMissingDataFileSaysSoAndCreatesNothing() throws {
    let syncups = SyncUpsRun()
    let typo = syncups.home.path + "/typo.json"
    let list = try syncups("--file", "typo.json", "list")
    #expect(list.status == 0)
    #expect(list.output == "")
    #expect(
      list.error
        == "No data file at '\(typo)': nothing stored yet.\n"
        + "No sync-ups yet. Add one with: syncups add --title <title>\n")
    let json = try syncups("--file", "typo.json", "list", "--json")
    #expect(json.output == "[]\n")
    #expect(json.error == "No data file at '\(typo)': nothing stored yet.\n")
    let stats = try syncups("--file", "typo.json", "stats")
    #expect(stats.error.hasPrefix("No data file at '\(typo)': nothing stored yet.\n"))
    // A command that fails says it in its error, the one line scripts expect.
    let show = try syncups("--file", "typo.json", "show", "eng")
    #expect(show.status == 1)
    #expect(
      show.error
        == "Error: no sync-up matches 'eng' (no data file at '\(typo)': nothing stored yet)\n")
    for arguments in [
      ["-q", "--file", "typo.json", "meetings", "eng"],
      ["--file", "typo.json", "edit", "eng", "--title", "X"],
      ["--file", "typo.json", "delete", "eng", "--yes"],
    ] {
      let failed = try syncups.run(arguments)
      #expect(failed.status == 1, "\(arguments)")
      #expect(
        failed.error
          == "Error: no sync-up matches 'eng' (no data file at '\(typo)': nothing stored yet)\n",
        "\(arguments)")
    }
    #expect(try syncups("-q", "--file", "typo.json", "list").error == "")
    #expect(!FileManager.default.fileExists(atPath: typo))
    // Completion scripts print nothing into the command line.
    #expect(try syncups("--file", "typo.json", "__complete", "syncups").error == "")
  }

  @Test func creatingTheDataFileSaysSoOnce() throws {
    let syncups = SyncUpsRun()
    let path = syncups.home.path + "/deep/new/team.json"
    let first = try syncups("--file", "deep/new/team.json", "add", "--title", "Eng", "--json")
    #expect(first.status == 0)
    let id = try #require((try syncups.json(first) as? [String: Any])?["id"] as? String)
    #expect(first.error == "Created '\(path)'.\n")
    #expect(FileManager.default.fileExists(atPath: path))
    let second = try syncups("--file", "deep/new/team.json", "add", "--title", "Design")
    #expect(second.error.hasPrefix("Added 'Design' ("))
    #expect(!second.error.contains("Created"))
    #expect(try syncups("--file", "deep/new/team.json", "list").error == "")
    // A command that fails creates nothing and says nothing of it.
    let other = syncups.home.path + "/other.json"
    let failed = try syncups("--file", "other.json", "add", "--title", " ")
    #expect(failed.status == 64)
    #expect(!failed.error.contains("Created"))
    #expect(!FileManager.default.fileExists(atPath: other))
    #expect(try syncups("-q", "--file", "other.json", "add", "--title", "Eng").error == "")
    #expect(id.count == 36)
  }

  /// The temporary file of a write whose process was killed (`kill -9` while a large file was
  /// written) is removed by the next write, once its writer is gone; those of a writer that
  /// still runs, of other files, and of older versions (which name no process) are kept.
  @Test func aWriteRemovesTemporaryFilesOfWritersThatAreGone() throws {
    let syncups = SyncUpsRun()
    #expect(try syncups("add", "--title", "Eng").status == 0)
    let directory = (syncups.dataFile as NSString).deletingLastPathComponent
    // A writer killed mid-write: a process that ran, and is gone.
    let killed = try ChildProcess.spawn(
      Invocation(
        program: "/bin/sh", arguments: [Array("-c".utf8), Array("sleep 60".utf8)],
        environment: [:], directory: "/", input: .null, timeout: 120))
    let killedStart = try #require(ProcessIdentity.startTime(of: killed.pid))
    killed.send(SIGKILL)
    #expect(ChildProcess.collect([killed])[0].signal == SIGKILL)
    let me = ProcessIdentity.current
    let leftovers = [
      ".sync-ups.json.tmp-\(killed.pid)-\(killedStart)-aB3xYz",
      ".sync-ups.json.tmp-\(me.pid)-\(me.start! + 1)-Qw1Er2",  // the pid now names another process
    ]
    let kept = [
      ".sync-ups.json.tmp-\(me.pid)-\(me.start!)-Zx9Cv8",  // a writer that still runs
      ".sync-ups.json.tmp-Ab3dEf",  // an older version's, which names no process
      ".other.json.tmp-\(killed.pid)-\(killedStart)-Aa1Bb2",  // another file's
    ]
    for name in leftovers + kept {
      #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(count: 4096)))
    }
    let before = try #require(syncups.dataBytes)

    #expect(try syncups("list").status == 0)  // reading removes nothing
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory)).isSuperset(of: leftovers))
    #expect(syncups.dataBytes == before)

    #expect(try syncups("add", "--title", "Design").status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        == ([".sync-ups.json.lock", "sync-ups.json"] + kept).sorted())
    #expect(try syncups("list").output.contains("Design"))
  }
}
