import SharedState
import SyncUpsCore
import syncups

/// The parts of the man page that are not about a single command: JSON shapes, environment,
/// files and exit statuses. Each is a list of (term, description) pairs in mdoc.
enum ManPageReference {
  /// The fields of a sync-up object as printed by `show`, `add` and `edit` with `--json`.
  static let syncUpFields: [(String, String)] = [
    ("id", "String: the sync-up's id, an upper-case UUID."),
    ("title", "String: the title, possibly empty."),
    ("theme", "String: the theme name in lower case, e.g. bubblegum."),
    ("duration", "Number: the meeting's length in whole seconds."),
    (
      "durationPerAttendee",
      "Number: duration divided by the number of attendees, in seconds; "
        + "it may have a fractional part."
    ),
    (
      "attendees",
      "Array of objects with id (String, an upper-case UUID), name (String), away (Array of "
        + "time away objects, see away below, oldest first; left out when there are none), "
        + "changed (Object: when the name was last changed, as the sync-up's changed; left out "
        + "when it was not), when the attendee has git identities, gitAuthors (Array of Strings, see edit "
        + "--git-author) and, when given, zone (String: the IANA time zone they live in, see "
        + "edit --attendee-zone), in speaking order."
    ),
    (
      "schedule",
      "Object: when it meets, a schedule object (see schedule below). Left out when it has "
        + "none."
    ),
    (
      "facilitators",
      "String or Array: the facilitator rota (see edit --facilitators), \"rotate\" (every "
        + "attendee, in list order) or the ids of the attendees listed, in order. Left out "
        + "when it has none."
    ),
    ("meetings", "Array of meeting objects, newest first."),
    (
      "items",
      "Array of item objects (see items below), the blockers and actions raised, oldest "
        + "first. Left out when there are none."
    ),
    (
      "updates",
      "Array of written update objects (see update below), one per attendee and day, oldest "
        + "first. Left out when there are none."
    ),
    (
      "changed",
      "Object: when each of title, duration and theme was last changed, by key, ISO 8601 in "
        + "UTC (see FILES). Left out when none was."
    ),
  ]

  /// The fields of an item object: a blocker or an action a sync-up follows through.
  static let itemFields: [(String, String)] = [
    ("id", "String: the item's id, an upper-case UUID."),
    (
      "kind",
      "String: blocker or action; a kind a later version writes (risk, say) is kept as it is "
        + "and shown as written."
    ),
    ("text", "String: what it says."),
    ("opened", "String: when it was raised, ISO 8601 in UTC."),
    (
      "owner",
      "String: the id of the attendee who owns it. This key and those below are left out "
        + "when they have no value."
    ),
    ("openedIn", "String: the id of the meeting it was raised in."),
    ("resolved", "String: when it was resolved, ISO 8601 in UTC; left out while it is open."),
    ("resolvedIn", "String: the id of the meeting it was resolved in."),
    ("resolution", "String: how it was resolved."),
    ("reopened", "String: when it was last reopened (item reopen), ISO 8601 in UTC."),
    (
      "changed",
      "Object: when each of text, owner and kind was last changed, by key, ISO 8601 in UTC "
        + "(see FILES)."
    ),
  ]

  /// What every item object printed has after the stored keys (``itemFields``): the one item
  /// shape of `items`, the `item` commands, `standup`, `meeting show`, `update`, the
  /// meeting's events and the item hooks.
  static let itemObjectFields: [(String, String)] = [
    (
      "number",
      "Number: its position among the sync-up's items, 1 the oldest: what items prints and "
        + "item resolve, reopen, edit and delete take; null for an item no longer there."
    ),
    (
      "ageWorkingDays",
      "Number: its age in working days (see items), up to its resolution once resolved."
    ),
    (
      "ownerName",
      "String: the owner's name (as the sync-up or its last meeting names them); null for an "
        + "item nobody owns, or whose owner is found nowhere."
    ),
    (
      "syncUp",
      "Object: id and title of the sync-up that holds it, where items of several sync-ups "
        + "are listed (items without a sync-up); left out otherwise."
    ),
    (
      "turnNumber",
      "Number: in a meeting's speaker event only, its number in the turn, which the meeting's "
        + "resolve (and the r key) takes."
    ),
  ]

  /// The fields of a written update object: what an attendee wrote for a day.
  static let updateFields: [(String, String)] = [
    ("attendee", "String: the id of the attendee it is from."),
    ("day", "String: the day it is for, YYYY-MM-DD in local time."),
    ("written", "String: when it was written, ISO 8601 in UTC."),
    (
      "done",
      "String: what they did. This key and those below are left out when they have no value."
    ),
    ("next", "String: what they will do next."),
    ("blockers", "Array of strings: what is in their way, one a blocker."),
  ]

  /// What `update`, `updates` and `away` add to the objects they print.
  static let updateNameField: [(String, String)] = [
    ("name", "String: the attendee's name; null for one no longer on the sync-up.")
  ]

  /// The fields of each day's object of `updates`.
  static let updatesDayFields: [(String, String)] = [
    ("day", "String: the day, YYYY-MM-DD."),
    ("updates", "Array of update objects (see update), with name, in speaking order."),
    ("notWritten", "Array of attendee objects: those not away who have not written one."),
    ("away", "Array of time away objects (see away) of those away that day."),
  ]

  /// What `away` adds to a time away object.
  static let timeAwayOwnerFields: [(String, String)] = [
    ("attendee", "String: the id of the attendee who is away."),
    ("name", "String: their name."),
    ("syncUp", "String: the sync-up's id; with --list only."),
  ]

  /// The fields of a schedule object: when a sync-up meets.
  static let scheduleFields: [(String, String)] = [
    (
      "rule",
      "String: the rule as stored, its RFC 5545 RRULE and its time, e.g. "
        + "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR at 09:30 (any form schedule set takes reads)."
    ),
    ("zone", "String: the IANA time zone its days and time are counted in, e.g. Europe/Berlin."),
    ("from", "String: the first day it may meet, YYYY-MM-DD, from which weeks and months count."),
    (
      "skips",
      "Array of objects with date (String: the day skipped, YYYY-MM-DD in its zone) and, when "
        + "given, reason (String), by day; left out when there are none."
    ),
    (
      "moves",
      "Array of objects with date (String: the day the rule gives the meeting, YYYY-MM-DD) and "
        + "to (String: when it is held instead, ISO 8601 in UTC), by day; left out when there "
        + "are none."
    ),
    (
      "revision",
      "Number: how many times it was changed; a calendar file's SEQUENCE. A merge of changes "
        + "made on two clones numbers past both."
    ),
    (
      "changed",
      "Object: when each of rule, zone and from was last changed, by key, ISO 8601 in UTC (see "
        + "FILES); left out when none was."
    ),
  ]

  /// What the `schedule` commands print.
  static let scheduleObjectFields: [(String, String)] = [
    ("syncUp", "String: the sync-up's id."),
    ("title", "String: its title."),
    ("schedule", "Object: the schedule object as stored; null after schedule clear."),
    ("rule", "String: the rule in its normal form, e.g. weekdays 09:30."),
    ("rrule", "String: the rule as an RFC 5545 RRULE, UNTIL in UTC."),
    ("next", "Array of meeting objects (see next): the next five meetings."),
  ]

  /// The fields of a meeting object of `next`.
  static let nextFields: [(String, String)] = [
    ("syncup", "String: the sync-up's title."),
    ("id", "String: the sync-up's id."),
    ("start", "String: when it starts, ISO 8601 with the zone's offset, e.g. 2026-12-03T09:30:00+01:00."),
    ("day", "String: the day the rule gives it, YYYY-MM-DD in its zone (another day when moved)."),
    ("zone", "String: the schedule's IANA time zone."),
    ("in", "Number: whole seconds from now until it starts."),
    (
      "facilitator",
      "String: who facilitates it, from the facilitator rota (each meeting listed takes the "
        + "next after the one before); null without a rota or when everyone on it is away."
    ),
    ("away", "Array of strings: the names of the attendees away that day."),
    ("skipped", "Boolean: false; skipped meetings are left out."),
    ("moved", "Boolean: whether it was moved from the rule's time."),
  ]

