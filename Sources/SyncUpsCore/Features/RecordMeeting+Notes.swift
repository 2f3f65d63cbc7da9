import SharedState
import Synchronization

extension RecordMeeting {
  /// The notes of a meeting in progress, one transcript line each (`Blob: Shipped it`), in the
  /// order they were taken: the transcript the meeting is saved with (``text``).
  ///
  /// The notes only grow at their end, and copies share what they hold in common: a note
  /// added costs the same whether it is the first or the forty-thousandth, though whoever
  /// watches the meeting keeps the notes as they were a moment ago, and the notes added since
  /// then are read without reading those before (``lines(since:)``).
  ///
  /// ```swift
  /// var notes = RecordMeeting.Notes()
  /// notes.append("Blob: Shipped it")
  /// let before = notes
  /// notes.append("Blob Jr: Reviewing the PR")
  /// notes.lines(since: before)  // ["Blob Jr: Reviewing the PR"]
  /// notes.text                  // "Blob: Shipped it\nBlob Jr: Reviewing the PR"
  /// ```
  public struct Notes: Equatable, Sendable, CustomDumpValue {
    /// The lines, shared with the copies: these notes are its first ``count``.
    private var storage: Storage
    /// How many notes there are.
    public private(set) var count: Int

    /// No notes.
    public init() {
      storage = Storage([])
      count = 0
    }

    /// The notes of a transcript: one a line.
    public init(text: String) {
      let lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false)
      storage = Storage(lines.map(String.init))
      count = lines.count
    }

    /// Whether no note was taken.
    public var isEmpty: Bool { count == 0 }

    /// The last note taken.
    public var last: String? { isEmpty ? nil : storage.read(count - 1..<count).first }

    /// The notes as a transcript: one a line.
    public var text: String { storage.read(0..<count).joined(separator: "\n") }

    /// Adds `line` (one line) at the end.
    public mutating func append(_ line: String) {
      let count = count
      let isAppended = storage.lines.withLock { lines in
        guard lines.count == count else { return false }
        lines.append(line)
        return true
      }
      if !isAppended {
        // A copy of these notes grew past them first: these go on with lines of their own.
        storage = Storage(storage.read(0..<count) + [line], linesRead: storage.linesRead)
      }
      self.count += 1
    }

    /// The notes added since `earlier`, these notes as they were before (a copy taken then),
    /// in order: only those are read. Nil when these notes did not grow from `earlier`.
    public func lines(since earlier: Notes) -> [String]? {
      guard earlier.count <= count else { return nil }
      guard earlier.storage === storage
        || earlier.storage.read(0..<earlier.count) == storage.read(0..<earlier.count)
      else { return nil }
      return storage.read(earlier.count..<count)
    }

    /// How many lines were read out of these notes and the copies they share lines with, in
    /// all (copied when a copy grew apart, joined into a transcript, compared, or handed out
    /// as the notes added): what watching a meeting's notes costs.
    var linesRead: Int { storage.linesRead }

    public static func == (lhs: Notes, rhs: Notes) -> Bool {
      lhs.count == rhs.count
        && (lhs.storage === rhs.storage
          || lhs.storage.read(0..<lhs.count) == rhs.storage.read(0..<rhs.count))
    }

    public var customDumpValue: Any { storage.read(0..<count) }

    /// Lines that grow at their end only, shared by copies of the notes; each copy sees its
    /// first lines.
    private final class Storage: Sendable {
      let lines: Mutex<[String]>
      private let readCount = Atomic(0)

      init(_ lines: [String], linesRead: Int = 0) {
        self.lines = Mutex(lines)
        readCount.store(linesRead, ordering: .relaxed)
      }

      /// How many lines ``read(_:)`` handed out, in all.
      var linesRead: Int { readCount.load(ordering: .relaxed) }

      /// The lines in `range`, copied out.
      func read(_ range: Range<Int>) -> [String] {
        readCount.add(range.count, ordering: .relaxed)
        return lines.withLock { Array($0[range]) }
      }
    }
  }
}
