import Testing

@testable import syncups

/// The update the editor's file holds (``UpdateText``).
@Suite("Update text")
struct UpdateTextTests {
  /// Any line break ends a blocker: CRLF, a lone CR and a Unicode line separator as well as
  /// LF, so that no blocker holds one.
  @Test func everyLineBreakEndsABlocker() {
    let text = UpdateText(
      parsing: "Done: the login page\r\nBlockers:\r\nno keys\r\nno VPN\rslow CI\u{2028}no laptop\n")
    #expect(text.done == "the login page")
    #expect(text.blockers == ["no keys", "no VPN", "slow CI", "no laptop"])
  }
}
