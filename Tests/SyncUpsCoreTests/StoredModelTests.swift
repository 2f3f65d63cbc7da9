#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
@testable import SyncUpsCore
import Testing

/// Each stored model's keys are declared once (``StoredModel/describe(_:)``); these tests walk
/// that declaration, so that a key added to it is read, written, merged and decoded by
/// `JSONDecoder` too, or a test here names what was missed.
@Suite("One declaration of each model's keys")
struct StoredModelTests {
  @Test func theDeclaredKeysAreTheFilesKeysInOrder() {
    #expect(
      SyncUp.storedKeys
        == [
          "attendees", "changed", "duration", "facilitators", "id", "items", "meetings",
          "schedule", "theme", "title", "updates",
        ])
    #expect(
      SyncUp.shownKeys
        == [
          "attendees", "changed", "duration", "durationPerAttendee", "facilitators", "id",
          "items", "meetings", "schedule", "theme", "title", "updates",
        ])
    #expect(
      Schedule.storedKeys == ["changed", "from", "moves", "revision", "rule", "skips", "zone"])
    #expect(ScheduleSkip.storedKeys == ["date", "reason"])
    #expect(ScheduleMove.storedKeys == ["date", "to"])
    #expect(Attendee.storedKeys == ["away", "changed", "gitAuthors", "id", "name", "zone"])
    #expect(TimeAway.storedKeys == ["changed", "from", "id", "note", "to"])
    #expect(
      WrittenUpdate.storedKeys == ["attendee", "blockers", "day", "done", "next", "written"])
    #expect(
      Meeting.storedKeys
        == [
          "attendees", "date", "duration", "endedEarly", "facilitator", "id", "plannedDuration",
          "scheduled", "started", "transcript", "turns",
        ])
    #expect(MeetingAttendee.storedKeys == ["absent", "id", "name"])
    #expect(Meeting.Turn.storedKeys == ["attendee", "name", "seconds", "slot", "warned"])
    #expect(
      Item.storedKeys
        == [
          "changed", "id", "kind", "opened", "openedIn", "owner", "reopened", "resolution",
          "resolved", "resolvedIn", "text",
        ])
    for keys in [
      SyncUp.shownKeys, Attendee.storedKeys, Meeting.storedKeys, MeetingAttendee.storedKeys,
      Meeting.Turn.storedKeys, Item.storedKeys, TimeAway.storedKeys, WrittenUpdate.storedKeys,
      Schedule.storedKeys, ScheduleSkip.storedKeys, ScheduleMove.storedKeys,
    ] {
      // The fast reader and writer walk the keys in the order the file sorts them.
      #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
  }

  /// Every key of a fully recorded sync-up, each with a value other than the blank's, goes
  /// through the fast writer and reader and through `Codable` and comes back equal, in the same
  /// bytes.
  @Test func everyDeclaredKeyIsWrittenAndReadBack() throws {
    let syncUps: IdentifiedArrayOf<SyncUp> = [Self.recorded]
    let data = try #require(SyncUpsFile.encodeFast(syncUps))
    #expect(data == (try SyncUpsFile.encodeWithJSONEncoder(syncUps)))
    #expect(SyncUpsFile.decodeFast(data) == syncUps)
    #expect(try SyncUpsFile.decodeWithJSONDecoder(data) == syncUps)
    var blanks = BlankFields<SyncUp>(model: Self.recorded)
    SyncUp.describe(&blanks)
    var meetingBlanks = BlankFields<Meeting>(model: Self.recorded.meetings[0])
    Meeting.describe(&meetingBlanks)
    var itemBlanks = BlankFields<Item>(model: Self.recorded.items[0])
    Item.describe(&itemBlanks)
    var awayBlanks = BlankFields<TimeAway>(model: Self.recorded.attendees[0].away[0])
    TimeAway.describe(&awayBlanks)
    var updateBlanks = BlankFields<WrittenUpdate>(model: Self.recorded.updates[0])
    WrittenUpdate.describe(&updateBlanks)
    var attendeeBlanks = BlankFields<Attendee>(model: Self.recorded.attendees[0])
    Attendee.describe(&attendeeBlanks)
    var scheduleBlanks = BlankFields<Schedule>(model: Self.recorded.schedule!)
    Schedule.describe(&scheduleBlanks)
    var skipBlanks = BlankFields<ScheduleSkip>(model: Self.recorded.schedule!.skips[0])
    ScheduleSkip.describe(&skipBlanks)
    var moveBlanks = BlankFields<ScheduleMove>(model: Self.recorded.schedule!.moves[0])
    ScheduleMove.describe(&moveBlanks)
    #expect(
      blanks.keys + meetingBlanks.keys + itemBlanks.keys + awayBlanks.keys + updateBlanks.keys
        + attendeeBlanks.keys + scheduleBlanks.keys + skipBlanks.keys + moveBlanks.keys == [])
  }

  /// A field both sides changed differently is a conflict at its path, for every field a merge
  /// takes whole (an item's resolution fields: one conflict over the resolution, when the two
  /// states differ for people), and a field one side changed takes that change.
  @Test func theMergeCoversEveryDeclaredField() {
    let variations = Variations(of: Self.recorded)
    let item = "items.\(Self.itemID)."
    #expect(
      variations.inUnits
        == [item + "reopened", item + "resolution", item + "resolved", item + "resolvedIn"])
    // Resolved both times in the same words: no conflict; resolved against open, or in other
    // words: the resolution's.
    let reported = [
      item + "reopened": [], item + "resolution": [item + "resolution"],
      item + "resolved": [item + "resolution"], item + "resolvedIn": [],
    ]
    for (key, ours, theirs) in variations.all {
      let merged = SyncUpsMerge.merge(
        base: [Self.recorded], ours: [ours], theirs: [Self.recorded], sides: .newer(nil))
      #expect(merged.syncUps == [ours], "\(key)")
      let both = SyncUpsMerge.merge(
        base: [Self.recorded], ours: [ours], theirs: [theirs], sides: .newer(.theirs))
      #expect(both.syncUps == [theirs], "\(key)")
      #expect(both.conflicts.map(\.path) == (reported[key] ?? [key]), "\(key)")
    }
    #expect(
      Variations(of: Self.recorded).all.map(\.key)
        == [
          "duration", "facilitators", "theme", "title", "meetings.\(Self.meetingID).attendees",
          "meetings.\(Self.meetingID).date", "meetings.\(Self.meetingID).duration",
          "meetings.\(Self.meetingID).endedEarly", "meetings.\(Self.meetingID).facilitator",
          "meetings.\(Self.meetingID).plannedDuration", "meetings.\(Self.meetingID).scheduled",
          "meetings.\(Self.meetingID).started", "meetings.\(Self.meetingID).transcript",
          "meetings.\(Self.meetingID).turns", "attendees.\(Self.attendeeID).name",
          "attendees.\(Self.attendeeID).zone",
          "items.\(Self.itemID).opened", "items.\(Self.itemID).openedIn",
          "items.\(Self.itemID).owner", "items.\(Self.itemID).reopened",
          "items.\(Self.itemID).resolution",
          "items.\(Self.itemID).resolved", "items.\(Self.itemID).resolvedIn",
          "items.\(Self.itemID).text", "attendees.\(Self.attendeeID).away.\(Self.awayID).from",
          "attendees.\(Self.attendeeID).away.\(Self.awayID).note",
          "attendees.\(Self.attendeeID).away.\(Self.awayID).to",
        ])
  }

  /// A field merged as a set takes what each side added, with no conflict, for every such
  /// field; and what one side added when the other changed nothing.
  @Test func aSetFieldKeepsBothSidesAdditions() {
    let variations = Variations(of: Self.recorded)
    #expect(variations.sets.map(\.key) == ["attendees.\(Self.attendeeID).gitAuthors"])
    for (key, ours, theirs, both) in variations.sets {
      let merged = SyncUpsMerge.merge(
        base: [Self.recorded], ours: [Self.recorded], theirs: [theirs], sides: .newer(nil))
      #expect(merged.syncUps == [theirs], "\(key)")
      #expect(merged.conflicts == [], "\(key)")
      for newer in [MergeSide.ours, .theirs] {
        let result = SyncUpsMerge.merge(
          base: [Self.recorded], ours: [ours], theirs: [theirs], sides: .newer(newer))
        #expect(result.syncUps == [both], "\(key)")
        #expect(result.conflicts == [], "\(key)")
      }
    }
  }

  /// A written update is merged whole: whichever of its fields both sides changed
  /// differently, the one conflict is the update's, and the one written last is kept (ours
  /// when both were written at once and no side is newer).
  @Test func anUpdateBothSidesChangedIsOneConflictKeepingTheOneWrittenLast() {
    let update = Self.recorded.updates[0]
    var walk = Variations.Walk<WrittenUpdate>(model: update, prefix: "")
    WrittenUpdate.describe(&walk)
    #expect(walk.variations.map(\.key) == ["attendee", "blockers", "day", "done", "next", "written"])
    // Changing the attendee or the day makes another update: both sides added one.
    for (key, ours, theirs) in walk.variations where key != "attendee" && key != "day" {
      var (oursSyncUp, theirsSyncUp) = (Self.recorded, Self.recorded)
      oursSyncUp.updates[id: update.id] = ours
      theirsSyncUp.updates[id: update.id] = theirs
      let merged = SyncUpsMerge.merge(
        base: [Self.recorded], ours: [oursSyncUp], theirs: [theirsSyncUp], sides: .newer(nil))
      let kept = key == "written" ? theirs : ours
      #expect(merged.syncUps[0].updates == [kept], "\(key)")
      #expect(merged.conflicts.map(\.path) == ["updates.\(update.id)"], "\(key)")
    }
  }

  /// An item's kind has two values, so no two sides change it differently: one side's change
  /// is taken.
  @Test func oneSidesChangeOfAnItemsKindIsTaken() {
    var ours = Self.recorded
    ours.items[0].kind = .action
    let merged = SyncUpsMerge.merge(
      base: [Self.recorded], ours: [Self.recorded], theirs: [ours], sides: .newer(nil))
    #expect(merged.syncUps == [ours])
    #expect(merged.conflicts == [])
  }

  static let attendeeID = UUID(uuidString: "00000000-0000-0000-0000-000000000091")!
  static let meetingID = UUID(uuidString: "00000000-0000-0000-0000-000000000081")!
  static let itemID = UUID(uuidString: "00000000-0000-0000-0000-000000000071")!
  static let awayID = UUID(uuidString: "00000000-0000-0000-0000-000000000061")!

  /// ``recorded`` with an attendee away and an update written, every key of each held.
  static let recorded: SyncUp = {
    var syncUp = recordedBeforeUpdates
    syncUp.changed["title"] = Date(timeIntervalSince1970: 1_234_560_000)
    syncUp.attendees[0].changed["name"] = Date(timeIntervalSince1970: 1_234_560_060)
    syncUp.items[0].changed["text"] = Date(timeIntervalSince1970: 1_234_560_120)
    syncUp.items[0].reopened = Date(timeIntervalSince1970: 1_234_560_180)
    syncUp.attendees[0].away = [
      TimeAway(
        id: awayID, from: CalendarDay("2009-02-16")!, to: CalendarDay("2009-02-20")!,
        note: "holiday")
    ]
    syncUp.attendees[0].away[0].changed["to"] = Date(timeIntervalSince1970: 1_234_560_240)
    syncUp.updates = [
      WrittenUpdate(
        attendee: attendeeID, day: CalendarDay("2009-02-13")!, done: "the login page",
        next: "the signup page", blockers: ["waiting on API keys", "no review"],
        written: Date(timeIntervalSince1970: 1_234_560_000))
    ]
    var schedule = Schedule(
      rule: try! ScheduleRule(parsing: "every 2 weeks on mon,thu 09:30"), zone: "Europe/Berlin",
      from: CalendarDay("2009-02-09")!)
    schedule.addSkip(ScheduleSkip(date: CalendarDay("2009-02-16")!, reason: "holiday"))
    schedule.addMove(
      ScheduleMove(date: CalendarDay("2009-02-19")!, to: Date(timeIntervalSince1970: 1_235_050_000)))
    schedule.changed["zone"] = Date(timeIntervalSince1970: 1_234_560_300)
    syncUp.schedule = schedule
    syncUp.facilitators = .listed([attendeeID])
    syncUp.meetings[0].facilitator = Meeting.Facilitator(attendee: attendeeID, name: "Blob")
    return syncUp
  }()

  /// A sync-up with one attendee, one meeting holding every key of its record, and one item
  /// holding every key.
  static let recordedBeforeUpdates = SyncUp(
    id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
    attendees: [
      {
        var blob = Attendee(id: attendeeID, name: "Blob", gitAuthors: ["blob@example.com", "Blob B"])
        blob.zone = "Asia/Kolkata"
        return blob
      }()
    ],
    duration: 600,
    items: [
      Item(
        id: itemID, kind: .blocker, text: "waiting on API keys", owner: attendeeID,
        opened: Date(timeIntervalSince1970: 1_234_500_000), openedIn: meetingID,
        resolved: Date(timeIntervalSince1970: 1_234_567_000), resolvedIn: meetingID,
        resolution: "they came")
    ],
    meetings: [
      Meeting(
        id: meetingID, date: Date(timeIntervalSince1970: 1_234_567_890),
        transcript: "Blob: shipped it", started: Date(timeIntervalSince1970: 1_234_567_290),
        scheduled: Date(timeIntervalSince1970: 1_234_567_200), duration: 590, plannedDuration: 600,
        endedEarly: true,
        attendees: [MeetingAttendee(id: attendeeID, name: "Blob", absent: true)],
        turns: [Meeting.Turn(attendee: attendeeID, name: "Blob", seconds: 590, slot: 600)])
    ],
    theme: .navy,
    title: "Engineering")
}

