import SharedState
import Testing

private let installation: Void = IssueReporting.install { issue in
  Issue.record(
    Comment(rawValue: issue.message),
    sourceLocation: SourceLocation(
      fileID: issue.fileID, filePath: issue.filePath, line: issue.line, column: issue.column
    )
  )
}

/// Makes issues reported by SharedState (an unimplemented dependency used, a shared change
/// nobody asserted, …) fail the running test. Idempotent; call it before the code under test.
public func recordReportedIssuesAsTestFailures() {
  installation
}
