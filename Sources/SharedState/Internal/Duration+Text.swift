extension Duration {
  /// Whole nanoseconds, for Dispatch's deadlines.
  var nanoseconds: Int {
    Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000)
  }

  /// The length in seconds as a person reads it in a message: `10`, `0.5`.
  var secondsText: String {
    let value = Double(nanoseconds) / 1e9
    return value == value.rounded() ? String(Int(value)) : String(value)
  }
}
