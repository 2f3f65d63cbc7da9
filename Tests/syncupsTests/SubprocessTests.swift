import Foundation
import Testing
import SharedState

@testable import syncups

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct SubprocessTests {
  let fixtures: ScratchDirectory

  init() throws { fixtures = try ScratchDirectory() }

  /// A script whose file is still open for writing somewhere (here, by this test, for 300 ms)
  /// cannot be run for that moment: it is run as soon as it can be, not reported as busy.
  @Test func aScriptStillOpenForWritingIsRunOnceItIsClosed() throws {
    let script = fixtures.path + "/busy"
    let writer = open(script, O_WRONLY | O_CREAT | O_CLOEXEC, 0o755)
    #expect(writer >= 0)
    let text = "#!/bin/sh\necho ran\n"
    #expect(write(writer, text, text.utf8.count) == text.utf8.count)
    let started = ContinuousClock.now
    let closer = Thread {
      usleep(300_000)
      close(writer)
    }
    closer.start()
    let result = try Subprocess.run(script, [], environment: [:])
    // It ran only once closed.
    #expect(ContinuousClock.now - started >= .milliseconds(300))
    #expect(result.status == 0)
    #expect(result.output == "ran\n")
  }

  /// One that stays open is reported with exec's reason once the retries are spent.
  @Test func aScriptThatStaysOpenForWritingIsReportedBusy() throws {
    let script = fixtures.path + "/held"
    let writer = open(script, O_WRONLY | O_CREAT | O_CLOEXEC, 0o755)
    defer { close(writer) }
    let started = ContinuousClock.now
    let failure = #expect(throws: Subprocess.StartFailure.self) {
      try Subprocess.run(script, [], environment: [:])
    }
    #expect(failure?.message == "cannot run '\(script)': Text file busy")
    #expect(ContinuousClock.now - started >= Subprocess.busyRetryLimit - .milliseconds(200))
  }

  /// A descriptor this process has open without close-on-exec does not reach the child.
  @Test func theChildDoesNotInheritOtherDescriptors() throws {
    let leaky = open(fixtures.path + "/leaky", O_WRONLY | O_CREAT, 0o644)
    defer { close(leaky) }
    #expect(leaky >= 3)
    let result = try Subprocess.run(
      "/bin/sh", ["-c", "test -e /proc/$$/fd/\(leaky) && echo open || echo closed"],
      environment: [:])
    #expect(result.output == "closed\n")
  }
}

@Suite struct EditorTests {
  let fixtures: ScratchDirectory

  init() throws { fixtures = try ScratchDirectory() }

  /// The editor runs with the environment it is given (not this process's), and with none of
  /// this process's other descriptors; what it leaves in the file is the text.
  @Test func theEditorGetsTheGivenEnvironmentAndOnlyTheStandardDescriptors() throws {
    let leaky = open(fixtures.path + "/leaky", O_WRONLY | O_CREAT, 0o644)
    defer { close(leaky) }
    let editor = try fixtures.write(
      """
      #!/bin/sh
      { cat "$1"; echo "mark: $SYNCUPS_TEST_MARK"
        test -e /proc/$$/fd/\(leaky) && echo open || echo closed; } > "$1.new"
      mv "$1.new" "$1"
      """, to: "editor")
    #expect(chmod(editor, 0o755) == 0)
    // The editor is another program: the file it edits is on the disk.
    let text = try withDependencies { $0.defaultFileStorage = .fileSystem } operation: {
      try Editor.edit(
        "Done:\n",
        environment: [
          "EDITOR": editor, "SYNCUPS_TEST_MARK": "given", "PATH": "/usr/bin:/bin",
          "TMPDIR": fixtures.path,
        ], name: "update")
    }
    #expect(text == "Done:\nmark: given\nclosed\n")
  }
}