  /// The fields of a time away object: days an attendee announced they are away.
  static let timeAwayFields: [(String, String)] = [
    ("id", "String: its id, an upper-case UUID."),
    ("from", "String: the first day away, YYYY-MM-DD in local time."),
    ("to", "String: the last day away; left out when it has no end (away until cancelled)."),
    ("note", "String: why, in their words; left out when there is none."),
    (
      "changed",
      "Object: when each of from, to and note was last changed, by key, ISO 8601 in UTC (see "
        + "FILES); left out when none was."
    ),
  ]

  /// The fields of a meeting object.
  static let meetingFields: [(String, String)] = [
    ("id", "String: the meeting's id, an upper-case UUID."),
    ("date", "String: when it was recorded, ISO 8601 in UTC, e.g. 2026-01-31T09:15:00Z."),
    ("transcript", "String: the notes taken during the meeting, one per line."),
    (
      "started",
      "String: when the meeting started, ISO 8601 in UTC. This key and those below are "
        + "left out for meetings that did not record them: those saved before meetings kept "
        + "a record, and those imported from the SyncUps app."
    ),
    (
      "scheduled",
      "String: the meeting of the sync-up's schedule it was held for, ISO 8601 in UTC: the "
        + "one starting nearest to started, when within 2 hours either side (a moved meeting "
        + "at its new time, a skipped one never). Left out otherwise."
    ),
    (
      "duration",
      "Number: how long it really lasted, pauses left out, in whole seconds rounded to the "
        + "nearest (as are a turn's seconds)."
    ),
    ("plannedDuration", "Number: the sync-up's length when it was held, in seconds."),
    (
      "facilitator",
      "Object: who facilitated (start, from the rota or --facilitator): attendee (String: "
        + "their id) and name (String: their name then). Left out when nobody did."
    ),
    (
      "endedEarly",
      "Bool: whether it was ended early: by the user, while the speaker still had time in "
        + "their slot or someone present had not spoken (see start)."
    ),
    (
      "attendees",
      "Array: everyone on the sync-up when it was held, in the order they were called, each "
        + "{id, name, absent}."
    ),
    (
      "turns",
      "Array: each turn in speaking order, {attendee (the id), name, seconds (spoken), slot "
        + "(seconds the slot gave), warned (only when the turn reached a cue: wrapUp, last or "
        + "timeUp, the last one)}; a turn ran over by seconds minus slot when that is "
        + "positive."
    ),
  ]

  /// The fields of a stats object (`stats --json`). Seconds are whole: medians of an even
  /// count and means are rounded, halves up.
  static let statsFields: [(String, String)] = [
    ("syncUp", "Object: the sync-up's id (String) and title (String)."),
    ("meetings", "Number: the meetings held in the selection, with timings or not."),
    (
      "timed",
      "Number: those with timings. The others (saved before meetings were timed, or imported "
        + "from the SyncUps app) are left out of every figure below."
    ),
    (
      "duration",
      "Object: planned, median, mean and max (Number: seconds, or null without timed "
        + "meetings), overran and endedEarly (Number: how many meetings). A meeting's planned "
        + "length is the sync-up's length when it was held (its plannedDuration), else the "
        + "sync-up's length now; planned is the median of those, and overran counts the "
        + "meetings longer than their own planned length. The median of an even number of "
        + "values is the mean of the two middle ones; medians and means are rounded to whole "
        + "seconds, halves up."
    ),
    (
      "attendees",
      "Array of objects, the sync-up's attendees in order, then anyone else in the timed "
        + "meetings, named as most recently: id (String), name (String), attended and absent "
        + "(Number: timed meetings present at and missed, those missed on a day of their time "
        + "away aside), away (Number: timed meetings missed on a day of their time away), speaking (Object: median, Number of "
        + "seconds per turn or null without turns, and total, Number of seconds), overSlot "
        + "(Number: turns longer than their slot) and items (Object: open and resolved, "
        + "Number: the sync-up's items they own); someone who owns items but has left and is "
        + "in none of those meetings comes last, with an empty name."
    ),
    (
      "items",
      "Object: blockers and actions (Object: open, Number: the items of that kind open "
        + "now, whatever the selection; medianAge and oldestAge, Number: their median and "
        + "greatest age in working days, or null when none is open), resolved (Number: items "
        + "resolved in the meetings of the selection) and resolvedPerMeeting (Number: resolved "
        + "divided by meetings, to a tenth, or null without meetings). Ages count the "
        + "working days of the workdays setting from the local day each item was opened to "
        + "today, in the time zone TZ names."
    ),
    (
      "starts",
      "Object, left out when no meeting of the selection records the scheduled meeting it "
        + "was held for (scheduled): onTime and late (Number: those that started early or at most "
        + "2 minutes after their scheduled start, and those later), medianLateness (Number: "
        + "the median seconds the late ones started after it, or null when none was late)."
    ),
  ]

  /// The fields of a trend object (`stats --trend --json`, and the data `report` embeds).
  static let trendFields: [(String, String)] = [
    ("syncUp", "Object: the sync-up's id (String) and title (String)."),
    (
      "weeks",
      "Array of objects, the local weeks covered, oldest first, each from the first day of "
        + "the workdays week: start (String: that day, YYYY-MM-DD); meetings and timed "
        + "(Number: held, and with timings); lengthMean, plannedMean and longest (Number: "
        + "seconds, or null without timed meetings); overran (Number); scheduled (Number: "
        + "meetings that record their scheduled start); onTime, late (more than 2 minutes "
        + "after it) and lateMean (Number: seconds late on average, or null), all null when "
        + "none records it; expected and attended (Number: places at the meetings and those "
        + "taken); attendance (Number: a percentage, or null); turns and turnsOver (Number); "
        + "warned (Number: turns warned before their slot ran out, or null when no turn "
        + "records it); blockersOpened and blockersResolved (Number). A week without "
        + "meetings has meetings 0 and null figures."
    ),
    (
      "length",
      "Object: over all the weeks, mean and planned (Number: seconds, or null), overran "
        + "(Number) and longest (Object: seconds and day, or null)."
    ),
    (
      "blockerAges",
      "Object: buckets (Array of objects: from and to, Number: working days, to null for the "
        + "last; open, Number: the blockers open today of that age) and oldest (Object: id, "
        + "text and age of the blocker open longest, or null)."
    ),
    (
      "people",
      "Array of objects, with --by-person only (null for a sync-up of fewer than 3 "
        + "attendees): id, name, former (Boolean: has left the sync-up), spoken (Number: "
        + "seconds), share and even (Number: percentages of the time spoken, and the share "
        + "each would have if everyone who spoke spoke as long), expected and attended "
        + "(Number: meetings), turns and turnsOver (Number)."
    ),
  ]

  /// The keys `meeting show --json` adds to the meeting object.
  static let meetingShowFields: [(String, String)] = [
    (
      "itemsRaised",
      "Array of item objects (see items): the items raised in the meeting."
    ),
    (
      "itemsResolved",
      "Array of item objects: the items resolved in the meeting; an item raised and resolved "
        + "in it is in both."
    ),
    (
      "work",
      "Object, with --work only: since and until (String: the window, ISO 8601 in UTC) and "
        + "attendees (Array of work cards, as standup has them, without openItems)."
    ),
  ]

  /// The object `standup --json` prints.
  static let standupFields: [(String, String)] = [
    ("syncUp", "String: the sync-up's id."),
    ("title", "String: its title."),
    ("since", "String: the start of the window, ISO 8601 in UTC."),
    ("until", "String: its end, or null: up to now."),
    (
      "facilitator",
      "String: with a facilitator rota, who facilitates the next meeting (see edit "
        + "--facilitators); null when everyone on it is away. Left out without a rota."
    ),
    ("repositories", "Array of Strings: the repositories read, as typed."),
    (
      "attendees",
      "Array of work cards, in speaking order, each with openItems (Array of item objects, "
        + "see items); with --limit, each card's commits are the newest N, and moreCommits "
        + "(Number) says how many were left out."
    ),
    ("unownedItems", "Array of item objects: the open items nobody on the sync-up owns."),
  ]

