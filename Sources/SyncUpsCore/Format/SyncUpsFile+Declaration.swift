#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState

extension SyncUpsFile {
  /// What a data file declares about itself: its format, the features a syncups must know to
  /// change it, and the version that last wrote it.
  ///
  /// Format 1, what every release before 0.4.0 wrote and what new files still are, is the
  /// top-level array of sync-ups; it declares nothing and requires nothing. Format 2 is an
  /// object holding the array and the declaration, which 0.1.0 to 0.3.0 cannot decode and so
  /// never overwrite:
  ///
  /// ```json
  /// {
  ///   "format" : 2,
  ///   "requires" : [
  ///     "itemTimes"
  ///   ],
  ///   "syncUps" : [ … ],
  ///   "writtenBy" : "0.4.0"
  /// }
  /// ```
  ///
  /// A syncups that meets a format newer than it knows, or a required feature it does not
  /// know (``unmet``), reads the file but refuses to change it (``refusal``).
  public struct Declaration: Equatable, Sendable {
    /// 1 for the array; 2 or more for the object.
    public var format: Int
    /// The features a syncups must know to change the file, by name.
    public var requires: [String]
    /// The version of syncups that last wrote the file; nil for format 1.
    public var writtenBy: String?
    /// Top-level keys of the object this version does not know, kept and written back.
    public var otherKeys: [String: UnknownJSON]

    public init(
      format: Int, requires: [String] = [], writtenBy: String? = nil,
      otherKeys: [String: UnknownJSON] = [:]
    ) {
      self.format = format
      self.requires = requires
      self.writtenBy = writtenBy
      self.otherKeys = otherKeys
    }

    /// The array of every release so far, declaring nothing.
    public static let formatOne = Declaration(format: 1)

    /// What the file asks for that this version does not know: `format 3` for a format newer
    /// than ``SyncUpsFile/newestFormat``, then each required feature not among
    /// ``SyncUpsFile/knownFeatures``, in the file's order. Empty when this version can write it.
    public var unmet: [String] {
      (format > SyncUpsFile.newestFormat ? ["format \(format)"] : [])
        + requires.filter { !SyncUpsFile.knownFeatures.contains($0) }
    }

    /// Why this version must not change the file, for people; nil when it may:
    /// `this data needs a newer syncups (requires: zzz; written by syncups 0.9.0)`.
    public var refusal: String? {
      let unmet = unmet
      guard !unmet.isEmpty else { return nil }
      return "this data needs a newer syncups (requires: \(unmet.joined(separator: ", "))"
        + (writtenBy.map { "; written by syncups \($0)" } ?? "") + ")"
    }

    /// The first release that can write files of this declaration: nil for format 1, which
    /// every release can write.
    public var firstWriter: String? {
      format >= 2 ? SyncUpsFile.firstDeclaringVersion : nil
    }

    /// The declaration of the merge of files declaring `declarations`: format 1 when all are,
    /// else the newest format, every feature any requires (in the order first met), and the
    /// keys each keeps (the first one's value of a key several hold).
    public static func merging(_ declarations: [Declaration]) -> Declaration {
      var merged = Declaration(format: declarations.map(\.format).max() ?? 1)
      for declaration in declarations {
        for feature in declaration.requires where !merged.requires.contains(feature) {
          merged.requires.append(feature)
        }
        merged.otherKeys.merge(declaration.otherKeys) { first, _ in first }
        merged.writtenBy = merged.writtenBy ?? declaration.writtenBy
      }
      return merged
    }
  }

  /// The newest format this version reads and writes.
  public static let newestFormat = 2
  /// The features a data file may require that this version knows and honours. None yet: a
  /// later version that changes what a key means adds its feature here and to the files that
  /// use it.
  public static let knownFeatures: Set<String> = []
  /// The version of syncups this is, which a format-2 file it writes names (`writtenBy`).
  public static let writerVersion = "0.4.0"
  /// The first release that reads declarations, and so can write format 2.
  public static let firstDeclaringVersion = "0.4.0"
  /// The releases that know no declaration and refuse to change a format-2 file.
  public static let undeclaringReleases = "0.1.0–0.3.0"

  /// A file this version must not change, or cannot read: its ``Declaration/refusal``.
  public struct NeedsNewerVersion: Error, CustomStringConvertible, Equatable, Sendable {
    public let declaration: Declaration
    public var description: String { declaration.refusal ?? "" }
  }

