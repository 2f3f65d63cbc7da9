import SharedState
import Testing

@Suite("Process identity")
struct ProcessIdentityTests {
  @Test func startTimesComeFromTheStatLineWhateverTheCommandName() {
    let line = "4242 (sync ups) (x)) S 1 4242 4242 0 -1 4194560 120 0 0 0 1 2 0 0 20 0 1 0 "
      + "987654 12345678 300 18446744073709551615\n"
    #expect(ProcessIdentity.startTime(statLine: line) == 987_654)
    #expect(ProcessIdentity.startTime(statLine: "4242 (short) S 1 2") == nil)
  }

  @Test func aProcessRunsOnlyWithItsStartTime() {
    let me = ProcessIdentity.current
    #expect(me.start != nil)
    #expect(me.isRunning)
    #expect(!me.hasEnded)
    #expect(!ProcessIdentity(pid: me.pid, start: me.start! + 1).isRunning)
    #expect(ProcessIdentity(pid: me.pid, start: me.start! + 1).hasEnded)
    #expect(!ProcessIdentity(pid: Int32.max, start: nil).isRunning)
    #expect(ProcessIdentity(pid: Int32.max, start: nil).hasEnded)
  }

  @Test func anotherUsersProcessIsNotTakenForEnded() {
    // Process 1 belongs to root; signal 0 is refused (EPERM) unless the tests run as root.
    let initProcess = ProcessIdentity(pid: 1, start: ProcessIdentity.startTime(of: 1))
    #expect(!initProcess.hasEnded)
  }
}
