import Testing

@testable import syncups

@Suite("Sync repository")
struct SyncRepositoryTests {
  @Test func theDriverCommandIsOneShellWord() {
    #expect(SyncRepository.shellQuoted("/opt/it's here/syncups") == #"'/opt/it'\''s here/syncups'"#)
  }

  @Test func doctorReadsTheProgramOfAShellQuotedDriverCommand() {
    let command = SyncRepository.shellQuoted("/opt/it's here/syncups") + " merge-driver %O %A %B %P"
    #expect(DoctorCommand.Checkup.firstWord(command) == "/opt/it's here/syncups")
    #expect(DoctorCommand.Checkup.firstWord("syncups merge-driver %O") == "syncups")
  }

  @Test func commitMessagesEndWithTheVersionTrailerAfterTheOthers() {
    #expect(
      SyncRepository.commitMessage("Merge", trailers: ["Syncups-Conflict: {}"])
        == ["-m", "Merge\n\nSyncups-Conflict: {}\nSyncups-Version: \(CommandTable.version)"])
  }

  @Test func conflictMarkersSplitIntoTheirTwoSidesWithoutTheBase() {
    let text = "[\n<<<<<<< HEAD\n1\n||||||| base\n0\n=======\n2\n3\n>>>>>>> theirs\n]\n"
    #expect(ConflictMarkers(text) == ConflictMarkers(ours: "[\n1\n]\n", theirs: "[\n2\n3\n]\n"))
  }

  @Test func aTextWithoutACompleteConflictHasNoSides() {
    #expect(ConflictMarkers("[\n1\n]\n") == nil)
    #expect(ConflictMarkers("[\n<<<<<<< HEAD\n1\n=======\n2\n]\n") == nil)
  }
}
