#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

struct ScheduleSetCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "set",
    abstract: "Set when a sync-up meets.",
    discussion: """
      The rule is one of: 'daily 09:30', 'weekdays 09:30', 'mon,wed,fri 09:30', 'tue 15:00', \
      'every 2 weeks on tue,thu 15:00' (weeks start on Monday; the first is the week holding \
      --from), 'monthly on first mon 10:00' (first to fifth, or last), 'monthly on day 15 \
      10:00' (a month without that day is skipped), or an RFC 5545 rule and a time, \
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH at 09:30' (FREQ DAILY, WEEKLY or MONTHLY, INTERVAL, \
      BYDAY, BYMONTHDAY, COUNT, UNTIL, WKST). Case does not matter; a time is 9:30, 09:30 or \
      14:00, and may follow 'at'.

      The meetings keep their time in the zone's wall clock when daylight saving time starts \
      or ends: a time the clocks skip that day moves forward by the gap, and a time they \
      show twice is the first of the two. Setting a schedule again keeps its skipped and \
      moved meetings.

      Prints the rule in its normal form and the next five meetings, in the meetings' zone \
      and, where your clock differs, yours; warns of each attendee whose local time of the \
      meeting changes within the next 60 days (see 'edit --attendee-zone'). With --json, \
      prints the schedule object. A rule, zone or date that cannot be read is refused (exit \
      status 64) and nothing is stored.
      """,
    runs: Self.self,
    bindings: [
      .argument(CommandTable.syncUpArgument, \.syncUp),
      .arguments(
        [
          ArgumentSpec(
            name: "rule",
            help: "When it meets, in one quoted argument or several words: 'weekdays 09:30'.",
            completion: .choices(ScheduleRule.keywords), isRepeating: true)
        ],
        \.rule, parse: ValueParser.rule),
      .option(CommandTable.zoneOption, \.zone, parse: ValueParser.zone),
      .option(
        OptionSpec.date(
          "from", help: "The first day it may meet, from which weeks and months count; today by default"),
        \.from, parse: ValueParser.date),
      .option(
        OptionSpec.date("until", help: "The last day it may meet (the rule's UNTIL)"),
        \.until, parse: ValueParser.date),
    ],
    examples: [
      ExampleSpec("Every working day at half past nine:", "syncups schedule set eng weekdays 09:30"),
      ExampleSpec(
        "Every other week, in Berlin's time:",
        "syncups schedule set eng 'every 2 weeks on tue 15:00' --zone Europe/Berlin"),
      ExampleSpec("The last Friday of each month:", "syncups schedule set retro 'monthly on last fri 16:00'"),
    ]
  )

  var syncUp = ""
  var rule = ScheduleRule(frequency: .daily, time: TimeOfDay(hour: 9, minute: 0))
  var zone: String?
  var from: DateArgument?
  var until: DateArgument?

  @MainActor func run(in context: CommandContext) throws {
    let path = ["schedule", "set"]
    let target = try context.syncUp(syncUp, in: context.readSyncUps())
    let zone = zone ?? target.schedule?.zone ?? context.userZone
    @Dependency(\.date.now) var now
    let first =
      from?.day(side: .future)
      ?? LocalCalendar(zone: ZoneRules.named(zone) ?? .utc).day(of: now)
    var rule = rule.normalized(from: first)
    if let until = until?.day(side: .future) {
      guard rule.count == nil, rule.until == nil else {
        throw UsageError("give the rule's end once: COUNT or UNTIL in it, or --until", path: path)
      }
      rule.until = until
    }
    if let last = rule.until, last < first {
      throw UsageError(
        "the last day (\(last.longText)) is before the first (\(first.longText))", path: path)
    }
    guard Schedule(rule: rule, zone: zone, from: first).firstDay != nil else {
      throw UsageError(
        "'\(rule.text)' gives no meeting from \(first.longText) on", path: path)
    }
    let stored = try context.changeSchedule(
      of: target, .setSchedule(rule: rule, zone: zone, from: first))
    for warning in ScheduleText.localTimeWarnings(stored, now: now) { context.note(warning) }
    context.report(stored, done: "Scheduled \(UserText.name(stored)): \(rule.text).")
  }
}