/// Lists the keys whose value in `model` is the blank model's: a fixture that leaves a key
/// blank proves nothing about it.
private struct BlankFields<Model: StoredModel>: ModelSchema {
  typealias Failure = Never
  let model: Model
  var keys: [String] = []

  mutating func field<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
  ) {
    if model[keyPath: path] == Model.blank[keyPath: path] { keys.append("\(key)") }
  }

  mutating func optional<Value: StoredValue>(
    _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
  ) {
    if model[keyPath: path] == nil { keys.append("\(key)") }
  }
}

/// For each field a merge takes whole (of a sync-up, its first meeting and its first
/// attendee), two copies of a sync-up with that field changed two ways, and the field's path.
private struct Variations {
  var all: [(key: String, ours: SyncUp, theirs: SyncUp)] = []
  /// The keys merged as one with others (``FieldRule/partOf(_:)``).
  var inUnits: [String] = []
  /// Each field merged as a set (``FieldRule/set``): one element added on our side, another
  /// on theirs, and both added.
  var sets: [(key: String, ours: SyncUp, theirs: SyncUp, both: SyncUp)] = []

  init(of syncUp: SyncUp) {
    var top = Walk<SyncUp>(model: syncUp, prefix: "")
    SyncUp.describe(&top)
    all += top.variations
    inUnits += top.inUnits
    sets += top.sets
    add(of: syncUp.meetings[0], in: syncUp, at: \.meetings, key: "meetings")
    add(of: syncUp.attendees[0], in: syncUp, at: \.attendees, key: "attendees")
    add(of: syncUp.items[0], in: syncUp, at: \.items, key: "items")
    let attendee = syncUp.attendees[0]
    add(
      of: attendee.away[0], in: syncUp, at: \.attendees[id: attendee.id]!.away,
      key: "attendees.\(attendee.id).away")
  }

