import SyncUpsCore

/// The parser of `status --format`, beside the command it serves.
extension ValueParser {
  /// A `status --format` template.
  static func statusTemplate(_ text: String, for name: String, path: [String]) throws(UsageError)
    -> StatusTemplate
  {
    do {
      return try StatusTemplate(text)
    } catch {
      throw UsageError("bad template for '\(name)': \(error.message)", path: path)
    }
  }
}
