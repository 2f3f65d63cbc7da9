#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SharedState
import SyncUpsCore
import Testing

/// The id `00000000-0000-0000-0000-0000000000NN` for `n`.
private func id(_ n: Int) -> UUID {
  let digits = String(n)
  return UUID(uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)!
}

private let opened = Date(timeIntervalSince1970: 1_790_000_000)
private let ana = Attendee(id: id(91), name: "Ana")
private let ben = Attendee(id: id(92), name: "Ben")
private let notes = Item(id: id(71), kind: .action, text: "Write the notes", opened: opened)
private let keys = Item(id: id(72), kind: .blocker, text: "Waiting on keys", opened: opened)
private let monday = Meeting(id: id(81), date: opened, transcript: "Ana: monday")
private let update = WrittenUpdate(
  attendee: ana.id, day: CalendarDay("2026-11-20")!, done: "the login page", written: opened)

/// Engineering as one side of a merge holds it.
private func engineering(
  title: String = "Engineering", attendees: IdentifiedArrayOf<Attendee> = [ana, ben],
  items: IdentifiedArrayOf<Item> = [], meetings: IdentifiedArrayOf<Meeting> = [],
  updates: IdentifiedArrayOf<WrittenUpdate> = [], unknownKeys: [String: UnknownJSON] = [:]
) -> SyncUp {
  var syncUp = SyncUp(
    id: id(1), attendees: attendees, items: items, meetings: meetings, title: title,
    unknownKeys: unknownKeys)
  syncUp.updates = updates
  return syncUp
}

