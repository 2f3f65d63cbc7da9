#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import Testing

@Suite("JSON syntax errors")
struct JSONSyntaxErrorTests {
  func located(_ text: String) -> String? {
    JSONSyntaxError.locate(in: Data(text.utf8))?.description
  }

  @Test func theFirstProblemIsPlacedByLineAndColumn() {
    let cases: [(String, String)] = [
      ("[{\"a\":1,\n  \"b\": x}]", "not valid JSON: expected a value, found 'x' (at line 2, column 8)"),
      ("[1,\n 2 x]", "not valid JSON: expected ',' or ']', found 'x' (at line 2, column 4)"),
      ("{\"a\" 1}", "not valid JSON: expected ':' after a key, found '1' (at line 1, column 6)"),
      ("{a: 1}", "not valid JSON: expected a key in double quotes, found 'a' (at line 1, column 2)"),
      ("[1,]", "not valid JSON: expected a value, found ']' (at line 1, column 4)"),
      ("[1] [2]", "not valid JSON: found '[' after the end of the document (at line 1, column 5)"),
      ("", "not valid JSON: expected a value, found the end of the file (at line 1, column 1)"),
      ("[\"é\", tru]", "not valid JSON: expected a value, found 't' (at line 1, column 7)"),
      ("[\"ab", "not valid JSON: a string that is never closed (at line 1, column 5)"),
      ("[\"a\tb\"]", "not valid JSON: the character U+0009 must be escaped in a string (at line 1, column 4)"),
      ("[\"\\x\"]", "not valid JSON: 'x' cannot follow a backslash in a string (at line 1, column 4)"),
      ("[\"\\u12g4\"]", "not valid JSON: expected four hex digits after \\u (at line 1, column 4)"),
      ("[-]", "not valid JSON: expected a digit, found ']' (at line 1, column 3)"),
      ("[1.]", "not valid JSON: expected a digit after '.', found ']' (at line 1, column 4)"),
      ("[1e]", "not valid JSON: expected a digit in the exponent, found ']' (at line 1, column 4)"),
      ("{\"a\": [1, 2}", "not valid JSON: expected ',' or ']', found '}' (at line 1, column 12)"),
    ]
    for (text, description) in cases {
      #expect(located(text) == description, "\(text)")
    }
  }

  @Test func validJSONHasNoProblem() {
    for text in [
      "[]", " {} ", "[1, -2.5e+3, 0, 0.25E-1, true, false, null, \"a\\\"\\u00e9\\n\"]",
      "{\"a\": {\"b\": [{}]}}\n", String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
    ] {
      #expect(located(text) == nil, "\(text)")
    }
  }

  @Test func jsonNestedDeeperThanTheDecoderReadsIsNestedTooDeeply() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(
      located(deep)
        == "nested too deeply: more than 512 arrays and objects inside one another "
        + "(at line 1, column 513)")
    // The decoder calls it invalid; located, it says what it is.
    do {
      _ = try JSONDecoder().decode([Int].self, from: Data(deep.utf8))
      Issue.record("decoded")
    } catch {
      let located = JSONSyntaxError.locating(error, in: Data(deep.utf8))
      #expect((located as? JSONSyntaxError)?.isTooDeep == true)
    }
  }

  @Test func otherDecodingErrorsAreLeftAsTheyAre() {
    let error = DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: [], debugDescription: "Expected an array"))
    #expect((JSONSyntaxError.locating(error, in: Data("{}".utf8)) as? DecodingError) != nil)
  }
}