  /// A work card (`standup --json`, `meeting show --work --json`).
  static let workCardFields: [(String, String)] = [
    ("id", "String: the attendee's id."),
    ("name", "String: their name."),
    (
      "byName",
      "Boolean: true when they have no git identity, so their commits are those whose "
        + "author has their whole name."
    ),
    (
      "commits",
      "Array of objects, newest first, each with repository (String: the last part of its "
        + "path), hash (String: the full hash), subject (String), date (String: the author "
        + "date, ISO 8601 in UTC) and author (String: Name <email>)."
    ),
    ("repositories", "Array of Strings: the repositories of the commits, newest first."),
    (
      "unread",
      "Array of Strings: the repositories not read within their time limit (shown as …)."
    ),
  ]

  /// The events of `start --json`, with their other fields.
  static let meetingEventFields: [(String, String)] = [
    (
      "started",
      "syncUpID (String), title (String), duration (Number: seconds), speakers (Number: "
        + "those present) and overtime (Bool: whether speakers may run past their slot); open "
        + "(Object, only when items are open: blockers and actions, Numbers, and "
        + "oldestBlockerDays, the oldest open blocker's age in working days or null); "
        + "facilitator (String, only when someone facilitates: the name)."
    ),
    (
      "absent",
      "attendee (String: the id) and name (String) of someone absent: one event for each "
        + "attendee left out with --absent, right after started, and one when the speaker is "
        + "marked absent (a, or the absent command). away (Object, only for someone left out "
        + "because their time away includes the day): from, to (String: days, to null when it "
        + "has no end) and note (String or null)."
    ),
    (
      "update",
      "attendee (String: the id), name (String), present (Bool), day (String: the day it is "
        + "for), done and next (String or null) and blockers (Array of String) of a written "
        + "update: the speaker's, right after their speaker event, or, with present false, the "
        + "update of someone absent as the meeting passes their place in the order (before the "
        + "first speaker, after the turn that passed it, or at the end; not again for a speaker "
        + "marked absent, whose update came with their turn), which also goes into the "
        + "transcript a line a part: Name (written): Done: TEXT, then Next: TEXT and Blocker: "
        + "TEXT lines (meetings saved by older versions have one line, the parts joined by "
        + "semicolons)."
    ),
    (
      "skipped",
      "attendee (String: the id), name (String) and seconds (Number: spoken so far) of the "
        + "speaker skipped to the end of the order (s, or the skip command); the next speaker's "
        + "event follows."
    ),
    (
      "joined",
      "attendee (String: the id) and name (String) of an absent attendee who arrived (j, or "
        + "the joined command); they speak last."
    ),
    (
      "speaker",
      "index (Number: from 1, how many of those present have had the floor, a skipped "
        + "speaker speaking again counted once), count (Number: how many are present), name "
        + "(String) and slot (Number: the seconds "
        + "their slot gives) of the speaker whose turn begins; the first comes right after "
        + "started and the absent events. items (Array, only when the speaker has open items): "
        + "item objects (see items), each with turnNumber (Number: what resolve names)."
    ),
    (
      "work",
      "attendee (String: the id) and name (String) of the speaker, since (String: the start "
        + "of the window, ISO 8601 in UTC), count (Number: their commits in it), repositories "
        + "(Array of Strings: those the commits are in, the newest first), unread (Array of "
        + "Strings: repositories not read within their time limit) and commits (Array: the "
        + "newest \(RecordMeeting.TurnWork.keptCommits), newest first, each as a work card's "
        + "commits are, with repository, hash, subject, date and author): the speaker's work card, only when repositories are set; "
        + "right after their speaker event when it is ready, else when the cards arrive: then "
        + "one for every speaker whose turn has begun, in speaking order (a script that has "
        + "moved on still gets each). A meeting that ends before the cards arrive has none."
    ),
    (
      "note",
      "speaker (String) and text (String) of a note added to the transcript (an item raised "
        + "or resolved adds one too, its text Blocker: TEXT, Action for NAME: TEXT or "
        + "Resolved blocker: TEXT)."
    ),
    (
      "item",
      "The item object (see items) of a blocker or action item raised (b, o, or the blocker "
        + "and action commands), numbered as it will be once the meeting is saved; it follows "
        + "its note."
    ),
    (
      "resolved",
      "The item object (see items) of an item resolved (r, or the resolve command), with its "
        + "resolution when it has one; it follows its note."
    ),
    (
      "overtime",
      "name (String) and slot (Number) of a speaker whose slot has run out while overtime is "
        + "allowed; they go on until next."
    ),
    (
      "warn",
      "phase (String: wrapUp, last or timeUp), speaker (String: the name) and left (Number: "
        + "seconds left in the slot) of a cue the speaker's turn reached (start --warn); each "
        + "phase comes once per turn."
    ),
    (
      "turn",
      "attendee (String: the id), name (String), seconds (Number: spoken), slot (Number) "
        + "and overtime (Number: seconds past the slot, 0 if none) of a turn that just ended, "
        + "and warned (String, only when it reached a cue: the last one); "
        + "it comes before the next speaker's event, and before ended for the last turn."
    ),
    ("paused, resumed", "No other fields."),
    (
      "ended",
      "saved (Bool) and meeting: the saved meeting object, or null when it was discarded; "
        + "restored (Bool, only when true): the sync-up had been deleted during the meeting and "
        + "came back with it. Always the last line."
    ),
  ]
  /// The objects of `watch --json`, by their event.
  static let watchEventFields: [(String, String)] = [
    (
      "snapshot",
      "The meeting as the watcher first sees it: the fields of a status object (see status), "
        + "and items (Array of String: the speaker's open items as the meeting screen lists "
        + "them), update (Array of String: the speaker's written update as the screen shows "
        + "it, empty when none), planned (Number: the meeting's planned seconds), and, null "
        + "where the meeting does not reckon them, variance (Number: seconds behind the plan, "
        + "ahead when negative), projectedEnd (String: ISO 8601) and phase (String: the "
        + "speaker's cue phase)."
    ),
    (
      "turn",
      "The next speaker has the floor: speakerIndex and speakerCount (Number), slot (Number: "
        + "seconds), next (Array of String), items and update as in snapshot."
    ),
    ("skipped", "skipped (String): who was skipped; they speak last."),
    ("joined", "speakerCount (Number): how many are present now that someone arrived."),
    ("paused, resumed, overtime", "overtime has slot (Number: the seconds the slot gave)."),
    (
      "warn",
      "Only where the meeting gives cues: phase (String) and left (Number: seconds left in "
        + "the slot)."
    ),
    (
      "ended",
      "at (String: ISO 8601), elapsed (Number: seconds), planned (Number or null) and "
        + "turnsOver (Number: turns that ran past their slot). Always the last line, unless "
        + "--follow."
    ),
    (
      "waiting",
      "With --wait or --follow, while no meeting is watched (first, when none runs; after "
        + "ended): syncup (String or null: the sync-up named, or the one whose meeting is "
        + "soonest) and next (String or null: the start of its next scheduled meeting, ISO "
        + "8601 with the meetings' zone's offset, as in next). Written again when the next "
        + "meeting changes (it has passed, or the schedule was changed)."
    ),
  ]