  /// Decodes a data file of any format this version knows, and what it declares.
  ///
  /// ```swift
  /// let (syncUps, declaration) = try SyncUpsFile.decodeDeclared(data)
  /// declaration.format  // 1 for the array, 2 for the object
  /// ```
  ///
  /// A file that requires what this version does not know still decodes when its sync-ups
  /// are where format 2 keeps them; ``Declaration/unmet`` says what it requires.
  ///
  /// - Throws: as ``decode(_:)``; ``NeedsNewerVersion`` for a newer file whose sync-ups this
  ///   version cannot read.
  public static func decodeDeclared(
    _ data: Data
  ) throws -> (syncUps: IdentifiedArrayOf<SyncUp>, declaration: Declaration) {
    guard DeclaredObject.isObject(data) else { return (try decode(data), .formatOne) }
    return try decodeObject(data)
  }

  /// Decodes a data file as ``decodeDeclared(_:)`` does, reading a format-1 file a window at
  /// a time (``decode(from:)``); a format-2 file is read whole.
  public static func decodeDeclared(
    from file: inout FileReader
  ) throws -> (syncUps: IdentifiedArrayOf<SyncUp>, declaration: Declaration) {
    if let syncUps = try decodeFast(from: &file) { return (syncUps, .formatOne) }
    let data = try file.readAll()
    guard DeclaredObject.isObject(data) else { return (try decodeWithJSONDecoder(data), .formatOne) }
    return try decodeObject(data)
  }

  /// What the data file in `data` declares, without decoding its sync-ups: format 1 for
  /// anything but an object.
  ///
  /// - Throws: a `DecodingError` when the object's declaration does not decode.
  public static func declaration(of data: Data) throws -> Declaration {
    guard DeclaredObject.isObject(data) else { return .formatOne }
    if let range = DeclaredObject.syncUpsRange(in: data) {
      return try DeclaredObject.head(of: data, without: range)
    }
    return try decoder().decode(DeclaredObject.Head.self, from: data).declaration
  }

  /// What the data file `file` declares, as ``declaration(of:)`` says: a format-1 file is
  /// told by its first bytes, and read no further.
  public static func declaration(from file: inout FileReader) throws -> Declaration {
    var start = [UInt8](repeating: 0, count: 512)
    while true {
      let count = try start.withUnsafeMutableBytes { try file.read(into: $0) }
      guard count > 0 else { return .formatOne }
      let first = start[..<count].first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
      guard let first else { continue }
      guard first == UInt8(ascii: "{") else { return .formatOne }
      return try declaration(of: try file.readAll())
    }
  }

  /// Encodes sync-ups in the format `declaration` names: the array for format 1, else the
  /// object, naming this version as its writer (``writerVersion``). The object's bytes are
  /// those `JSONEncoder` writes for it: the array as ``encode(_:)`` writes it, each line after
  /// the first indented two spaces more, among the declaration's keys.
  ///
  /// - Throws: ``NeedsNewerVersion`` when the declaration requires what this version does not
  ///   know: such a file is never written.
  public static func encode(
    _ syncUps: IdentifiedArrayOf<SyncUp>, declaration: Declaration
  ) throws -> Data {
    guard declaration.unmet.isEmpty else { throw NeedsNewerVersion(declaration: declaration) }
    guard declaration.format >= 2 else { return try encode(syncUps) }
    var keys = declaration.otherKeys
    keys["format"] = .number(Decimal(declaration.format))
    keys["requires"] = .array(declaration.requires.map(UnknownJSON.string))
    keys["writtenBy"] = .string(writerVersion)
    keys[DeclaredObject.syncUpsKey] = .number(0)
    let head = try encoder().encode(keys)
    let array = try encode(syncUps)
    // At the top level of the object, the one line that starts with two spaces and the key.
    let placeholder = Data("\n  \"\(DeclaredObject.syncUpsKey)\" : 0".utf8)
    guard let found = head.firstRange(of: placeholder) else {
      throw EncodingError.invalidValue(
        keys, .init(codingPath: [], debugDescription: "The sync-ups' place was not found"))
    }
    var result = Data(capacity: head.count + array.count + array.count / 16)
    result.append(head[..<(found.upperBound - 1)])
    DeclaredObject.appendIndented(array, to: &result)
    result.append(head[found.upperBound...])
    return result
  }

  /// Decodes the object of format 2 or later: the sync-ups' array by the fast reader and the
  /// declaration around it on its own, or the whole by `JSONDecoder` when the fast way cannot.
  private static func decodeObject(
    _ data: Data
  ) throws -> (syncUps: IdentifiedArrayOf<SyncUp>, declaration: Declaration) {
    if let range = DeclaredObject.syncUpsRange(in: data),
      let head = try? DeclaredObject.head(of: data, without: range),
      let syncUps = decodeFast(Data(data[range]))
    {
      return (syncUps, head)
    }
    let file: DeclaredObject
    do {
      file = try decoder().decode(DeclaredObject.self, from: data)
    } catch {
      throw JSONSyntaxError.locating(error, in: data)
    }
    guard let syncUps = file.syncUps else { throw NeedsNewerVersion(declaration: file.declaration) }
    return (syncUps, file.declaration)
  }
}

