import SyncUpsCore

/// A moment broken into calendar fields (proleptic Gregorian calendar), computed from seconds
/// since 1970 without Foundation's calendars, so formatting costs nothing at start-up.
///
/// ```swift
/// let time = CivilTime(secondsSince1970: 1_770_628_500)  // 2026-02-09 09:15:00 UTC
/// time.year     // 2026
/// time.weekday  // 1 (Monday; Sunday is 0)
/// ```
struct CivilTime: Sendable, Equatable {
  var year: Int
  /// The month, 1 (January) to 12.
  var month: Int
  /// The day of the month, from 1.
  var day: Int
  /// The day of the week, 0 (Sunday) to 6 (Saturday).
  var weekday: Int
  /// The hour, 0 to 23.
  var hour: Int
  /// The minute, 0 to 59.
  var minute: Int
  /// The second, 0 to 59.
  var second: Int

  /// The fields of the moment `seconds` after 1970-01-01 00:00:00 (negative before it).
  init(secondsSince1970 seconds: Int) {
    let fields = UTCSeconds.fields(of: seconds)
    year = fields.year
    month = fields.month
    day = fields.day
    weekday = UTCSeconds.weekday(of: seconds)
    hour = fields.hour
    minute = fields.minute
    second = fields.second
  }
}
