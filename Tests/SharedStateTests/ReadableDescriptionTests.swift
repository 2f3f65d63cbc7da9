import Foundation
import SharedState
import Testing

@Suite("Readable descriptions of decoding errors")
struct ReadableDescriptionTests {
  struct Record: Decodable {
    var name: String
    var count: Int
    var tags: [String]
    var extra: [String: Int]
    var on: Bool
    var id: UUID
  }

  static let valid: [String: String] = [
    "name": #""a""#, "count": "1", "tags": "[]", "extra": "{}", "on": "true",
    "id": #""00000000-0000-0000-0000-000000000001""#,
  ]

  /// The description of decoding `Record` with `key` set to `json`.
  func description(_ key: String, _ json: String) -> String {
    var fields = Self.valid
    fields[key] = json
    let text = "{" + fields.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",") + "}"
    do {
      _ = try JSONDecoder().decode(Record.self, from: Data(text.utf8))
      return "decoded"
    } catch {
      return readableDescription(of: error)
    }
  }

  @Test func wrongKindsAreNamedInJSONsWords() {
    #expect(description("name", "3") == "expected a string, found a number (at name)")
    #expect(description("count", #""3""#) == "expected a number, found a string (at count)")
    #expect(description("tags", "{}") == "expected an array, found an object (at tags)")
    #expect(description("extra", "[]") == "expected an object, found an array (at extra)")
    #expect(description("on", "1") == "expected true or false, found a number (at on)")
    #expect(description("name", "true") == "expected a string, found a boolean (at name)")
    #expect(description("name", "null") == "expected a string, found null (at name)")
    #expect(description("tags", "[1]") == "expected a string, found a number (at tags[0])")
  }

  @Test func foundationsSentencesAreReworded() {
    #expect(description("id", #""nope""#) == "expected a UUID string (at id)")
    do {
      _ = try JSONDecoder().decode(Record.self, from: Data("{".utf8))
      Issue.record("decoded")
    } catch {
      #expect(readableDescription(of: error) == "not valid JSON (at the top level)")
    }
    do {
      _ = try JSONDecoder().decode([Record].self, from: Data("{}".utf8))
      Issue.record("decoded")
    } catch {
      #expect(
        readableDescription(of: error) == "expected an array, found an object (at the top level)")
    }
  }

  @Test func ownMessagesStartInLowerCase() {
    let error = DecodingError.dataCorrupted(
      .init(codingPath: [], debugDescription: "Duplicate id 7 at index 2"))
    #expect(readableDescription(of: error) == "duplicate id 7 at index 2 (at the top level)")
    let acronym = DecodingError.dataCorrupted(
      .init(codingPath: [], debugDescription: "JSON5 is not supported"))
    #expect(readableDescription(of: acronym) == "JSON5 is not supported (at the top level)")
  }

  @Test func missingKeys() {
    do {
      _ = try JSONDecoder().decode(Record.self, from: Data(#"{"name": "a"}"#.utf8))
      Issue.record("decoded")
    } catch {
      #expect(readableDescription(of: error) == "missing key 'count' (at the top level)")
    }
  }
}
