#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One commit as a work card shows it: where it is, who wrote it, what it says and when.
///
/// ```swift
/// WorkCommit(
///   repository: "api", hash: "4f3e1a8d…", author: "Blob <blob@example.com>",
///   subject: "Retry uploads", date: friday)
/// ```
public struct WorkCommit: Equatable, Hashable, Sendable {
  /// The repository's name: the last part of its path (`api` for `~/src/api`).
  public var repository: String
  /// The full hash.
  public var hash: String
  /// The author as git writes `%aN <%aE>` (as the repository's `.mailmap` maps them): what
  /// ``GitAuthors/matches(_:)`` is asked about.
  public var author: String
  /// The first line of the message.
  public var subject: String
  /// The author date: when the change was written, which a rebase keeps.
  public var date: Date

  public init(repository: String, hash: String, author: String, subject: String, date: Date) {
    self.repository = repository
    self.hash = hash
    self.author = author
    self.subject = subject
    self.date = date
  }

  /// The hash's first seven characters, as `git log --oneline` shows it.
  public var shortHash: Substring { hash.prefix(7) }
}
