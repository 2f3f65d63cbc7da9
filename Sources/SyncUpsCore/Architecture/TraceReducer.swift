import SharedState

/// A reducer that writes each action it receives and the change it made to the state — shared
/// state included — to an output: what `--trace` prints.
///
/// ```swift
/// let reducer = SyncUpsList().trace { print($0, to: &standardError) }
/// ```
///
/// The output for one action:
///
/// ```
/// received action:
///   Counter.Action.incrementTapped
///   Counter.State(
/// −   count: 0
/// +   count: 1
///   )
/// ```
///
/// Changes the reducer made to shared values outside its state follow, each under its name.
/// Every value is compared as it was just before and just after the action, so a shared value
/// changed by an earlier action never shows up again.
public struct TraceReducer<Base: Reducer>: Reducer {
  let base: Base
  let write: @Sendable (String) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = valueDump(state)
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    let effect = tracker.track { base.reduce(into: &state, action: action) }
    let after = valueDump(state)

    var lines = ["received action:", indent(valueDump(action))]
    if let difference = lineDiff(from: before, to: after) {
      lines.append(difference)
    } else {
      lines.append("  (No state changes)")
    }
    let inState = Set(sharedSnapshot(of: state).storages.map(ObjectIdentifier.init))
    for change in tracker.recordedChanges where !inState.contains(ObjectIdentifier(change.root)) {
      if let difference = valueDiff(change.snapshot, change.current()) {
        lines.append("  \(change.label):")
        lines.append(difference)
      }
    }
    write(lines.joined(separator: "\n") + "\n")
    return effect
  }
}

extension Reducer {
  /// Writes each action and the state change it caused to `write` (see ``TraceReducer``).
  public func trace(to write: @escaping @Sendable (String) -> Void) -> TraceReducer<Self> {
    TraceReducer(base: self, write: write)
  }
}

private func indent(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
}