/// The object of format 2 and later: the declaration's keys and the sync-ups.
struct DeclaredObject: Decodable {
  static let syncUpsKey = "syncUps"
  private static let declaredKeys: Set<String> = ["format", "requires", syncUpsKey, "writtenBy"]

  var declaration: SyncUpsFile.Declaration
  /// Nil for a newer file whose sync-ups this version cannot read.
  var syncUps: IdentifiedArrayOf<SyncUp>?

  init(from decoder: any Decoder) throws {
    declaration = try Head(from: decoder).declaration
    let container = try decoder.container(keyedBy: JSONKey.self)
    let key = JSONKey(stringValue: Self.syncUpsKey)
    if declaration.unmet.isEmpty {
      syncUps = try container.decode(SyncUpList<SyncUp>.self, forKey: key).syncUps
    } else {
      syncUps = try? container.decode(SyncUpList<SyncUp>.self, forKey: key).syncUps
    }
  }

  /// The declaration alone, whatever the sync-ups hold.
  struct Head: Decodable {
    var declaration: SyncUpsFile.Declaration

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: JSONKey.self)
      guard container.contains(JSONKey(stringValue: "format")) else {
        // Not a declaration: what is expected is the array, as before there were any.
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: [], debugDescription: "Expected a JSON array of sync-ups, found an object"))
      }
      let format = try container.decode(Int.self, forKey: JSONKey(stringValue: "format"))
      guard format >= 2 else {
        throw DecodingError.dataCorruptedError(
          forKey: JSONKey(stringValue: "format"), in: container,
          debugDescription: "A data file that is an object has format 2 or later, not \(format)")
      }
      declaration = SyncUpsFile.Declaration(
        format: format,
        requires: try container.decodeIfPresent([String].self, forKey: JSONKey(stringValue: "requires"))
          ?? [],
        writtenBy: try container.decodeIfPresent(String.self, forKey: JSONKey(stringValue: "writtenBy")),
        otherKeys: try decoder.unknownKeys(besides: DeclaredObject.declaredKeys))
    }
  }

  /// The declaration of the object in `data`, decoded with the sync-ups' array at `range`
  /// left out.
  static func head(of data: Data, without range: Range<Data.Index>) throws -> SyncUpsFile.Declaration {
    var rest = Data(data[..<range.lowerBound])
    rest.append(UInt8(ascii: "0"))
    rest.append(data[range.upperBound...])
    return try SyncUpsFile.decoder().decode(Head.self, from: rest).declaration
  }

  /// Whether the first byte that is not whitespace opens an object.
  static func isObject(_ data: Data) -> Bool {
    data.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "{")
  }

  /// Where the array of the top-level `syncUps` key lies in `data`, an object: found by one
  /// walk that follows strings and nesting without decoding anything. Nil when there is no
  /// such key or its value is not an array.
  static func syncUpsRange(in data: Data) -> Range<Data.Index>? {
    let key = Array("\"\(syncUpsKey)\"".utf8)
    let offsets = data.withUnsafeBytes { bytes -> Range<Int>? in
      let count = bytes.count
      func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
      }
      var depth = 0
      var index = 0
      var valueStart: Int?
      while index < count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          let start = index
          index += 1
          while index < count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
          }
          guard index < count else { return nil }
          index += 1
          guard depth == 1, valueStart == nil, index - start == key.count,
            bytes[start..<index].elementsEqual(key)
          else { continue }
          var colon = index
          while colon < count, isWhitespace(bytes[colon]) { colon += 1 }
          guard colon < count, bytes[colon] == UInt8(ascii: ":") else { continue }
          var value = colon + 1
          while value < count, isWhitespace(bytes[value]) { value += 1 }
          guard value < count, bytes[value] == UInt8(ascii: "[") else { return nil }
          valueStart = value
          index = value
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          index += 1
          if depth == 1, let valueStart { return valueStart..<index }
        default:
          index += 1
        }
      }
      return nil
    }
    return offsets.map { (data.startIndex + $0.lowerBound)..<(data.startIndex + $0.upperBound) }
  }

  /// Appends `array` with two more spaces of indentation on each line after the first that
  /// is not blank, as it stands one level deeper inside the object. Strings hold no raw line
  /// breaks, so every line break is the layout's.
  static func appendIndented(_ array: Data, to result: inout Data) {
    var indented = [UInt8]()
    indented.reserveCapacity(array.count + array.count / 16)
    array.withUnsafeBytes { bytes in
      for (index, byte) in bytes.enumerated() {
        indented.append(byte)
        if byte == UInt8(ascii: "\n"), index + 1 < bytes.count,
          bytes[index + 1] != UInt8(ascii: "\n")
        {
          indented.append(0x20)
          indented.append(0x20)
        }
      }
    }
    result.append(contentsOf: indented)
  }
}
