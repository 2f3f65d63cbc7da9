import BenchmarkSupport
import Foundation
import SharedState
import SyncUpsCore

/// `calendar` of every sync-up of the large set, each scheduled, against `list` on the same
/// file, the data set N1 times `next` on (I1): reading the file is the same work, and writing
/// a recurring event and its exceptions for each sync-up, and a zone's changes over ten years,
/// must stay within twice it.
func calendarRow(syncups: String, file: String, environment: [String: String]) -> BenchmarkRow {
  let calendar = Comparison(
    [syncups, "--file", file, "calendar"], against: [syncups, "--file", file, "list"],
    environment: environment)
  return BenchmarkRow(
    id: "I1", workload: "calendar vs list, large, every sync-up scheduled",
    measured: calendar.text, target: "≤ 2×", met: calendar.ratio <= 2)
}
