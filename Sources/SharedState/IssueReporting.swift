#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A problem found at run time that a test should fail on: an unimplemented dependency used, a
/// shared change nobody asserted, and the like.
public struct ReportedIssue: Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// Where the problem was found.
  public var fileID: String
  /// The full path of that file.
  public var filePath: String
  /// Line and column in that file.
  public var line: Int
  public var column: Int

  public var description: String { "\(fileID):\(line): \(message)" }
}

/// Where reported issues go. By default they are printed to standard error; a test support
/// library installs a reporter that records them as test failures.
public enum IssueReporting {
  private static let reporter = LockIsolated<(@Sendable (ReportedIssue) -> Void)?>(nil)

  /// Sends every issue reported from now on to `report` instead of standard error.
  public static func install(_ report: @escaping @Sendable (ReportedIssue) -> Void) {
    reporter.withValue { $0 = report }
  }

  static func report(_ issue: ReportedIssue) {
    if let report = reporter.current {
      report(issue)
    } else {
      var text = "Issue: \(issue)\n"
      text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
  }
}

/// Reports a problem that a test should fail on (see ``IssueReporting``).
public func reportIssue(
  _ message: @autoclosure () -> String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  IssueReporting.report(
    ReportedIssue(
      message: message(),
      fileID: "\(fileID)",
      filePath: "\(filePath)",
      line: Int(line),
      column: Int(column)
    )
  )
}
