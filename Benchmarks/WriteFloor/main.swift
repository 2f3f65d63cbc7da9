// The floor for a change to the data file (C5's `add`, C8): a minimal program that reads a
// sync-ups file, decodes it, encodes it and writes it back durably as the data file is written
// (``writeDurably(_:to:)``), with the fastest reader and writer the project has (SyncUpsCore's
// own, byte for byte those of `JSONEncoder`). No lock, no settings, no change: what any change
// to the file cannot avoid.
//
//   WriteFloor <file>
import BenchmarkSupport
import FoundationEssentials
import SyncUpsCore

let path = CommandLine.arguments[1]
let syncUps = try SyncUpsFile.decode(Data(contentsOf: URL(filePath: path)))
let data = try SyncUpsFile.encode(syncUps)
data.withUnsafeBytes { writeDurably($0, to: path) }
print(syncUps.count)
