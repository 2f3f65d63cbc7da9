#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A named time zone's rules (`Europe/Berlin`): its offset from UTC and its abbreviation at any
/// moment, daylight saving time included, read from the system's zone files (the TZif files
/// of `$TZDIR`, else `/usr/share/zoneinfo`, RFC 8536), their recorded changes first and their
/// rule for the years after (`CET-1CEST,M3.5.0,M10.5.0/3`).
///
/// ```swift
/// let berlin = ZoneRules.named("Europe/Berlin")!
/// berlin.offset(at: summer)                 // 7200
/// berlin.abbreviation(at: winter)           // "CET"
/// berlin.transitions(from: start, to: end)  // each change of offset in between
/// LocalCalendar(zone: berlin)               // days and wall-clock times there
/// ZoneRules.identifiers()                   // every zone the system knows, sorted
/// ```
///
/// syncups reads the files itself: the Foundation it links knows no zone by name.
public struct ZoneRules: Hashable, Sendable {
  /// The zone's IANA name.
  public let identifier: String
  /// The moments the zone's local time changed, in seconds since 1970, ascending.
  let changes: [Int]
  /// For each of ``changes``, the index in ``types`` of the local time from then on.
  let changeTypes: [Int]
  /// The local times the zone has kept.
  let types: [LocalTime]
  /// The rule for the moments after the last of ``changes`` (or for all, without any).
  let rule: PosixRule?

  /// A local time a zone keeps: how far east of UTC, whether it is daylight saving time, and
  /// its abbreviation (`CEST`, `IST`, `+0530`).
  public struct LocalTime: Hashable, Sendable {
    public var offset: Int
    public var isDaylightSaving: Bool
    public var abbreviation: String
  }

  /// A change of a zone's local time: at ``moment``, from ``before`` to ``after``.
  public struct Transition: Hashable, Sendable {
    public var moment: Date
    public var before: LocalTime
    public var after: LocalTime
  }

  /// UTC: no offset, ever.
  public static let utc = ZoneRules(
    identifier: "UTC", changes: [], changeTypes: [],
    types: [LocalTime(offset: 0, isDaylightSaving: false, abbreviation: "UTC")], rule: nil)

  /// The directory the zone files are in: `$TZDIR`, else `/usr/share/zoneinfo`.
  public static var directory: String {
    ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/share/zoneinfo"
  }

  /// The zones read so far, by name (nil for a name without a readable zone file).
  private static let cache = Mutex<[String: ZoneRules?]>([:])

  /// The rules of the zone `identifier` names, exactly as the system spells it; nil when the
  /// system has no zone file of that name. Each file is read once.
  public static func named(_ identifier: String) -> ZoneRules? {
    if identifier == "UTC" { return .utc }
    if let known = cache.withLock({ $0[identifier] }) { return known }
    let rules = read(identifier)
    cache.withLock { $0[identifier] = rules }
    return rules
  }

  private static func read(_ identifier: String) -> ZoneRules? {
    let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
    guard !identifier.isEmpty, !identifier.hasPrefix("/"),
      parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
      let data = FileManager.default.contents(atPath: directory + "/" + identifier)
    else { return nil }
    return ZoneRules(identifier: identifier, file: [UInt8](data))
  }

