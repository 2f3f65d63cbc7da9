// The floor for command latency: a minimal program that imports only FoundationEssentials and
// reads and decodes a sync-ups file, then prints how many sync-ups it holds.
//
//   DecodeFloor <file>
import FoundationEssentials

struct Attendee: Decodable {
  var id: UUID
  var name: String
}

struct Meeting: Decodable {
  var id: UUID
  var date: Date
  var transcript: String
}

struct SyncUp: Decodable {
  var id: UUID
  var attendees: [Attendee]
  var duration: Int
  var meetings: [Meeting]
  var theme: String
  var title: String
}

let path = CommandLine.arguments[1]
let data = try Data(contentsOf: URL(filePath: path))
let decoder = JSONDecoder()
decoder.dateDecodingStrategy = .iso8601
let syncUps = try decoder.decode([SyncUp].self, from: data)
print(syncUps.count)
