import Foundation

/// Data files of scheduled sync-ups for the calendar and reminder tests, written as the data
/// file stores them, and days counted from the real today (UTC) where a test needs its
/// meetings to lie ahead.
enum CalendarFixtures {
  /// One sync-up of the data file.
  struct SyncUp {
    var id: String
    var title: String
    var attendees: [(id: String, name: String, away: [(from: String, to: String)])] = []
    var duration = 600
    /// The stored schedule's keys, as JSON text: `"rule":"…","zone":"…",…`; nil for none.
    var schedule: String?

    var json: String {
      let people = attendees.map { person in
        let away = person.away.enumerated().map { index, days in
          #"{"from":"\#(days.from)","id":"00000000-0000-4000-8000-0000000000\#(10 + index)","to":"\#(days.to)"}"#
        }
        return #"{"id":"\#(person.id)","name":"\#(person.name)""#
          + (away.isEmpty ? "" : #","away":[\#(away.joined(separator: ","))]"#) + "}"
      }
      return #"{"attendees":[\#(people.joined(separator: ","))],"duration":\#(duration),"#
        + #""id":"\#(id)","meetings":[],"theme":"orange","title":"\#(title)""#
        + (schedule.map { #","schedule":{\#($0)}"# } ?? "") + "}"
    }
  }

  static func dataFile(_ syncUps: [SyncUp]) -> String {
    "[" + syncUps.map(\.json).joined(separator: ",") + "]"
  }

  /// The stored keys of a schedule.
  static func schedule(
    rule: String, zone: String, from: String, revision: Int = 1, skips: [String] = [],
    moves: [(date: String, to: String)] = []
  ) -> String {
    var keys = [
      #""from":"\#(from)""#, #""revision":\#(revision)"#, #""rule":"\#(rule)""#,
      #""zone":"\#(zone)""#,
    ]
    if !skips.isEmpty {
      keys.append(#""skips":["# + skips.map { #"{"date":"\#($0)"}"# }.joined(separator: ",") + "]")
    }
    if !moves.isEmpty {
      keys.append(
        #""moves":["# + moves.map { #"{"date":"\#($0.date)","to":"\#($0.to)"}"# }
          .joined(separator: ",") + "]")
    }
    return keys.joined(separator: ",")
  }

  /// The UTC day `days` after today, `YYYY-MM-DD`.
  static func day(_ days: Int, from now: Date = Date()) -> String {
    day(of: now.addingTimeInterval(Double(days) * 86_400))
  }

  static func day(of date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: date)
  }

  /// The UTC wall-clock time of `date`, `HH:mm`.
  static func time(of date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "HH:mm"
    return formatter.string(from: date)
  }
}
