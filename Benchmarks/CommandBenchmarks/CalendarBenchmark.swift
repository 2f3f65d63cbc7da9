import BenchmarkSupport
import Foundation
import SharedState
import SyncUpsCore

/// `calendar` of every sync-up of the large set, each scheduled, against `list` on the same
/// file, the data set N1 times `next` on (I1): reading the file is the same work, and writing
/// a recurring event and its exceptions for each sync-up, and a zone's changes over ten years,
/// must stay within twice it.
func calendarRow(syncups: String, file: String, environment: [String: String]) -> BenchmarkRow {
  let list = measure([syncups, "--file", file, "list"], environment: environment)
  let calendar = measure([syncups, "--file", file, "calendar"], environment: environment)
  let ratio = calendar.seconds / list.seconds
  return BenchmarkRow(
    id: "I1", workload: "calendar vs list, large, every sync-up scheduled",
    measured: "\(format(ns: calendar.seconds * 1e9)) vs \(format(ns: list.seconds * 1e9)) "
      + "(\(format(ratio: ratio)))",
    target: "≤ 2×", met: ratio <= 2)
}