  /// Every zone the system has a file for, by name, sorted: the files of ``directory`` that
  /// are zone files, but for the `posix/` and `right/` copies and the `Etc/` aliases of UTC
  /// other than `Etc/UTC`; `UTC` among them.
  public static func identifiers() -> [String] {
    let root = directory
    guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: root) else {
      return ["UTC"]
    }
    var names: Set<String> = ["UTC"]
    for path in paths
    where !path.hasPrefix("posix") && !path.hasPrefix("right") && !path.contains(".")
      && path.first?.isUppercase == true
    {
      guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
      if data.prefix(4).elementsEqual("TZif".utf8) { names.insert(path) }
    }
    return names.sorted()
  }

  /// How far east of UTC the zone's clocks are at `date`, in seconds.
  public func offset(at date: Date) -> Int { localTime(at: date).offset }

  /// The zone's abbreviation at `date`: `CET`, `CEST`, `IST`, `EDT`, or an offset (`+0530`)
  /// where the zone has none.
  public func abbreviation(at date: Date) -> String { localTime(at: date).abbreviation }

  /// The local time the zone keeps at `date`.
  public func localTime(at date: Date) -> LocalTime {
    let seconds = LocalCalendar.wholeSeconds(date)
    if let last = changes.last, seconds >= last, let rule {
      return rule.localTime(at: seconds)
    }
    if changes.isEmpty { return rule?.localTime(at: seconds) ?? types[0] }
    // The last change at or before the moment; before the first, the first local time.
    var low = 0, high = changes.count
    while low < high {
      let middle = (low + high) / 2
      if changes[middle] <= seconds { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? types[0] : types[changeTypes[low - 1]]
  }

  /// The changes of the zone's local time from `start` up to but not including `end`, in
  /// order: a calendar file's `VTIMEZONE`.
  public func transitions(from start: Date, to end: Date) -> [Transition] {
    let first = LocalCalendar.wholeSeconds(start), last = LocalCalendar.wholeSeconds(end)
    var moments = changes.filter { first <= $0 && $0 < last }
    if let rule, rule.daylight != nil {
      let from = max(first, changes.last.map { $0 + 1 } ?? first)
      if from < last {
        let startYear = UTCSeconds.fields(of: from).year
        let endYear = UTCSeconds.fields(of: last).year
        for year in startYear...max(startYear, endYear) {
          for moment in rule.changes(in: year) where from <= moment && moment < last {
            moments.append(moment)
          }
        }
      }
    }
    return moments.sorted().compactMap { moment in
      let before = localTime(at: Date(timeIntervalSince1970: Double(moment - 1)))
      let after = localTime(at: Date(timeIntervalSince1970: Double(moment)))
      guard before != after else { return nil }
      return Transition(moment: Date(timeIntervalSince1970: Double(moment)), before: before, after: after)
    }
  }
}

// MARK: - Reading a zone file

extension ZoneRules {
  /// Reads a TZif file: its 64-bit part (version 2 on), else its 32-bit one, and its rule.
  init?(identifier: String, file bytes: [UInt8]) {
    var reader = ZoneFileReader(bytes: bytes)
    guard let header = reader.header() else { return nil }
    var block = header
    var width = 4
    if bytes[4] >= UInt8(ascii: "2") {
      guard reader.skip(header.length(width: 4)), let second = reader.header() else { return nil }
      block = second
      width = 8
    }
    guard let changes = reader.integers(block.changes, width: width),
      let changeTypes = reader.bytes(block.changes)?.map(Int.init)
    else { return nil }
    var types: [(offset: Int, isDaylightSaving: Bool, index: Int)] = []
    for _ in 0..<block.types {
      guard let offset = reader.integers(1, width: 4)?.first, let flags = reader.bytes(2) else {
        return nil
      }
      types.append((offset, flags.first != 0, Int(flags.last ?? 0)))
    }
    guard let characters = reader.bytes(block.characters).map(Array.init),
      reader.skip(block.leaps * (width + 4) + block.standardFlags + block.utcFlags),
      !types.isEmpty, changeTypes.allSatisfy({ $0 < types.count })
    else { return nil }
    func abbreviation(at index: Int) -> String {
      guard index < characters.count else { return "" }
      return String(decoding: characters[index...].prefix { $0 != 0 }, as: UTF8.self)
    }
    var rule: PosixRule?
    if width == 8, let footer = reader.footer() { rule = PosixRule(footer) }
    self.init(
      identifier: identifier, changes: changes, changeTypes: changeTypes,
      types: types.map {
        LocalTime(
          offset: $0.offset, isDaylightSaving: $0.isDaylightSaving,
          abbreviation: abbreviation(at: $0.index))
      }, rule: rule)
  }
}

/// Reads a TZif file's parts in order.
private struct ZoneFileReader {
  let bytes: [UInt8]
  var position = 0

  /// The counts a TZif header gives.
  struct Header {
    var utcFlags, standardFlags, leaps, changes, types, characters: Int

    /// The bytes of the data block it heads, with times `width` bytes wide.
    func length(width: Int) -> Int {
      changes * (width + 1) + types * 6 + characters + leaps * (width + 4) + standardFlags
        + utcFlags
    }
  }

  mutating func header() -> Header? {
    guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8)
    else { return nil }
    position += 20
    guard let counts = integers(6, width: 4), counts.allSatisfy({ $0 >= 0 }) else { return nil }
    return Header(
      utcFlags: counts[0], standardFlags: counts[1], leaps: counts[2], changes: counts[3],
      types: counts[4], characters: counts[5])
  }

  mutating func skip(_ count: Int) -> Bool {
    guard position + count <= bytes.count else { return false }
    position += count
    return true
  }

  mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
    guard position + count <= bytes.count else { return nil }
    defer { position += count }
    return bytes[position..<position + count]
  }

  /// `count` signed big-endian integers `width` bytes wide.
  mutating func integers(_ count: Int, width: Int) -> [Int]? {
    guard let slice = bytes(count * width) else { return nil }
    return (0..<count).map { index in
      let start = slice.startIndex + index * width
      var value = Int(Int8(bitPattern: slice[start]))
      for byte in slice[(start + 1)..<(start + width)] { value = value << 8 | Int(byte) }
      return value
    }
  }

  /// The text between the newlines that end a version 2 file.
  mutating func footer() -> String? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else { return nil }
    let text = bytes[(position + 1)...].prefix { $0 != UInt8(ascii: "\n") }
    return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
  }
}

