#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

extension CommandTable {
  /// `edit --facilitators`.
  static let facilitatorsOption = OptionSpec(
    long: "facilitators", valueName: "rotate|names",
    help: "Give the meetings a facilitator in turn: rotate (every attendee, in list order, "
      + "new attendees too) or the attendees named, comma-separated (\"Ana,Ben,Cy\"), in that "
      + "order; shown by start, next, calendar and standup.",
    completion: .choices([FacilitatorRota.rotateWord]))

  /// `edit --no-facilitators`.
  static let noFacilitatorsOption = OptionSpec(
    long: "no-facilitators", help: "Remove the facilitator rota.")

  /// `start --facilitator`.
  static let facilitatorOption = OptionSpec(
    long: "facilitator", valueName: "name-or-id",
    help: "Have this attendee facilitate, for this meeting only (default: the next on the "
      + "rota set with 'edit --facilitators').",
    completion: .attendee)
}

extension ValueParser {
  /// `--facilitators`: `rotate`, or names or ids separated by commas, none blank.
  static func facilitators(
    _ text: String, for name: String, path: [String]
  ) throws(UsageError) -> FacilitatorsEdit {
    if text.trimmingWhitespace.lowercased() == FacilitatorRota.rotateWord { return .rotate }
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0).trimmingWhitespace
    }
    guard !names.contains(where: { $0.isEmpty }) else {
      throw UsageError(
        "'\(name)' takes rotate or attendees' names separated by commas, not "
          + "'\(sanitize(text))'", path: path)
    }
    return .names(names)
  }
}

extension CommandContext {
  /// The rota `edit` asks for among `attendees` (the sync-up's once its attendee changes are
  /// made): nil for `--no-facilitators`. Fails with status 64 when a name names nobody, or
  /// one attendee twice.
  func rota(
    _ edit: FacilitatorsEdit, among attendees: IdentifiedArrayOf<Attendee>, of syncUp: SyncUp
  ) throws -> FacilitatorRota? {
    switch edit {
    case .rotate: return .rotate
    case .removed: return nil
    case .names(let names):
      var ids: [UUID] = []
      for name in names {
        let attendee = try attendee(name, in: attendees, of: syncUp, status: .usage)
        guard !ids.contains(attendee.id) else {
          throw CommandFailure(
            "--facilitators names \(UserText.attendee(attendee)) twice", status: .usage)
        }
        ids.append(attendee.id)
      }
      return .listed(ids)
    }
  }
}
