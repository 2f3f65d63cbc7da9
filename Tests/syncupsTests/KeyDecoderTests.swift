import Testing

@testable import syncups

/// The keys `text`'s bytes decode to in one feed, with a fresh decoder.
private func keys(_ text: String) -> [Key] {
  var decoder = KeyDecoder()
  return decoder.feed(Array(text.utf8))
}

@Suite struct KeyDecoderTests {
  @Test func printableCharactersAreCharacters() {
    #expect(keys("n t") == [.character("n"), .character(" "), .character("t")])
    #expect(keys("~E") == [.character("~"), .character("E")])
  }

  @Test func returnAndLineFeedAreEnter() {
    #expect(keys("\r") == [.enter])
    #expect(keys("\n") == [.enter])
  }

  @Test func deleteAndBackspaceBytesAreBackspace() {
    #expect(keys("\u{7F}\u{08}") == [.backspace, .backspace])
  }

  @Test func tabAndControlKeys() {
    #expect(keys("\t") == [.tab])
    #expect(keys("\u{03}\u{01}\u{1A}") == [.control("c"), .control("a"), .control("z")])
  }

  @Test func controlBytesWithoutAKeyAreDropped() {
    #expect(keys("\u{00}\u{1C}\u{1D}\u{1E}\u{1F}x") == [.character("x")])
  }

  @Test func multiByteCharacters() {
    #expect(keys("é会😀") == [.character("é"), .character("会"), .character("😀")])
  }

  @Test func aCharacterSplitAcrossFeeds() {
    var decoder = KeyDecoder()
    let bytes = Array("😀".utf8)  // F0 9F 98 80
    #expect(decoder.feed(bytes[0..<1]) == [])
    #expect(decoder.feed(bytes[1..<3]) == [])
    #expect(decoder.hasPendingEscape == false)
    #expect(decoder.feed(bytes[3...] + [UInt8(ascii: "a")]) == [.character("😀"), .character("a")])
  }

  @Test func aCombiningMarkIsItsOwnKey() {
    #expect(keys("e\u{301}") == [.character("e"), .character("\u{301}")])
  }

  @Test func invalidUTF8IsDropped() {
    // A stray continuation byte, an overlong "/", a surrogate, bytes that never start one.
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x80, 0x61]) == [.character("a")])
    #expect(decoder.feed([0xC0, 0xAF, 0x62]) == [.character("b")])
    #expect(decoder.feed([0xED, 0xA0, 0x80, 0x63]) == [.character("c")])
    #expect(decoder.feed([0xF5, 0xFF, 0xFE, 0x64]) == [.character("d")])
  }

  @Test func anUnfinishedCharacterGivesWayToTheNextByte() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xE4, 0xBC]) == [])
    #expect(decoder.feed(Array("x".utf8)) == [.character("x")])
  }

  @Test func c1ControlsAreDropped() {
    #expect(keys("\u{9B}2J\u{85}") == [.character("2"), .character("J")])
  }

  @Test func csiArrows() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
  }

  @Test func ss3Arrows() {
    #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
  }

  @Test func arrowsWithModifiersAreArrows() {
    #expect(keys("\u{1B}[1;5C\u{1B}[1;2D") == [.right, .left])
  }

  @Test func homeEndAndDelete() {
    #expect(
      keys("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[3~")
        == [.home, .end, .home, .end, .home, .end, .home, .end, .delete])
    #expect(keys("\u{1B}[3;5~") == [.delete])
  }

  @Test func unknownSequencesAreSwallowedWhole() {
    // F5, Insert, F1 (SS3 P), a focus report, a private-mode sequence, a long parameter run.
    #expect(keys("\u{1B}[15~x") == [.character("x")])
    #expect(keys("\u{1B}[2~x") == [.character("x")])
    #expect(keys("\u{1B}OPx") == [.character("x")])
    #expect(keys("\u{1B}[Ix") == [.character("x")])
    #expect(keys("\u{1B}[?1;2cx") == [.character("x")])
    let long = "\u{1B}[" + String(repeating: "1;", count: 40) + "Zx"
    #expect(keys(long) == [.character("x")])
  }

  @Test func aSequenceSplitAcrossFeeds() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.feed(Array("[1;".utf8)) == [])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.feed(Array("5Cn".utf8)) == [.right, .character("n")])
    #expect(decoder.hasPendingEscape == false)
  }

  @Test func aLoneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("t\u{1B}".utf8)) == [.character("t")])
    #expect(decoder.hasPendingEscape)
    #expect(decoder.timeoutPendingEscape() == [.escape])
    #expect(decoder.hasPendingEscape == false)
    #expect(decoder.timeoutPendingEscape() == [])
    #expect(decoder.feed(Array("C".utf8)) == [.character("C")])
  }

  @Test func anUnfinishedSequenceIsDroppedAtTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[1;".utf8)) == [])
    #expect(decoder.timeoutPendingEscape() == [])
    #expect(decoder.feed(Array("x".utf8)) == [.character("x")])
    #expect(decoder.feed(Array("\u{1B}O".utf8)) == [])
    #expect(decoder.timeoutPendingEscape() == [])
    #expect(decoder.feed(Array("C".utf8)) == [.character("C")])
  }

  @Test func escapeFollowedByAnOrdinaryByteIsEscapeThenThatKey() {
    #expect(keys("\u{1B}n") == [.escape, .character("n")])
    #expect(keys("\u{1B}\r") == [.escape, .enter])
    #expect(keys("\u{1B}\u{7F}") == [.escape, .backspace])
  }

  @Test func twoEscapesInARow() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
    #expect(decoder.timeoutPendingEscape() == [.escape])
    #expect(decoder.feed([0x1B, 0x1B, 0x5B, 0x44]) == [.escape, .left])
  }

  @Test func aControlByteInsideASequenceAbandonsIt() {
    #expect(keys("\u{1B}[1\r") == [.enter])
    #expect(keys("\u{1B}[1\u{1B}[C") == [.right])
    #expect(keys("\u{1B}O\u{7F}") == [.backspace])
  }

  @Test func aTimeoutWithNothingPendingKeepsAHalfCharacter() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xC3]) == [])
    #expect(decoder.timeoutPendingEscape() == [])
    #expect(decoder.feed([0xA9]) == [.character("é")])
  }
}
