import Testing

@testable import syncups

@Suite("Sync repository")
struct SyncRepositoryTests {
  @Test func theDriverCommandIsOneShellWord() {
    #expect(SyncRepository.shellQuoted("/opt/it's here/syncups") == #"'/opt/it'\''s here/syncups'"#)
  }
}
