import SharedState

/// How long a command that changes data waits for another syncups process to release the data
/// file: `SYNCUPS_LOCK_TIMEOUT` seconds, a decimal number within ``seconds``, else ``default``.
/// The one place these are written: the error messages and the man page read them from here.
///
/// ```swift
/// try LockTimeout.from(environment: ["SYNCUPS_LOCK_TIMEOUT": "2.5"])  // .milliseconds(2500)
/// try LockTimeout.from(environment: [:])                             // .seconds(10)
/// ```
package enum LockTimeout {
  /// The environment variable that sets it.
  package static let variable = "SYNCUPS_LOCK_TIMEOUT"

  /// The whole seconds the variable may name, bounds included; fractions between them will do.
  static let seconds: ClosedRange<Int> = 0...3600

  /// The wait without the variable: the file storage's own default (10 s).
  static let `default` = FileStorageOptions().lockTimeout

  /// The wait `environment` asks for, to the millisecond; ``default`` when the variable is
  /// unset or empty.
  ///
  /// - Throws: a usage failure for a value that is not a number of seconds within ``seconds``.
  static func from(environment: [String: String]) throws -> Duration {
    guard let text = environment[variable], !text.isEmpty else { return `default` }
    guard let value = Double(text), value.isFinite,
      (Double(seconds.lowerBound)...Double(seconds.upperBound)).contains(value)
    else {
      throw CommandFailure(
        "\(variable) must be a number of seconds \(rangeText), not '\(sanitize(text))'",
        status: .usage)
    }
    return .milliseconds(Int64((value * 1000).rounded()))
  }

  /// ``seconds`` as a message says it: `from 0 to 3600`.
  package static var rangeText: String { "from \(seconds.lowerBound) to \(seconds.upperBound)" }

  /// ``default`` in whole seconds: `10`.
  package static var defaultSeconds: Int64 { `default`.components.seconds }
}
