#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import SyncUpsCore
import Testing

/// Zones read from the system's zone files: the changes they record, and their rule for the
/// years after (2099 is past every recorded change).
@Suite("Zone rules")
struct ZoneRulesTests {
  static func moment(_ text: String) -> Date { WorkWindowTests.moment(text) }

  @Test func offsetsAndAbbreviationsFollowDaylightSavingTime() throws {
    let berlin = try #require(ZoneRules.named("Europe/Berlin"))
    let newYork = try #require(ZoneRules.named("America/New_York"))
    let kolkata = try #require(ZoneRules.named("Asia/Kolkata"))
    for year in ["2026", "2099"] {
      #expect(berlin.offset(at: Self.moment("\(year)-01-15T12:00:00Z")) == 3600, "\(year)")
      #expect(berlin.abbreviation(at: Self.moment("\(year)-01-15T12:00:00Z")) == "CET", "\(year)")
      #expect(berlin.offset(at: Self.moment("\(year)-07-15T12:00:00Z")) == 7200, "\(year)")
      #expect(berlin.abbreviation(at: Self.moment("\(year)-07-15T12:00:00Z")) == "CEST", "\(year)")
      #expect(newYork.abbreviation(at: Self.moment("\(year)-07-15T12:00:00Z")) == "EDT", "\(year)")
      #expect(newYork.offset(at: Self.moment("\(year)-12-15T12:00:00Z")) == -18_000, "\(year)")
      #expect(kolkata.offset(at: Self.moment("\(year)-07-15T12:00:00Z")) == 19_800, "\(year)")
      #expect(kolkata.abbreviation(at: Self.moment("\(year)-07-15T12:00:00Z")) == "IST", "\(year)")
    }
    // The changes themselves, to the second: 29 March 2026 01:00Z in Berlin, and by the rule
    // in 2099 (the last Sunday of March, 29 March).
    #expect(berlin.offset(at: Self.moment("2026-03-29T00:59:59Z")) == 3600)
    #expect(berlin.offset(at: Self.moment("2026-03-29T01:00:00Z")) == 7200)
    #expect(berlin.offset(at: Self.moment("2099-03-29T00:59:59Z")) == 3600)
    #expect(berlin.offset(at: Self.moment("2099-03-29T01:00:00Z")) == 7200)
    #expect(newYork.offset(at: Self.moment("2099-11-01T05:59:59Z")) == -14_400)
    #expect(newYork.offset(at: Self.moment("2099-11-01T06:00:00Z")) == -18_000)
  }

  @Test func transitionsInARangeAreListedInOrder() throws {
    let berlin = try #require(ZoneRules.named("Europe/Berlin"))
    for year in [2026, 2099] {
      let changes = berlin.transitions(
        from: Self.moment("\(year)-01-01T00:00:00Z"), to: Self.moment("\(year + 1)-01-01T00:00:00Z"))
      #expect(changes.map { DateText.iso8601($0.moment) }.count == 2, "\(year)")
      #expect(changes.map(\.after.abbreviation) == ["CEST", "CET"], "\(year)")
      #expect(changes.map(\.before.offset) == [3600, 7200], "\(year)")
    }
    #expect(
      berlin.transitions(
        from: Self.moment("2099-01-01T00:00:00Z"), to: Self.moment("2100-01-01T00:00:00Z")
      ).map { DateText.iso8601($0.moment) } == ["2099-03-29T01:00:00Z", "2099-10-25T01:00:00Z"])
    #expect(ZoneRules.named("Asia/Kolkata")?.transitions(
      from: Self.moment("2026-01-01T00:00:00Z"), to: Self.moment("2100-01-01T00:00:00Z")) == [])
  }

  @Test func onlyTheSystemsZoneFilesAreZones() {
    #expect(ZoneRules.named("Mars/Olympus") == nil)
    #expect(ZoneRules.named("../../etc/passwd") == nil)
    #expect(ZoneRules.named("europe/berlin") == nil)
    #expect(ZoneRules.named("UTC")?.offset(at: Self.moment("2026-07-01T00:00:00Z")) == 0)
    let names = ZoneRules.identifiers()
    #expect(names.contains("Europe/Berlin") && names.contains("Asia/Kolkata") && names.contains("UTC"))
    #expect(!names.contains { $0.hasPrefix("posix/") || $0.hasPrefix("right/") })
  }
}