  /// Adds the variations of `element`, one of the models in `syncUp`'s list at `list`.
  private mutating func add<Element: StoredModel & Identifiable>(
    of element: Element, in syncUp: SyncUp,
    at list: WritableKeyPath<SyncUp, IdentifiedArrayOf<Element>>, key: String
  ) where Element.ID == UUID {
    var walk = Walk<Element>(model: element, prefix: "\(key).\(element.id).")
    Element.describe(&walk)
    inUnits += walk.inUnits
    func placed(_ element: Element) -> SyncUp {
      var placed = syncUp
      placed[keyPath: list][id: element.id] = element
      return placed
    }
    all += walk.variations.map { key, ours, theirs in (key, placed(ours), placed(theirs)) }
    sets += walk.sets.map { key, ours, theirs, both in
      (key, placed(ours), placed(theirs), placed(both))
    }
  }

  struct Walk<Model: StoredModel>: ModelSchema {
    typealias Failure = Never
    let model: Model
    let prefix: String
    var variations: [(key: String, ours: Model, theirs: Model)] = []
    var inUnits: [String] = []
    var sets: [(key: String, ours: Model, theirs: Model, both: Model)] = []

    mutating func field<Value: StoredValue>(
      _ key: StaticString, _ path: WritableKeyPath<Model, Value>, _ rule: FieldRule<Value>
    ) {
      // A kind has no second change (see oneSidesChangeOfAnItemsKindIsTaken).
      guard case .value = rule.merge, Value.self != Item.Kind.self else { return }
      var (ours, theirs) = (model, model)
      ours[keyPath: path] = changed(model[keyPath: path], 1)
      theirs[keyPath: path] = changed(model[keyPath: path], 2)
      variations.append((prefix + "\(key)", ours, theirs))
      if rule.unit != nil { inUnits.append(prefix + "\(key)") }
    }