  /// The fields of a status object (`status --json`).
  static let statusFields: [(String, String)] = [
    ("pid", "Number: the process id of the meeting's syncups."),
    ("file", "String: the data file the meeting is saved into."),
    ("syncUp", "Object: the sync-up's id (String) and title (String)."),
    ("started", "String: when the meeting's timer started, ISO 8601 in UTC; null before."),
    ("speaker", "String: who speaks (Speaker k when the name is blank)."),
    ("speakerIndex", "Number: the speaker's number, from 1: how many of those present have "
      + "had the floor, the speaker included (a skipped speaker speaking again counts once)."),
    ("speakerCount", "Number: how many are present (those who joined counted)."),
    ("next", "Array of String: the next speakers, at most three, in order."),
    ("turnLeft", "Number: seconds left in the speaker's slot; 0 when they run over."),
    ("turnElapsed", "Number: whole seconds the speaker has spoken."),
    ("meetingLeft", "Number: seconds left in the meeting's slots."),
    ("elapsed", "Number: whole seconds of meeting time, pauses and the end prompt left out."),
    ("overtime", "Number: seconds the speaker has run past their slot, 0 if none."),
    ("paused", "Bool: whether the meeting is paused."),
    ("ending", "Bool: whether the end prompt is open (time stands still meanwhile)."),
    (
      "openBlockers",
      "Number: the blockers open in the sync-up, those raised and resolved in the meeting "
        + "counted."
    ),
    (
      "variance",
      "Number: seconds the meeting is heading past its planned length, negative when ahead "
        + "(within 10 either way the screen says on time); null for a meeting of an older "
        + "syncups."
    ),
    (
      "projectedEnd",
      "String: when the meeting is projected to end, ISO 8601 in UTC; null for a meeting of "
        + "an older syncups."
    ),
    (
      "phase",
      "String: the cue the speaker's turn reached: none, wrapUp, last or timeUp; null for a "
        + "meeting of an older syncups."
    ),
  ]

  /// The fields of a theme object (`themes --json`).
  static let themeFields: [(String, String)] = [
    ("name", "String: the name used by --theme, e.g. seafoam."),
    ("displayName", "String: the capitalised name, as in Seafoam."),
    ("hex", "String: the colour as #RRGGBB, e.g. #CBEAE5."),
    ("textColor", "String: black or white, the colour of text drawn on the theme."),
  ]

  /// What SETTINGS says before its list.
  static let settingsIntroduction =
    "Settings are read and changed with config list, config get, config set and config unset, "
    + "under the names below, and kept in the settings file (see ENVIRONMENT and FILES) under "
    + "the same names. A setting the file holds in a form syncups cannot read (one edited by "
    + "hand, \"default-duration\": \"x\") is said in a warning on standard error, once for "
    + "each command, naming the file, the setting and the value; its default is used until "
    + "config set or config unset puts it right, and the file is left as it is."

  /// One setting in SETTINGS: what it is, its default, and the value config set takes.
  static func settingText(_ key: ConfigKey) -> String {
    let summary = key.summary.prefix(1).uppercased() + key.summary.dropFirst()
    return "\(summary) (default: \(key.defaultText))"
      + (key.afterDefault.map { ". " + $0 } ?? "") + ". Set to \(key.valueHelp)."
  }

  /// The fields of the settings object (`config list --json`), named like the settings; `config
  /// get KEY --json` prints one of these values alone.
  static let configFields: [(String, String)] = ConfigKey.allCases.map { key in
    (key.rawValue, key.jsonHelp)
  } + [
    (
      "sync-up-repositories",
      "Array: each sync-up that reads its own repositories on this machine (config set "
        + "repositories --syncup), in the sync-ups' order: its id, title and repositories "
        + "(Array of Strings). One kept for a sync-up since deleted is left out."
    )
  ]

  /// The fields of `config get repositories --syncup NAME --json`, and of `config set` and
  /// `config unset` with `--syncup`.
  static let syncUpRepositoriesFields: [(String, String)] = [
    ("key", "String: repositories."),
    ("syncUp", "String: the sync-up's id."),
    ("value", "Array of Strings: the paths and globs the sync-up reads, as typed."),
    (
      "from",
      "String: syncUp when they are the sync-up's own, setting when they are the repositories "
        + "setting's."
    ),
  ]

  /// The fields of `doctor --json`.
  static let doctorFields: [(String, String)] = [
    (
      "checks",
      "Array of objects, one per check in the order made: name (String: data file, "
        + "repository, merge, lock, temporary files, merge driver, attributes, remote, "
        + "versions, hooks), status (String: ok, warn or fail), message (String: what was "
        + "found) and fix (String: what to do; null when ok)."
    ),
    (
      "teammates",
      "Array of objects, one per author of the data file's commits, the latest first: name "
        + "(String) and version (String: the syncups version of their last commit, from its "
        + "Syncups-Version trailer; null when unknown)."
    ),
    ("ok", "Bool: whether no check failed (the status is then 0)."),
  ]

  /// The fields of `version --json` (and `--version --json`).
  static let versionFields: [(String, String)] = [
    ("version", "String: the version number alone, e.g. \(CommandTable.version).")
  ]

  /// The fields of `delete --json`: what was deleted.
  static let syncUpDeletionFields: [(String, String)] = [
    ("id", "String: the deleted sync-up's id."),
    ("title", "String: its title."),
    ("meetingCount", "Number: how many past meetings were deleted with it."),
    ("openItemCount", "Number: how many open items went with it."),
    ("resolvedItemCount", "Number: how many resolved items went with it."),
    ("updateCount", "Number: how many written updates went with it."),
    ("timeAwayCount", "Number: how many times away of its attendees went with it."),
  ]

  /// The fields of `meeting delete --json`: what was deleted.
  static let meetingDeletionFields: [(String, String)] = [
    ("id", "String: the deleted meeting's id."),
    ("date", "String: when it was recorded, ISO 8601 in UTC."),
    ("syncUpID", "String: the id of the sync-up it was deleted from."),
  ]

  /// The fields of `import --json`.
  static let importFields: [(String, String)] = [
    ("imported", "Number: how many sync-ups were added."),
    (
      "skipped",
      "Number: how many were left out because a sync-up with the same id is there (with "
        + "--merge: how many of those the file added nothing to)."
    ),
    ("format", "String: the format read, syncups or app (the SyncUps app's)."),
    (
      "added",
      "Array, with --merge only: the id and title of each sync-up added, one not here before "
        + "the import (whether deleted since the file was made or never here)."
    ),
    ("restored", "Array, with --merge only: the same as added, under its former name."),
    (
      "changed",
      "Array, with --merge only: each sync-up here the file added to: its id, title, and how "
        + "many meetings and attendees (Numbers) it added."
    ),
  ]

  /// The fields of `config set --json` and `config unset --json`.
  static let settingChangeFields: [(String, String)] = [
    ("key", "String: the setting, as typed, e.g. default-duration."),
    (
      "value",
      "The setting's new value, typed as in config list."
    ),
  ]

