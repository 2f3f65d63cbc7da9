import ChildProcessSupport
import Foundation
import Testing

/// A schedule's skips and moves as two teammates change it apart and meet through `sync`: real
/// git, a bare remote, two clones. Skips and moves merge as sets, without a conflict.
@Suite("Sync of a schedule end to end")
struct SyncScheduleEndToEndTests {
  /// The team, Engineering meeting on weekdays at 09:30 UTC from Monday 4 January 2027, shared.
  static func team() throws -> SyncTeam {
    let team = try SyncTeam()
    let set = try team.ana(
      "schedule", "set", "engineering", "weekdays 09:30", "--zone", "UTC", "--from", "2027-01-04")
    #expect(set.status == 0, "\(set.error)")
    try team.converge()
    return team
  }

  /// The stored schedule's skips (day and reason) and moves (day and new time) of `teammate`.
  static func exceptions(_ teammate: Teammate) throws -> (skips: [String], moves: [String]) {
    let schedule = try #require(try teammate.syncUps().first?["schedule"] as? [String: Any])
    let skips = (schedule["skips"] as? [[String: Any]] ?? []).map {
      "\($0["date"] as? String ?? "?") \($0["reason"] as? String ?? "-")"
    }
    let moves = (schedule["moves"] as? [[String: Any]] ?? []).map {
      "\($0["date"] as? String ?? "?") \($0["to"] as? String ?? "?")"
    }
    return (skips, moves)
  }

  @Test func oneSkipsADayAndTheOtherMovesAnotherAndBothKeepBoth() throws {
    let team = try Self.team()
    #expect(
      try team.ana("schedule", "skip", "engineering", "2027-01-05", "--reason", "holiday").status
        == 0)
    #expect(try team.ben("schedule", "move", "engineering", "2027-01-06", "11:00").status == 0)

    let anaSync = try team.ana.sync()
    #expect((anaSync["conflicts"] as? [Any])?.isEmpty == true)
    let benSync = try team.ben.sync()
    #expect((benSync["conflicts"] as? [Any])?.isEmpty == true)
    let anaAgain = try team.ana.sync()
    #expect((anaAgain["conflicts"] as? [Any])?.isEmpty == true)

    #expect(team.ana.dataBytes == team.ben.dataBytes)
    for teammate in [team.ana, team.ben] {
      let (skips, moves) = try Self.exceptions(teammate)
      #expect(skips == ["2027-01-05 holiday"])
      #expect(moves == ["2027-01-06 2027-01-06T11:00:00Z"])
    }
    try team.converge()
  }

  @Test func bothSkipTheSameDayAndOneSkipIsKept() throws {
    let team = try Self.team()
    for teammate in [team.ana, team.ben] {
      #expect(
        try teammate("schedule", "skip", "engineering", "2027-01-07", "--reason", "offsite").status
          == 0)
    }
    for teammate in [team.ana, team.ben, team.ana] {
      let sync = try teammate.sync()
      #expect((sync["conflicts"] as? [Any])?.isEmpty == true)
    }
    #expect(team.ana.dataBytes == team.ben.dataBytes)
    for teammate in [team.ana, team.ben] {
      let (skips, moves) = try Self.exceptions(teammate)
      #expect(skips == ["2027-01-07 offsite"])
      #expect(moves == [])
    }
    try team.converge()
  }
}