// MARK: - The rule for later years

/// A POSIX `TZ` rule, as a zone file ends with: standard time, and perhaps daylight saving time
/// from one day's time to another's each year (`EST5EDT,M3.2.0,M11.1.0`,
/// `<+0530>-5:30`, `AEST-10AEDT,M10.1.0,M4.1.0/3`).
struct PosixRule: Hashable, Sendable {
  var standard: ZoneRules.LocalTime
  var daylight: ZoneRules.LocalTime?
  /// When daylight saving time starts and ends, each in the local time then in force.
  var start = Change(kind: .month(3, 2, 0), time: 7200)
  var end = Change(kind: .month(11, 1, 0), time: 7200)

  /// A day of the year and a time on it.
  struct Change: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
      /// `Mm.w.d`: the `w`th (5: the last) weekday `d` (0 is Sunday) of month `m`.
      case month(Int, Int, Int)
      /// `Jn`: day `n` of 1 to 365, February 29 never counted.
      case julian(Int)
      /// `n`: day `n` of 0 to 365, February 29 counted.
      case zeroBased(Int)
    }
    var kind: Kind
    /// Seconds after the day's local midnight (may be negative or past a day).
    var time: Int

    /// The day it names in `year`.
    func day(in year: Int) -> CalendarDay? {
      switch kind {
      case .month(let month, let week, let weekday):
        guard let first = CalendarDay(year: year, month: month, day: 1) else { return nil }
        var day = 1 + (weekday - first.weekday + 7) % 7 + (week - 1) * 7
        let length = UTCSeconds.daysInMonth(month, of: year)
        while day > length { day -= 7 }
        return first.adding(days: day - 1)
      case .julian(let number):
        guard let first = CalendarDay(year: year, month: 1, day: 1) else { return nil }
        let leap = UTCSeconds.daysInMonth(2, of: year) == 29
        return first.adding(days: number - 1 + (leap && number >= 60 ? 1 : 0))
      case .zeroBased(let number):
        return CalendarDay(year: year, month: 1, day: 1)?.adding(days: number)
      }
    }
  }

  init?(_ text: String) {
    var scanner = Substring(text)
    guard let standardName = Self.name(&scanner), let standardOffset = Self.time(&scanner) else {
      return nil
    }
    standard = ZoneRules.LocalTime(
      offset: -standardOffset, isDaylightSaving: false, abbreviation: standardName)
    guard !scanner.isEmpty else { return }
    guard let daylightName = Self.name(&scanner) else { return nil }
    let daylightOffset = scanner.first == "," ? standardOffset - 3600 : Self.time(&scanner)
    guard let daylightOffset else { return nil }
    daylight = ZoneRules.LocalTime(
      offset: -daylightOffset, isDaylightSaving: true, abbreviation: daylightName)
    guard !scanner.isEmpty else { return }
    guard scanner.first == ",", let start = Self.change(&scanner), scanner.first == ",",
      let end = Self.change(&scanner), scanner.isEmpty
    else { return nil }
    self.start = start
    self.end = end
  }

  /// The local time kept at `seconds` after 1970.
  func localTime(at seconds: Int) -> ZoneRules.LocalTime {
    guard let daylight else { return standard }
    let year = UTCSeconds.fields(of: seconds + standard.offset).year
    let moments = changes(in: year)
    guard moments.count == 2 else { return standard }
    let (starts, ends) = (moments[0], moments[1])
    let inDaylight =
      starts < ends ? starts <= seconds && seconds < ends : !(ends <= seconds && seconds < starts)
    return inDaylight ? daylight : standard
  }

  /// The moments daylight saving time starts and ends in `year`, in that order; none without
  /// daylight saving time.
  func changes(in year: Int) -> [Int] {
    guard let daylight, let startDay = start.day(in: year), let endDay = end.day(in: year) else {
      return []
    }
    return [
      startDay.daysSince1970 * 86_400 + start.time - standard.offset,
      endDay.daysSince1970 * 86_400 + end.time - daylight.offset,
    ]
  }

  /// `CET` or `<+0530>`.
  private static func name(_ scanner: inout Substring) -> String? {
    if scanner.first == "<" {
      guard let close = scanner.firstIndex(of: ">") else { return nil }
      let name = scanner[scanner.index(after: scanner.startIndex)..<close]
      scanner = scanner[scanner.index(after: close)...]
      return String(name)
    }
    let name = scanner.prefix { $0.isLetter }
    guard name.count >= 3 else { return nil }
    scanner = scanner.dropFirst(name.count)
    return String(name)
  }

  /// `[+-]hh[:mm[:ss]]`, in seconds.
  private static func time(_ scanner: inout Substring) -> Int? {
    var sign = 1
    if let first = scanner.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      scanner = scanner.dropFirst()
    }
    var total = 0
    for (index, unit) in [3600, 60, 1].enumerated() {
      if index > 0 {
        guard scanner.first == ":" else { break }
        scanner = scanner.dropFirst()
      }
      let digits = scanner.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, let value = Int(digits) else { return nil }
      total += value * unit
      scanner = scanner.dropFirst(digits.count)
    }
    return sign * total
  }

  /// `,Mm.w.d[/time]`, `,Jn[/time]` or `,n[/time]`.
  private static func change(_ scanner: inout Substring) -> Change? {
    scanner = scanner.dropFirst()
    func number() -> Int? {
      let digits = scanner.prefix { $0.isASCII && $0.isNumber }
      scanner = scanner.dropFirst(digits.count)
      return Int(digits)
    }
    var kind: Change.Kind
    switch scanner.first {
    case "M":
      scanner = scanner.dropFirst()
      guard let month = number(), scanner.first == "." else { return nil }
      scanner = scanner.dropFirst()
      guard let week = number(), scanner.first == "." else { return nil }
      scanner = scanner.dropFirst()
      guard let weekday = number(), (1...12).contains(month), (1...5).contains(week),
        (0...6).contains(weekday)
      else { return nil }
      kind = .month(month, week, weekday)
    case "J":
      scanner = scanner.dropFirst()
      guard let day = number(), (1...365).contains(day) else { return nil }
      kind = .julian(day)
    default:
      guard let day = number(), (0...365).contains(day) else { return nil }
      kind = .zeroBased(day)
    }
    var time = 7200
    if scanner.first == "/" {
      scanner = scanner.dropFirst()
      guard let given = Self.time(&scanner) else { return nil }
      time = given
    }
    return Change(kind: kind, time: time)
  }
}