  /// The fields of `sync --json`.
  static let syncFields: [(String, String)] = [
    (
      "committed",
      "String: the first line of the commit made of local changes, e.g. Add sync-up Design; "
        + "null when there were none."
    ),
    ("remote", "String: the branch synced with, e.g. origin/main; null when there is no remote."),
    ("pushed", "Bool: whether commits were pushed."),
    (
      "pending",
      "Bool: whether local commits are still not on the remote (it could not be reached or "
        + "refused the push); the next sync pushes them."
    ),
    (
      "received",
      "Object: what the merge brought. added, changed and deleted are arrays of {id, title} "
        + "of sync-ups; meetings an array of {syncUp: {id, title}, id, date} of meetings held "
        + "elsewhere; updates an array of {syncUp: {id, title}, attendee, name, day, new} of "
        + "updates written (new false when written again); items an array of {syncUp: {id, "
        + "title}, id, kind, text, change} of items opened (change opened) or resolved (change "
        + "resolved) elsewhere; timeAway an array of {syncUp: {id, "
        + "title}, attendee, name, overlapping} of attendees whose time away changed, "
        + "overlapping the time away objects of theirs that share days with another of theirs "
        + "(empty when none does); hooks null, or {directory, new, trusted} when hooks in "
        + "the repository's .syncups/hooks arrived (new true) or changed: they run only once "
        + "trusted (again) with syncups hooks trust; conflicts an array of the conflicts a teammate's sync resolved in the "
        + "merges that arrived, as in conflicts, with ours (who merged) and theirs (whose "
        + "change met theirs), the message told from here (kept 'Design': deleted here, "
        + "changed by Ben). A sync-up kept because a teammate changed what was deleted here "
        + "is among those conflicts, not among added."
    ),
    (
      "conflicts",
      "Array of the conflicts the merge driver resolved, each as it reports them (see "
        + "merge-driver: \(ConflictRecord.Field.written.map(\.rawValue).joined(separator: ", "))"
        + "): edits both sides made to the same thing, and whose was kept; with those of a "
        + "merge a killed sync had committed without recording them, worked out again."
    ),
    (
      "restored",
      "Array of objects, one per thing a merge made by an older syncups (or plain git, or a "
        + "forge) that arrived had dropped and this version's merge of its two sides keeps, "
        + "put back: commit (String: the merge, short), author (String: who made it), syncUp "
        + "({id, title}: the sync-up it is in, or is), path (String: where in the sync-up, as "
        + "a conflict's path; empty for the whole sync-up), kind (String: syncUp, attendee, "
        + "meeting, item, update, timeAway or key, for a key this version does not know; "
        + "resolution for an item's resolution the merge made of both sides' fields, taken "
        + "whole from one side, path items.<id>.resolution) and message (String: what it is, "
        + "as the human output names it: action 'Write the notes' in 'Platform'); empty when "
        + "nothing was."
    ),
    (
      "recovered",
      "Array of strings: what was put right of an earlier sync that was killed, or of what "
        + "plain git left, before this one synced (a lock git left, an unfinished merge undone "
        + "and done again, a merge git left unfinished finished, the conflicts of a merge it "
        + "had committed recorded, what an older merge it had received dropped restored, a "
        + "data file committed broken repaired); empty when nothing was."
    ),
    ("error", "String: why the sync failed, as on standard error; null when it did not."),
  ]

  /// The fields of `sync init --json` (with or without `--clone`).
  static let syncSetupFields: [(String, String)] = [
    ("repository", "String: the git repository's top directory."),
    ("remote", "String: origin's URL; null when there is none."),
    (
      "previousRemote",
      "String: the URL origin had before this sync init replaced it; null when it was not "
        + "replaced."
    ),
    ("committed", "Array of String: the first lines of the commits made, oldest first."),
    ("conflicts", "Array, as in sync: what merging local sync-ups into a clone resolved."),
    (
      "received",
      "Object, as in sync, of what sync init --clone brought in; null for sync init without "
        + "--clone, or when the remote held nothing."
    ),
    (
      "error",
      "String: why setting up failed, as on standard error; null when it did not. The other "
        + "members then say what was done before: repository and remote are null when there "
        + "was no repository or origin yet."
    ),
  ]

  /// The TEAMS section: sharing the data file through git, one paragraph per entry.
  static let teams: [String] = [
    "A team shares its sync-ups through a git repository that holds the data file. "
      + "One person runs syncups sync init REMOTE, where REMOTE is any repository git can push "
      + "to: a bare repository on a server over ssh (git init --bare), one on GitHub or "
      + "GitLab, or one in a shared folder; then syncups sync. Everyone else runs syncups sync "
      + "init --clone REMOTE, which keeps the sync-ups they already have by merging them in.",
    "sync init makes the data file's directory a git repository, or uses the one it is in, "
      + "and writes two files beside the data file: .gitattributes, which gives the data file "
      + "to the syncups merge driver, and .gitignore, which keeps out the lock file and "
      + "temporary files. It registers the driver in the repository's .git/config as this "
      + "syncups (sync updates the path when syncups moves) and commits. Only the data file "
      + "and those two files are ever committed. Given a remote other than origin's, it says "
      + "Origin changed from 'X' to 'Y'; once the repository has synced with its origin, "
      + "replacing it takes --force, and the next sync merges with what the new one holds. "
      + "When sync init --clone or sync brings in a sync-up whose title another one already "
      + "has, it warns, naming both ids: that title then names neither, so use an id.",
    "Run syncups sync before and after a meeting. It holds the data file's lock throughout, "
      + "commits local changes with a message saying what changed (Add sync-up Design, "
      + "Meeting of Engineering, 4 notes), fetches, merges the team's branch, pushes, and says "
      + "what arrived. A meeting running meanwhile is not disturbed: it saves onto the merged "
      + "file.",
    "The merge driver merges by id, never with conflict markers: sync-ups, attendees and "
      + "meetings added on either side are all kept, meetings from both sides stay in the "
      + "history, and changes to different fields of a sync-up are both kept. When both sides "
      + "changed the same field, the change made later wins, whoever synced later, and the "
      + "conflict is reported: a field's change is dated by the time the command that made it "
      + "recorded beside it (changed, see FILES), an item's resolution by resolved or reopened "
      + "and a written update by written; a change by a syncups before 0.4.0, which records no "
      + "time, counts at the time its side was committed, and two changes of the same second "
      + "keep the side committed later. An item's resolution (resolved, resolvedIn, "
      + "resolution, reopened) merges as one: a reopen against a resolve, or two resolutions, "
      + "is one conflict, and the act done later is kept whole. "
      + "a sync-up deleted on one side and changed on the other is kept and reported. When "
      + "two teammates each kept a sync-up a third deleted, their merge compares it with the "
      + "last version they had in common, so both their changes stay. The merge commit "
      + "records each conflict (a Syncups-Conflict trailer naming who merged and whose change "
      + "they merged), and every teammate who receives it is told, with when each change was "
      + "made: conflict merged by Ben: Engineering: title changed to 'Core' by Ben at Sat 28 "
      + "Nov 2026, 09:30 and 'Eng' here at Sat 28 Nov 2026, 09:00; kept 'Core' (made later), "
      + "or kept 'Design': deleted here, changed by Ben. (made later) is said only of the "
      + "change made later, (made at the same time) of changes of the same second. Times in "
      + "conflicts read as each "
      + "reader's local time, to the second when two fall in one minute (the trailer and sync --json's conflicts keep them in UTC). Keys "
      + "this version does not know are kept.",
    "Nothing is lost when a sync cannot finish: local changes are committed first. Offline, "
      + "or when the remote refuses the push, sync exits 1 saying the push is pending, and the "
      + "next sync pushes. A teammate's data file that cannot be decoded is never merged: the "
      + "merge is aborted, the repository is left clean, and sync exits 65. git is run with "
      + "no terminal and GIT_TERMINAL_PROMPT=0, so it never waits for a password: use an ssh "
      + "key or a credential helper. When git has no user.name or user.email configured, "
      + "commits are made as syncups <syncups@localhost>; the configuration is not changed.",
    "A push that loses a race with a teammate's (the remote branch moved, or the remote could "
      + "not update it because another push held it) is not a failure: sync fetches, merges "
      + "and pushes again, up to five times, after a short random pause.",
    "A sync can be killed at any point, with or without its git: git dies with syncups, and "
      + "the next sync puts right what was left before it does anything else, and says so "
      + "(Recovered from an interrupted sync: ...). It removes the index.lock and temporary "
      + "merge files left behind, and undoes a merge git had not committed: what the data file "
      + "held is kept as local work less the team's changes, which are merged again properly, "
      + "so a change a teammate made is never committed as yours and nothing a teammate "
      + "deleted comes back. There is never anything to remove or undo by hand. git writes the "
      + "data file in place, so a sync killed at that very moment can leave it cut short: "
      + "other commands then fail to decode it (status 65), saying to run syncups sync, "
      + "which puts it right.",
    "What plain git leaves is put right the same way. In a clone made with plain git clone "
      + "(no merge driver), a git pull that conflicts writes conflict markers into the data "
      + "file: other commands then fail (status 65), saying so and naming syncups sync, which "
      + "merges by id the three versions git kept in its index (the common one, ours, theirs; "
      + "one missing holds no sync-ups) with the merge driver, commits the merge with its "
      + "conflicts recorded, says what arrived and pushes; sync init in such a clone registers "
      + "the driver first and does the same. A data file committed so that it does not decode "
      + "is repaired and the repair committed: a merge commit holding conflict markers is "
      + "merged again by id from the two versions it joined; anything else is restored as the "
      + "last commit whose file decodes had it, with both sides of its conflict markers merged "
      + "in when each decodes. A teammate's file that does not decode is not taken by a "
      + "fast-forward either: sync keeps the file here, names the commit and its author "
      + "(status 65), and moves on by itself once the team has reverted it.",
    "Every commit syncups makes ends with a Syncups-Version trailer naming the version that "
      + "made it. syncups doctor checks the data file and its repository (an unfinished merge, "
      + "an index.lock, a killed sync's temporary files, the merge driver and .gitattributes, "
      + "the remote, the version each teammate last synced with, the repository's hooks) and "
      + "says how to fix what it finds.",
    "Teammates may run different versions of syncups: every version keeps the keys it does "
      + "not know, so a format-1 data file passes between 0.1.0 and this one without loss. "
      + "syncups migrate moves the data file to format 2 (see FILES) and commits it locally; "
      + "once it is shared, 0.1.0 to 0.3.0 refuse to change the file or to sync it, so each "
      + "teammate upgrades to 0.4.0 or later before the next sync. A syncups that meets data "
      + "requiring a newer one, in the data file or in what it fetched, refuses the sync "
      + "(status 65), merges nothing and leaves the repository as it was; doctor names the "
      + "teammates whose last sync came from a version older than the format needs.",
  ]

