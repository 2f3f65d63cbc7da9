/// How a meeting paces its speakers: the `pace` setting and `start --pace`.
public enum PaceMode: String, CaseIterable, Codable, Sendable {
  /// Slots as planned; the meeting's ahead/behind only reports the drift.
  case fixed
  /// At each turn change, the time left is divided among the speakers left, never below the
  /// minimum slot.
  case rebalance
  /// Time a speaker leaves unused is banked, and spent only on a speaker who runs over; later
  /// slots never shrink below plan.
  case bank
}

/// How far through their slot a speaker is, in the order a turn reaches them: a graded cue
/// tells each change once per turn. Stored in a turn's record (`warned`) by its name; a name a
/// later version writes is kept as written.
///
/// ```swift
/// CuePhase.wrapUp < CuePhase.last  // true
/// CuePhase(rawValue: "last")       // .last
/// ```
public struct CuePhase: RawRepresentable, Hashable, Codable, Sendable, Comparable,
  CustomStringConvertible
{
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// No cue yet in this turn.
  public static let none = CuePhase(rawValue: "none")
  /// The first warning: time to wrap up.
  public static let wrapUp = CuePhase(rawValue: "wrapUp")
  /// The last warning before the slot runs out.
  public static let last = CuePhase(rawValue: "last")
  /// The slot has run out.
  public static let timeUp = CuePhase(rawValue: "timeUp")
  /// The phases this version knows, in the order a turn reaches them.
  public static let allCases: [CuePhase] = [.none, .wrapUp, .last, .timeUp]

  /// Its place in ``allCases``; a phase this version does not know comes after them.
  var rank: Int { Self.allCases.firstIndex(of: self) ?? Self.allCases.count }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

  public var description: String { rawValue }
}

/// When a speaker is cued before their slot runs out: the `warn` setting and `start --warn`,
/// as typed — `30s,10s` (seconds left), `80%,95%` (of the slot used), or `none`. The first
/// is the wrap-up cue, the second (if any) the last one; the slot running out is the time-up
/// cue. With `none`, no cue is given.
///
/// ```swift
/// let warnings = CueWarnings(rawValue: "30s,10s")!
/// warnings.phase(left: 25, slot: 60)  // .wrapUp
/// CueWarnings(rawValue: "80%")!.phase(left: 10, slot: 60)  // .wrapUp (50 of 60 used)
/// ```
public struct CueWarnings: RawRepresentable, Hashable, Codable, Sendable {
  /// One cue: so many seconds left, or so much of the slot used.
  public enum Threshold: Hashable, Sendable {
    /// When at most this many seconds of the slot are left.
    case secondsLeft(Int)
    /// When at least this percentage of the slot is used.
    case percentUsed(Int)

    /// The seconds left of a slot of `slot` seconds at which the cue is given.
    public func secondsLeft(ofSlot slot: Int) -> Int {
      switch self {
      case .secondsLeft(let seconds): seconds
      case .percentUsed(let percent): slot - slot * percent / 100
      }
    }
  }

  /// The cues before the slot runs out: the wrap-up cue, then the last one; none for `none`.
  public let thresholds: [Threshold]

  /// No cue at all.
  public static let none = CueWarnings(thresholds: [])

  /// The cues `thresholds` (at most two are used).
  public init(thresholds: [Threshold]) {
    self.thresholds = Array(thresholds.prefix(2))
  }

  /// `30s,10s`, `80%,95%`, `1m,20s`, `none`: one or two cues, each whole seconds (`30`,
  /// `30s`), minutes (`1m`) or a percentage of the slot from 1 to 99 (`80%`). Nil for anything
  /// else, and for more than two.
  public init?(rawValue: String) {
    let text = rawValue.lowercased().filter { !$0.isWhitespace }
    guard text != "none" else {
      self = .none
      return
    }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return nil }
    var thresholds: [Threshold] = []
    for part in parts {
      guard let threshold = Self.threshold(part) else { return nil }
      thresholds.append(threshold)
    }
    self.init(thresholds: thresholds)
  }

  private static func threshold(_ part: Substring) -> Threshold? {
    if part.hasSuffix("%") {
      guard let percent = Int(part.dropLast()), (1...99).contains(percent) else { return nil }
      return .percentUsed(percent)
    }
    let unit = part.last.flatMap { $0.isLetter ? $0 : nil }
    guard let number = Int(unit == nil ? part : part.dropLast()), number > 0 else { return nil }
    switch unit {
    case nil, "s": return .secondsLeft(number)
    case "m": return .secondsLeft(number * 60)
    default: return nil
    }
  }

  public init(from decoder: any Decoder) throws {
    self = try decoder.singleValueContainer().decodeText(as: CueWarnings.init(rawValue:)) {
      "'\($0)' is not one or two cues, or none"
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// `30s,10s`, `80%,95%`, `none`: as ``init(rawValue:)`` reads it.
  public var rawValue: String {
    guard !thresholds.isEmpty else { return "none" }
    return thresholds.map {
      switch $0 {
      case .secondsLeft(let seconds): "\(seconds)s"
      case .percentUsed(let percent): "\(percent)%"
      }
    }.joined(separator: ",")
  }

  /// The phase a turn with `left` seconds of a `slot`-second slot has reached: time up once the
  /// slot is spent, else the latest cue whose time has come; ``CuePhase/none`` when there are
  /// no cues.
  public func phase(left: Int, slot: Int) -> CuePhase {
    guard !thresholds.isEmpty else { return .none }
    if left <= 0 { return .timeUp }
    if thresholds.count > 1, left <= thresholds[1].secondsLeft(ofSlot: slot) { return .last }
    if left <= thresholds[0].secondsLeft(ofSlot: slot) { return .wrapUp }
    return .none
  }
}

/// When the terminal bell rings in a meeting: the `bell` setting. Older settings files hold
/// `true` or `false`, read as ``change`` (what `on` always meant) and ``off``, and those two are
/// still written so, for an older syncups sharing the file; `config set bell on` is ``change``
/// too.
public enum BellSetting: String, CaseIterable, Codable, Sendable {
  /// Never.
  case off
  /// When the speaker changes and when their slot runs out in overtime.
  case change
  /// On each graded cue (wrap-up, last, time up).
  case cues
  /// Both.
  case all

  /// Whether the bell rings when the speaker changes or their slot runs out.
  public var ringsOnChange: Bool { self == .change || self == .all }
  /// Whether the bell rings on a graded cue.
  public var ringsOnCues: Bool { self == .cues || self == .all }

  /// `on` (and `true`, `yes`, `1`) read as ``change``; `off` (and `false`, `no`, `0`) as
  /// ``off``; else the value's own name, in any case.
  public init?(word: String) {
    switch word.lowercased() {
    case "on", "true", "yes", "1": self = .change
    case "off", "false", "no", "0": self = .off
    default: self.init(rawValue: word.lowercased())
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let bool = try? container.decode(Bool.self) {
      self = bool ? .change : .off
      return
    }
    self = try container.decodeText(as: BellSetting.init(word:)) {
      "'\($0)' is not off, change, cues or all"
    }
  }

  /// `off` and `change` are written as `false` and `true`, as an older syncups reads them;
  /// `cues` and `all` by name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .off, .change: try container.encode(self == .change)
    case .cues, .all: try container.encode(rawValue)
    }
  }
}
