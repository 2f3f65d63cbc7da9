import Testing

@testable import syncups

@Suite("Sharing files")
struct SharingFilesTests {
  @Test func sharingFilesAddOnlyWhatIsMissing() {
    #expect(SharingFiles.attributes(for: "sync-ups.json") == ["/sync-ups.json merge=syncups"])
    #expect(SharingFiles.attributes(for: "my team*.json") == [#""/my team\\*.json" merge=syncups"#])
    #expect(SharingFiles.ignored(for: "a[1].json") == [#"/.a\[1].json.lock"#, #"/.a\[1].json.tmp-*"#])
    #expect(SharingFiles.adding(["b", "c"], to: "a\nb") == "a\nb\nc\n")
    #expect(SharingFiles.adding(["a"], to: "a\n") == nil)
    #expect(SharingFiles.adding(["a"], to: "") == "a\n")
  }
}