    mutating func optional<Value: StoredValue>(
      _ key: StaticString, _ path: WritableKeyPath<Model, Value?>, _ rule: FieldRule<Value>
    ) {
      if case .set = rule.merge, let value = model[keyPath: path] {
        var (ours, theirs, both) = (model, model, model)
        ours[keyPath: path] = changed(value, 1)
        theirs[keyPath: path] = changed(value, 2)
        both[keyPath: path] = changed(changed(value, 1), 2)
        sets.append((prefix + "\(key)", ours, theirs, both))
      }
      guard case .value = rule.merge, let value = model[keyPath: path] else { return }
      // Changed here, removed there: a Bool has no second change.
      var (ours, theirs) = (model, model)
      ours[keyPath: path] = changed(value, 1)
      theirs[keyPath: path] = nil
      variations.append((prefix + "\(key)", ours, theirs))
      if rule.unit != nil { inUnits.append(prefix + "\(key)") }
    }

    /// `value` changed, differently for each `step`.
    private func changed<Value: StoredValue>(_ value: Value, _ step: Int) -> Value {
      let result: Any =
        switch value {
        case let value as String: value + String(repeating: "!", count: step)
        case let value as Int: value + step
        case let value as Bool: !value
        case let value as Date: value.addingTimeInterval(Double(step) * 60)
        case let value as Theme: Theme.allCases[(value.index + step) % Theme.allCases.count]
        case let value as CalendarDay: value.adding(days: step)
        case let value as TextList: TextList(value.texts + Array(repeating: "more", count: step))
        case let value as UUID:
          UUID(uuidString: String(value.uuidString.dropLast(2)) + "F\(step)")!
        case let value as [MeetingAttendee]: Array(repeating: value[0], count: step + 1)
        case let value as [Meeting.Turn]: Array(repeating: value[0], count: step + 1)
        case let value as GitAuthors: value + ["blob\(step)@example.com"]
        case let value as FacilitatorRota:
          switch value {
          case .rotate: FacilitatorRota.listed(Array(repeating: StoredModelTests.attendeeID, count: step))
          case .listed(let ids):
            FacilitatorRota.listed(ids + Array(repeating: StoredModelTests.attendeeID, count: step))
          }
        case let value as Meeting.Facilitator:
          Meeting.Facilitator(
            attendee: value.attendee, name: value.name + String(repeating: "!", count: step))
        default: preconditionFailure("no change for \(Value.self)")
        }
      return result as! Value
    }
  }
}

extension Theme {
  fileprivate var index: Int { Theme.allCases.firstIndex(of: self)! }
}