  /// The fields of a line of `$SYNCUPS_MERGE_REPORT`: one conflict `merge-driver` resolved,
  /// made from the record's own keys (``ConflictRecord/Field/written``).
  static let mergeConflictFields: [(String, String)] = ConflictRecord.Field.written.map {
    ($0.rawValue, conflictField($0))
  }

  /// What a key of a conflict record holds. `ours` and `theirs`, which only a merge commit's
  /// records have, are described with `sync --json`'s `received` (``syncFields``).
  static func conflictField(_ field: ConflictRecord.Field) -> String {
    switch field {
    case .syncUp:
      "Object: the sync-up's id and title (String each; the title as both sides knew it, "
        + "else as merged)."
    case .path:
      "String: what conflicted, as keys from the sync-up down, dot-separated, attendees and "
        + "meetings by id: title, duration, theme, attendees.<id>.name, "
        + "meetings.<id>.transcript, items.<id>.text, items.<id>.resolution (the item's "
        + "resolution as one), updates.<id>, an unknown key's name; attendees.<id> or meetings.<id> "
        + "for the whole attendee or meeting, and empty for the whole sync-up."
    case .kept: "String: whose version was kept, ours or theirs."
    case .message: "String: the conflict as printed on standard error, times in UTC."
    case .change:
      "Object: what each side did, the message's facts as data: kind (String: changed, both "
        + "sides changed a value; removed, one side removed what the other changed; written, "
        + "both sides wrote an update; resolution, both sides resolved or reopened an item "
        + "differently), what (String: what conflicted as the message names it, empty for the "
        + "whole sync-up), ours and theirs (Object each: value, String, the side's value as "
        + "shown, its verb for removed (deleted, removed, changed), its act for resolution "
        + "(reopened, resolved as '…'), absent for a value it removed or for written; time, "
        + "String, ISO 8601 UTC, when it made its change, absent when not known), and reason "
        + "(String: why the kept side won: made later, made at the same time, newer, ours; "
        + "absent for removed). Records by syncups before 0.4.0 have no change."
    case .ours: "String: who merged, in the merge commit's records."
    case .theirs: "String: whose change met the merger's, in the merge commit's records."
    }
  }

  /// What the HOOKS section says before it lists the events.
  /// The default of the `hook-timeout` setting, as `config get` prints it.
  private static let hookTimeout: String = ConfigKey.hookTimeout.defaultText

  static let hooks: [String] = [
    "A hook is a program syncups runs when something happens: an executable file named for "
      + "the event in $XDG_CONFIG_HOME/syncups/hooks (~/.config/syncups/hooks), such as "
      + "hooks/meeting-ended, and the executables in the directory named for the event with "
      + ".d, such as hooks/meeting-ended.d/, in name order (names starting with a dot or "
      + "ending in ~ are left out). Each run reads the event as one JSON object, on one line, "
      + "on standard input: the shape syncups prints with --json for the same thing. Its "
      + "environment is syncups' own with SYNCUPS_EVENT (the event's name), SYNCUPS_FILE (the "
      + "data file in use, absolute), SYNCUPS_SYNCUP (the id of the sync-up the event "
      + "concerns; unset for synced), SYNCUPS_NO_HOOKS=1, so that the syncups commands a "
      + "hook runs fire no hooks of their own, and SYNCUPS, the absolute path of the syncups "
      + "running the hook, so that a hook calls back \"${SYNCUPS:-syncups}\" even when "
      + "syncups is not on PATH. Its working directory is syncups' own.",
    "Hooks never get in the way. They run after the data is stored, once the command's "
      + "lock on the data file is let go, in the background: a meeting's timer and screen "
      + "never wait for them. The runs of one event are in the order the events happened, "
      + "and a meeting's runs, whatever their events, in the order its events happened (each "
      + "waits for the one before); other commands' runs of different events may overlap. "
      + "A run longer than the hook-timeout setting "
      + "(" + hookTimeout + " unless set) is stopped: its process group is killed. Before "
      + "syncups "
      + "exits, once its own output is written (a meeting's closing line too), it waits "
      + "for the runs still going, at most that long in all (so item add or sync may take "
      + "that much longer when a hook is slow); on a terminal, a wait of more than a second "
      + "is said once on standard error, and Ctrl-C stops the hooks (their process groups "
      + "killed) and exits 130; SIGTERM and SIGHUP during the wait do the same and exit 143 "
      + "and 129, whatever the command. Then it kills what is left and drops what has not started "
      + "(said in a warning), and kills what hooks that have ended left running in their "
      + "process groups (a program started in the background with &): no process of a "
      + "hook's group outlives syncups. Work a hook means to outlive syncups must leave its "
      + "group (setsid). A hook that "
      + "fails (a status other than 0), is stopped, or cannot run (not executable, a "
      + "symbolic link to nothing, or a missing #! interpreter) is said once per program, "
      + "on standard error, when syncups ends, -q or not; the command's exit status and "
      + "everything stored stay as they were. --no-hooks, or SYNCUPS_NO_HOOKS set to "
      + "anything but empty or 0, turns hooks off for a run.",
    "Hooks' standard output and standard error are appended to "
      + "$XDG_STATE_HOME/syncups/hooks.log (~/.local/state/syncups/hooks.log), a block per "
      + "run written whole when the run ends, so that runs that overlap never mix. A block "
      + "is a line '--- run N of syncups PID at TIME: EVENT PROGRAM' (N counts the runs of "
      + "the syncups process PID; TIME, in UTC, is when the run started), the run's output, "
      + "and a line '--- end of run N of syncups PID: ' followed by how it ended: 'exit "
      + "status S after T secs' (T to a tenth of a second), 'stopped after T secs, past its "
      + "limit of L', 'stopped after T secs: syncups was ending', 'stopped after T secs by "
      + "an interrupt', or, for a run that could not start, 'the hook' and why (as in the "
      + "warning).",
    "A synced team may keep hooks in the data repository, in .syncups/hooks at the top of "
      + "the git work tree that holds the data file, laid out the same way. They run after "
      + "the user's own, and only once the user has run hooks trust, which records the "
      + "directory and a SHA-256 fingerprint of its files (their names, contents and "
      + "whether they are executable) in $XDG_CONFIG_HOME/syncups/trusted-hooks.json: a "
      + "teammate's change to them, once pulled, stops them until they are trusted again. "
      + "On a terminal, hooks trust first lists every file there (its size, SHA-256 and a "
      + "program's first lines) and asks; elsewhere it needs --yes. A trust file that cannot "
      + "be read trusts nothing, is said by hooks list, and is never written over: hooks "
      + "trust and hooks untrust exit with status 65 naming it. "
      + "hooks list shows every hook and whether it would run; hooks run EVENT --sample "
      + "runs an event's hooks on the sample objects below, which speak of a made-up "
      + "sync-up, Engineering: its hooks find it in SYNCUPS_SYNCUP and in SYNCUPS_FILE, a "
      + "data file made for the run and removed after it.",
    "The events, and the object each one reads (these are the samples hooks run --sample "
      + "gives):",
  ]

