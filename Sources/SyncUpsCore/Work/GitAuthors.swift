#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The git identities an attendee commits as: the `gitAuthors` key of an attendee, a list of
/// texts each matched against a commit's author as `Name <email>` (``matches(_:)``). Stored
/// only when not empty, so files without identities keep their bytes.
///
/// ```swift
/// var authors: GitAuthors = ["blob@example.com", "Blob Sr"]
/// authors.matches("Blob <blob@example.com>")     // true
/// authors.matches("Blob Jr <jr@example.com>")    // false
/// ```
public struct GitAuthors: RandomAccessCollection, RangeReplaceableCollection,
  ExpressibleByArrayLiteral, Hashable, Sendable
{
  /// The identities, in the order they were added; no two the same.
  public private(set) var texts: [String]

  public init() { texts = [] }

  public init(arrayLiteral elements: String...) { texts = elements }

  public var startIndex: Int { texts.startIndex }
  public var endIndex: Int { texts.endIndex }
  public subscript(position: Int) -> String { texts[position] }

  public mutating func replaceSubrange<C: Collection<String>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    texts.replaceSubrange(subrange, with: newElements)
  }

  /// Whether a commit by `author` (`Name <email>`, as git writes `%aN <%aE>`) is by one of
  /// these identities: one of them occurs in it, case and all. That is how `git log --author`
  /// matches a pattern without regular-expression characters (an e-mail address's dots match
  /// themselves here, any character there), so `Blob` matches `Blob Jr <jr@example.com>` as
  /// it does for git; an address such as `blob@example.com` matches only its owner.
  public func matches(_ author: some StringProtocol) -> Bool {
    texts.contains { author.contains($0) }
  }

  /// The name part of `author` (`Name <email>`): what stands before its last ` <`, or all of it.
  public static func name(of author: some StringProtocol) -> Substring {
    let author = Substring(author)
    guard author.last == ">", let open = author.lastIndex(of: "<"), open > author.startIndex,
      author[author.index(before: open)] == " "
    else { return author }
    return author[..<author.index(before: open)]
  }
}

extension GitAuthors: StoredValue {
  public init(from decoder: any Decoder) throws {
    texts = try decoder.singleValueContainer().decode([String].self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(texts)
  }

  public static func read(from reader: inout SyncUpsReader) throws(UnsupportedByFastReader)
    -> GitAuthors
  {
    var authors = GitAuthors()
    authors.texts = try reader.readArray { (reader) throws(UnsupportedByFastReader) in
      try reader.readString()
    }
    return authors
  }

  public func write(to writer: inout SyncUpsWriter) throws(UnsupportedByFastWriter) {
    try writer.writeArray(texts) { writer, text in writer.writeString(text) }
  }

  public func show<Sink: JSONSink>(to sink: inout Sink) {
    sink.beginArray()
    for text in texts { sink.string(text) }
    sink.endArray()
  }
}
