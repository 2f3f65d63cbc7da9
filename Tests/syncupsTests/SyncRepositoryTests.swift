import Foundation
import Testing

@testable import syncups

@Suite("Sync repository")
struct SyncRepositoryTests {
  /// The note of a data file a sync decoded ends with the file's size and its 64-bit FNV-1a
  /// hash, so that any change to its bytes tells it from the version decoded.
  @Test func theDecodesNoteEndsWithTheSizeAndHashOfTheBytes() {
    let note = String(decoding: SyncRepository.decodesNote(of: Data("a".utf8)), as: UTF8.self)
    #expect(note.hasPrefix(CommandTable.version + " "))
    #expect(note.hasSuffix(" 1 af63dc4c8601ec8c\n"))
    let empty = String(decoding: SyncRepository.decodesNote(of: Data()), as: UTF8.self)
    #expect(empty.hasSuffix(" 0 cbf29ce484222325\n"))
  }

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