  /// What the HOOKS section says of extensions.
  /// What the DATES section says before its list.
  static let datesIntroduction =
    "Every option that takes a date (--since, --date, --from, --to) reads the same forms, in "
    + "the local time zone (TZ), case and extra spaces aside. An option that wants a moment "
    + "(stats, standup and start --since) takes a day from its local midnight; one that wants "
    + "a day (updates, update and away) takes a moment's local day."

  /// The date forms, for the DATES section.
  static let dates: [(String, String)] = [
    ("2026-11-24", "That day."),
    (
      "2026-11-24T10:00",
      "A local time (a space will do for the T; seconds may follow). With Z or an offset such "
        + "as +01:00 or -0130, that moment. A local time the clocks skip when daylight saving "
        + "time starts is read with the offset before the change (02:30 is 03:30 on the new "
        + "clock); one they show twice when it ends is the later of the two."
    ),
    ("today, yesterday, tomorrow", "The day named."),
    (
      "monday ... sunday",
      "Or their first three letters (mon, fri): the nearest such day on the option's side of "
        + "today, today included: back for --since and updates --date, ahead for away and "
        + "update --date."
    ),
    ("last friday", "The latest Friday before today."),
    ("next friday", "The first Friday after today."),
    (
      "30m, 12h, 7d, 1w2d, 90",
      "A time before now: minutes, hours, days and weeks as --duration takes them (a bare "
        + "number is minutes); git's '2 weeks ago' and 3.days.ago too."
    ),
    (
      "3 months ago, 1 year",
      "This time of day so many calendar months (or twelve for a year) before today, as git "
        + "counts them."
    ),
  ]

  static let extensions: [String] = [
    "syncups NAME, where NAME is no command of syncups, runs the program syncups-NAME found "
      + "in the directories of PATH (absolute ones only), as git and gh do: the words after "
      + "NAME are its arguments, and its exit status is syncups'. The global options before "
      + "NAME are syncups' own: SYNCUPS_FILE is set to the data file in use (--file, else "
      + "SYNCUPS_FILE, else the default), SYNCUPS is the running syncups' absolute path, and "
      + "--no-hooks sets SYNCUPS_NO_HOOKS=1. syncups "
      + "help lists the extensions found, and syncups help NAME runs syncups-NAME --help. "
      + "Completion offers them among the commands. A name that is neither a command nor an extension "
      + "is a usage error, status 64."
  ]

  /// Environment variables.
  static let environment: [(String, String)] = [
    (
      "SYNCUPS",
      "Set by syncups, for the hooks and extensions it runs: its own absolute path (see HOOKS "
        + "and EXTENSIONS)."
    ),
    ("SYNCUPS_FILE", "The data file, when --file is not given."),
    (
      "SYNCUPS_NO_HOOKS",
      "When set to anything but empty or 0, no hooks run, as with --no-hooks (see HOOKS)."
    ),
    (
      "XDG_STATE_HOME",
      "Hooks' output is appended to $XDG_STATE_HOME/syncups/hooks.log. A relative path is "
        + "ignored; the default is ~/.local/state."
    ),
    (
      "XDG_DATA_HOME",
      "The data file is $XDG_DATA_HOME/syncups/sync-ups.json when neither "
        + "--file nor SYNCUPS_FILE is given. A relative path is ignored; the default is "
        + "~/.local/share."
    ),
    (
      "XDG_CONFIG_HOME",
      "Settings are kept in $XDG_CONFIG_HOME/\(AppStorage.syncUpsSettingsPath). A relative "
        + "path is ignored; the default is ~/.config."
    ),
    ("HOME", "The base of the default locations."),
    (
      LockTimeout.variable,
      "How many seconds a command that changes data waits for another syncups process to "
        + "release the data file before giving up with status 75 (a number "
        + "\(LockTimeout.rangeText); default \(LockTimeout.defaultSeconds)). The message then "
        + "says which command holds the file, with its pid, when that process still runs."
    ),
    (
      MergeDriverCommand.newerVariable,
      "For merge-driver: the side whose changes are newer, ours or theirs, which wins every "
        + "conflict the times of the changes do not decide; ours when unset."
    ),
    (
      MergeDriverCommand.timesVariable,
      "For merge-driver: when each side was committed, ours then theirs, in seconds since "
        + "1970, separated by a space (sync sets it). A change that carries no time of its own "
        + "counts at its side's commit time; unset, such changes have no time."
    ),
    (
      MergeDriverCommand.reportVariable,
      "For merge-driver: a file to which each conflict is appended as a line of JSON (see "
        + "JSON OUTPUT)."
    ),
    (
      "XDG_RUNTIME_DIR",
      "Running meetings publish their state for status in $XDG_RUNTIME_DIR/syncups (see "
        + "FILES). A relative path is ignored; unset, the state goes in the data directory."
    ),
    ("NO_COLOR", "When set to a non-empty value, --color auto prints no colour."),
    (
      "TERM",
      "When dumb, --color auto prints no colour, and start writes the meeting line by line "
        + "instead of redrawing the screen (the keys still work)."
    ),
    (
      "SYNCUPS_CLOCK",
      "When immediate, meetings run without waiting: each second passes at "
        + "once. For tests and demonstrations."
    ),
    (
      "VISUAL, EDITOR",
      "The editor update opens on a terminal without --done, --next or --blocker: VISUAL, "
        + "else EDITOR, else vi, run through /bin/sh with the file's path after it."
    ),
  ]

