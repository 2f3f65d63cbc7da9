import Foundation
import Testing

@testable import ManPageGenerator
@testable import syncups

/// `SYNCUPS_LOCK_TIMEOUT`: how long a command waits for another process's lock on the data
/// file. The waits themselves are tested end to end (`EndToEndTests`).
@Suite("Lock timeout")
struct LockTimeoutTests {
  @Test func withoutTheVariableACommandWaitsTenSeconds() throws {
    #expect(try LockTimeout.from(environment: [:]) == .seconds(10))
    #expect(try LockTimeout.from(environment: ["SYNCUPS_LOCK_TIMEOUT": ""]) == .seconds(10))
  }

  @Test(arguments: [
    ("0", Duration.zero), ("3600", .seconds(3600)), ("2.5", .milliseconds(2500)),
    ("0.0004", .zero), ("0.0006", .milliseconds(1)), ("1e1", .seconds(10)),
  ])
  func secondsFromZeroToAnHourAreTakenToTheMillisecond(text: String, wait: Duration) throws {
    #expect(try LockTimeout.from(environment: ["SYNCUPS_LOCK_TIMEOUT": text]) == wait)
  }

  @Test(arguments: ["-1", "3600.5", "soon", "nan", "inf", " 5", "5s"])
  func anythingElseIsAUsageError(text: String) {
    #expect(
      throws: CommandFailure(
        "SYNCUPS_LOCK_TIMEOUT must be a number of seconds from 0 to 3600, not '\(text)'",
        status: .usage)
    ) {
      try LockTimeout.from(environment: ["SYNCUPS_LOCK_TIMEOUT": text])
    }
  }

  @Test func theScriptingGuideAndTheManPageNameTheVariable() throws {
    let guide = try String(
      contentsOf: GeneratedFilesTests.root.appendingPathComponent("doc/scripting.md"),
      encoding: .utf8)
    #expect(guide.contains("`\(LockTimeout.variable)`"))
    let manual = manPage().split(separator: "\n").joined(separator: " ")
    #expect(
      manual.contains(
        ".It Ev \(LockTimeout.variable) How many seconds a command that changes data waits for "
          + "another syncups process to release the data file before giving up with status 75 "
          + "(a number from 0 to 3600; default 10)."))
  }
}