@Suite("Restoring what a merge dropped")
struct SyncUpsRestoreTests {
  @Test func whatTheSourceHoldsByIDAndTheTargetLacksComesBackInItsPlace() {
    let dropped = engineering(title: "Platform", attendees: [ana], items: [keys])
    let kept = engineering(
      attendees: [ana, ben], items: [notes, keys], meetings: [monday], updates: [update],
      unknownKeys: ["mood": .string("calm")])
    let (syncUps, restored) = SyncUpsRestore.restore(into: [dropped], from: [kept])
    #expect(
      syncUps == [
        engineering(
          title: "Platform", attendees: [ana, ben], items: [notes, keys], meetings: [monday],
          updates: [update], unknownKeys: ["mood": .string("calm")])
      ])
    #expect(
      restored.map(\.path) == [
        "attendees.\(ben.id)", "items.\(notes.id)", "meetings.\(monday.id)",
        "updates.\(update.id)", "mood",
      ])
    #expect((restored[1].element as? Item)?.text == "Write the notes")
    #expect(restored[4].unknownKey?.name == "mood")
    #expect(restored.allSatisfy { $0.syncUp.id == id(1) })
  }

  @Test func valuesBothHoldStandAsTheTargetHasThemAndNothingIsRemoved() {
    var resolved = keys
    resolved.resolution = "keys arrived"
    var renamed = ben
    renamed.name = "Benjamin"
    let target = engineering(title: "Platform", attendees: [ana, renamed], items: [keys, notes])
    let source = engineering(attendees: [ana, ben], items: [resolved])
    let (syncUps, restored) = SyncUpsRestore.restore(into: [target], from: [source])
    #expect(syncUps == [target])
    #expect(restored.isEmpty)
  }

  @Test func aSyncUpTheTargetLacksComesBackWholeAsOneThing() {
    let design = SyncUp(id: id(2), attendees: [ana], items: [notes], title: "Design")
    let (syncUps, restored) = SyncUpsRestore.restore(
      into: [engineering()], from: [design, engineering()])
    #expect(syncUps.map(\.title) == ["Design", "Engineering"])
    #expect(restored.map(\.path) == [""])
    #expect((restored.first?.element as? SyncUp)?.title == "Design")
  }

  @Test func timeAwayComesBackInsideItsAttendeeNamingIt() {
    var away = ben
    away.away = [TimeAway(id: id(61), from: CalendarDay("2030-01-07")!, to: CalendarDay("2030-01-11")!)]
    let (syncUps, restored) = SyncUpsRestore.restore(
      into: [engineering()], from: [engineering(attendees: [ana, away])])
    #expect(syncUps.first?.attendees[id: ben.id]?.away.map(\.id) == [id(61)])
    #expect(restored.map(\.path) == ["attendees.\(ben.id).away.\(id(61))"])
    #expect((restored.first?.holder as? Attendee)?.name == "Ben")
  }

  @Test func onlyWhatIsWantedComesBack() {
    let source = engineering(items: [notes, keys])
    let wanted = SyncUpsRestore.Place(syncUp: id(1), path: "items.\(keys.id)")
    let (syncUps, restored) = SyncUpsRestore.restore(into: [engineering()], from: [source]) {
      $0 == wanted
    }
    #expect(syncUps.first?.items.map(\.text) == ["Waiting on keys"])
    #expect(restored.map(\.place) == [wanted])
  }

  /// Cy re-resolved Waiting on keys outside a meeting; Ana reopened it and resolved it in
  /// Monday's meeting. An older merge kept Cy's words and time with Ana's meeting.
  private struct MixedResolution {
    let cys: Item
    let anas: Item
    let mixed: Item

    init() {
      var cys = keys
      cys.resolved = opened.addingTimeInterval(7_200)
      cys.resolution = "Cy chased them"
      cys.reopened = opened.addingTimeInterval(7_100)
      var anas = keys
      anas.resolved = opened.addingTimeInterval(3_600)
      anas.resolvedIn = monday.id
      anas.resolution = "they came"
      anas.reopened = opened.addingTimeInterval(3_500)
      var mixed = cys
      mixed.resolvedIn = monday.id
      (self.cys, self.anas, self.mixed) = (cys, anas, mixed)
    }

    var sides: (IdentifiedArrayOf<SyncUp>, IdentifiedArrayOf<SyncUp>) {
      ([engineering(items: [cys])], [engineering(items: [anas], meetings: [monday])])
    }
    var merged: IdentifiedArrayOf<SyncUp> { [engineering(items: [mixed], meetings: [monday])] }
  }

  @Test func aResolutionMixedFromBothSidesIsTakenWholeAsTheSourceHoldsIt() {
    let resolution = MixedResolution()
    let ours: IdentifiedArrayOf<SyncUp> = [engineering(items: [resolution.cys], meetings: [monday])]
    let (syncUps, restored) = SyncUpsRestore.mendResolutions(
      into: resolution.merged, merged: resolution.merged, sides: resolution.sides, from: ours)
    #expect(syncUps == ours)
    #expect(syncUps.first?.items.first?.resolvedIn == nil)
    #expect(syncUps.first?.items.first?.resolution == "Cy chased them")
    #expect(restored.map(\.path) == ["items.\(keys.id).resolution"])
    #expect((restored.first?.element as? Item)?.resolutionState == resolution.cys.resolutionState)
  }

  @Test func aResolutionOneSideHeldOrChangedSinceStands() {
    let resolution = MixedResolution()
    let ours: IdentifiedArrayOf<SyncUp> = [engineering(items: [resolution.cys], meetings: [monday])]
    // The merge kept Ana's whole: nothing to put right.
    let whole: IdentifiedArrayOf<SyncUp> = [engineering(items: [resolution.anas], meetings: [monday])]
    let kept = SyncUpsRestore.mendResolutions(
      into: whole, merged: whole, sides: resolution.sides, from: ours)
    #expect(kept.syncUps == whole)
    #expect(kept.restored.isEmpty)
    // Someone reopened it since the merge: the reopen stands.
    var reopened = resolution.mixed
    (reopened.resolved, reopened.resolvedIn, reopened.resolution) = (nil, nil, nil)
    reopened.reopened = opened.addingTimeInterval(9_000)
    let now: IdentifiedArrayOf<SyncUp> = [engineering(items: [reopened], meetings: [monday])]
    let later = SyncUpsRestore.mendResolutions(
      into: now, merged: resolution.merged, sides: resolution.sides, from: ours)
    #expect(later.syncUps == now)
    #expect(later.restored.isEmpty)
  }

  @Test func wordsNeitherSideHeldAndAnItemOneSideLacksStand() {
    let resolution = MixedResolution()
    let ours: IdentifiedArrayOf<SyncUp> = [engineering(items: [resolution.cys], meetings: [monday])]
    // Someone finishing the merge by hand wrote new words: not a mix of the two sides.
    var typed = resolution.mixed
    typed.resolution = "Cy chased them; Ana confirmed"
    let byHand: IdentifiedArrayOf<SyncUp> = [engineering(items: [typed], meetings: [monday])]
    let hand = SyncUpsRestore.mendResolutions(
      into: byHand, merged: byHand, sides: resolution.sides, from: ours)
    #expect(hand.syncUps == byHand)
    #expect(hand.restored.isEmpty)
    // An item only one side holds: the merge took it from that side, or someone changed it.
    let oneSided: (IdentifiedArrayOf<SyncUp>, IdentifiedArrayOf<SyncUp>) = (
      [engineering(items: [resolution.cys])], [engineering(meetings: [monday])]
    )
    let single = SyncUpsRestore.mendResolutions(
      into: resolution.merged, merged: resolution.merged, sides: oneSided, from: ours)
    #expect(single.syncUps == resolution.merged)
    #expect(single.restored.isEmpty)
  }
}
