#if os(Linux)
/// A small seeded pseudo-random generator (SplitMix64), so that every run with the same seed
/// draws the same arguments, documents and kill delays.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A generator for one case: the suite's seed mixed with the case's name, so a case draws
  /// the same values whether it runs alone (`--filter`) or with the others.
  static func forCase(_ name: String, seed: UInt64) -> SplitMix64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return SplitMix64(seed: seed ^ hash)
  }

  /// True with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// An integer in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// One of `choices`, which must not be empty.
  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int.random(in: 0..<choices.count, using: &self)]
  }

  /// A random (version 4) UUID in upper case, drawn from this generator.
  mutating func uuid() -> String {
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &self) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let hex = bytes.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16]
      .map { hex[$0].joined() }
      .joined(separator: "-")
  }
}

#endif