  /// Files.
  static let files: [(String, String)] = [
    (
      "~/.local/share/syncups/sync-ups.json",
      "The data file: a JSON array of sync-ups, "
        + "pretty-printed with sorted keys. Written atomically; new directories get mode 0700 "
        + "and new files 0600. A data file without write permission (chmod a-w) is never "
        + "replaced, not even by root, and a write that fails, on a full disk or past the "
        + "file-size limit (ulimit -f), leaves the old file and no temporary file: either way "
        + "the command exits 1. A write interrupted by kill -9 may leave a temporary "
        + ".sync-ups.json.tmp-* file beside it, which the next write removes once its process is "
        + "gone. A command that reads a data file that does not exist says so on standard "
        + "error; the change that creates one says Created and its path. An empty data file "
        + "holds no sync-ups yet, like a missing one. A stored meeting holds date, id and transcript and may hold "
        + "its record: started (when it began, written as date), scheduled (the start of the "
        + "scheduled meeting it was held for, written as date, only when it began within 2 "
        + "hours of one), duration (the seconds it "
        + "ran, pauses excluded), "
        + "plannedDuration (the sync-up's length then, in seconds), endedEarly (Bool), "
        + "facilitator (who facilitated: attendee, their id, and name), "
        + "attendees (everyone on the sync-up then, in the order they were called: id, name "
        + "and absent, a Bool) and turns (in speaking order, one a speaker: attendee, the "
        + "speaker's id; name; seconds, the time spoken; slot, the seconds the slot gave, a "
        + "skipped speaker's both before and after the skip; overtime is seconds minus slot "
        + "when positive; warned, only when the turn reached a cue, the last one: wrapUp, last "
        + "or timeUp). Meetings saved before have none of these. "
        + "A sync-up's "
        + "written updates are under updates (attendee, day as YYYY-MM-DD, written, and when "
        + "set done, next and blockers, an array of strings), one per attendee and day; an "
        + "attendee's time away under away (id, from, and when set to and note, days as "
        + "YYYY-MM-DD); its facilitator rota under facilitators, \"rotate\" or an array of "
        + "attendee ids; each key is written only when it holds something. A sync-up, an "
        + "attendee and an item may hold changed, an object giving, for each of its fields a "
        + "command changed (title, duration, theme; name; text, owner, kind), when it was last "
        + "changed, ISO 8601 in UTC: {\"title\" : \"2026-11-28T09:00:00Z\"}; an item may hold "
        + "reopened, when it was last reopened; a time away may hold changed too (from, to, "
        + "note). The merge decides conflicts by these times; "
        + "a syncups before 0.4.0 keeps them as keys it does not know. Keys syncups "
        + "does not know, on sync-ups, attendees, meetings and their records, are kept and "
        + "written back with their values (a number keeps its value, not its spelling: 1e3 "
        + "comes back as 1000), so an older syncups never strips what a newer one wrote. "
        + "The file declares its format. Format 1, which every release writes and new files "
        + "still are, is the array itself and requires nothing. Format 2, written only once "
        + "syncups migrate is run, is an object: format (2), requires (an array of the names "
        + "of the features a syncups must know to change the file), syncUps (the array) and "
        + "writtenBy (the version that last wrote it); keys it does not know are kept. "
        + "syncups 0.4.0 and later write it and keep it format 2; 0.1.0 to 0.3.0 cannot "
        + "decode it and refuse to change it. The rules: a new optional key needs no new "
        + "format, since every version keeps the keys it does not know; a change an older "
        + "version would misread adds a required feature. A syncups that meets a format newer "
        + "than it knows, or a required feature it does not know, refuses every write, merge "
        + "and sync with status 65 and this data needs a newer syncups (requires: X, Y; "
        + "written by syncups 0.9.0), naming format 3 for a format it does not know, and "
        + "changes nothing; it still reads the file, with that warning on standard error."
    ),
    ("~/.config/" + AppStorage.syncUpsSettingsPath, "The settings written by syncups config."),
    (
      "~/.config/syncups/hooks/",
      "The user's hooks ($XDG_CONFIG_HOME/syncups/hooks; see HOOKS)."
    ),
    (
      "~/.config/syncups/trusted-hooks.json",
      "The repository hooks directories trusted with hooks trust, each with the SHA-256 "
        + "fingerprint of its files then."
    ),
    (
      "~/.local/state/syncups/hooks.log",
      "Hooks' standard output and standard error, a block per run with its number, event, "
        + "program, start, exit status and duration ($XDG_STATE_HOME/syncups/hooks.log; see "
        + "HOOKS)."
    ),
    (
      "~/.config/systemd/user/syncups-remind-<id>.timer",
      "A reminder installed by remind install, and its .service beside it "
        + "($XDG_CONFIG_HOME/systemd/user): the timer's OnCalendar= comes from the sync-up's "
        + "rule less the time before, and its X-SyncUps section keeps the rule, zone and time "
        + "before it was made from, which remind status compares with the sync-up's."
    ),
    (
      ".syncups/hooks/",
      "A team's hooks, at the top of the git work tree that holds the data file; they run "
        + "only once trusted (see HOOKS)."
    ),
    (
      "$XDG_RUNTIME_DIR/syncups/<pid>.json",
      "The state a running meeting publishes for status, one file per meeting named for its "
        + "process id, mode 0600, written atomically when the speaker changes, on a pause or "
        + "the end prompt and when overtime starts, and removed when the meeting ends. Without "
        + "an absolute XDG_RUNTIME_DIR the directory is ~/.local/share/syncups/run "
        + "($XDG_DATA_HOME/syncups/run); --file and SYNCUPS_FILE do not move it. syncups "
        + "creates it with mode 0700 and refuses one that is not a directory of the user's "
        + "that only they may use: a meeting then runs without publishing, and status fails. "
        + "A file whose process is gone (a meeting killed with SIGKILL) is removed by status; "
        + "one whose pid now belongs to another process is ignored. The files' contents are "
        + "private to syncups: read status --json instead."
    ),
    (
      "$XDG_RUNTIME_DIR/syncups/<pid>.watch.<watcher>",
      "One per syncups watch following the meeting of process <pid>, removed when it quits; "
        + "the meeting counts those whose process runs ('2 watching'), and writes its state "
        + "again every 2 seconds while any runs, so that watchers tell a meeting that stopped "
        + "answering. A watched meeting leaves its last state in <pid>.ended.json as it ends; "
        + "the last of its watchers removes it."
    ),
    (
      ".gitattributes, .gitignore",
      "Written beside the data file by sync init (see TEAMS): the data file's merge driver, "
        + "and the lock and temporary files git should not track. Lines already there are kept."
    ),
    (
      ".sync-ups.json.lock",
      "A lock file beside the data file (a dot, the data file's name "
        + "and .lock). Commands that change data hold it, so two processes never lose each "
        + "other's changes. It is never deleted."
    ),
  ]

  /// Exit statuses.
  static let exitStatus: [(String, String)] = [
    ("0", "Success, including help and --version."),
    (
      "1",
      "A runtime failure: a sync-up or meeting not found, an ambiguous reference, an I/O "
        + "error (a full disk, a file past ulimit -f, a read-only data file: the data file is "
        + "left as it was), output that could not be written (a change is saved all the same). "
        + "For sync: git is not installed, the data file is not in a git repository, or the "
        + "remote cannot be reached or refuses the push (local changes stay committed and the "
        + "push is pending). For status: no meeting is running. For watch: no meeting is "
        + "running (without --wait), or the meeting's process is gone (killed) before it ended."
    ),
    (
      "64",
      "A usage error: an unknown command or option, a bad or missing value, or delete or "
        + "meeting delete without --yes when not on a terminal."
    ),
    (
      "65",
      "A data error: the data file cannot be read or decoded (it is left untouched), "
        + "an import file is invalid, or start was given a sync-up stored with less than one "
        + "second for each attendee present, or sync could not merge a teammate's data file "
        + "(the merge is aborted and the repository left as it was)."
    ),
    (
      "75",
      "The data file stayed locked by another process for too long (sync holds it while it "
        + "runs, and waits for it like any command)."
    ),
    (
      "129",
      "A meeting was ended by SIGHUP; it was saved first. Or SIGHUP came while a command "
        + "waited for its hooks (see HOOKS), after its work was done."
    ),
    (
      "130",
      "A meeting was discarded with Ctrl-C (twice on a terminal, once in a script). Or Ctrl-C "
        + "stopped the wait for hooks, after the command's work was done."
    ),
    (
      "143",
      "A meeting was ended by SIGTERM; it was saved first. Or SIGTERM came while a command "
        + "waited for its hooks, after its work was done."
    ),
  ]

  /// Examples with their explanations.
  static let examples: [ExampleSpec] = [
    ExampleSpec(
      "Add a sync-up:",
      "syncups add --title Engineering --attendee Blob --attendee 'Blob Jr' --duration 10m"),
    ExampleSpec("Run its meeting:", "syncups start engineering"),
    ExampleSpec("Print every title:", "syncups list --json | jq -r '.[].title'"),
    ExampleSpec(
      "Print each sync-up's title and number of meetings, tab-separated:",
      "syncups list --json | jq -r '.[] | [.title, (.meetings | length)] | @tsv'"),
    ExampleSpec(
      "Print the newest transcript of a sync-up:",
      "syncups show eng --json | jq -r '.meetings[0].transcript'"),
    ExampleSpec(
      "Print the minutes each attendee gets:",
      "syncups show eng --json | jq '.durationPerAttendee / 60'"),
    ExampleSpec(
      "Move data from the SyncUps app:",
      "syncups import ~/Downloads/sync-ups.json"),
    ExampleSpec(
      "Run a meeting in a script, with JSON Lines events:",
      "printf 'note Shipped it\\nsave\\n' | SYNCUPS_CLOCK=immediate syncups --json start eng"),
    ExampleSpec(
      "Share the sync-ups through a bare repository on a server, then sync:",
      "syncups sync init ssh://git.example.com/syncups.git && syncups sync"),
  ]
}
