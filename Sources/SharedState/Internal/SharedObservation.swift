import Observation
import Synchronization

/// How a root storage takes part in Observation, so that `withObservationTracking` around a read
/// of a `Shared` or `SharedReader` is told when that value changes.
///
/// One registrar per root storage; derived references read and write through their root's.
/// What it costs where nobody observes: a read through `wrappedValue` asks the registrar whether
/// a tracking is recording it (one call, no allocation); a write checks one process-wide flag.
/// The flag is set the first time any tracking records or installs a read of any shared value
/// (the registrar hashes the key path it records, and ``ObservationProbe`` notices that), and
/// from then on writes tell the registrar, which costs about what an `@Observable` property's
/// write costs.
///
/// What a tracking is told about, by what it read:
/// - the whole value (or a member, or a `read { }` transform of it): every change;
/// - one element of an identified array that is the storage's whole value, `$items[id: k]` (and
///   members of it): a change written through that element's `Shared`, and any change not
///   written through one element (a write to the whole array, a value loaded or changed
///   outside); not a write through another element's `Shared`. An element of an array that is
///   a member of the value (`$state.items[id: k]`) is observed as the whole value.
///
/// Observers are told after the value has changed, so an `onChange` that reads it sees the new
/// value; they are told under the storage's lock, as `values` is, so an `onChange` must not wait
/// for another thread that uses the same storage.
///
/// A class, so that a reference holds it by pointer: the registrar's size is not known to this
/// module, and copying a value that holds one goes through its type's metadata on every read.
final class SharedObservation: @unchecked Sendable {  // its key path is immutable
  private let registrar = ObservationRegistrar()
  /// ``ObservedSharedValue/anyChange``, kept here so a read loads it rather than checking that
  /// the static was made.
  private let anyChange = ObservedSharedValue.anyChange
  private let subject = ObservedSharedValue.shared

  /// Records a read of the whole value, for a tracking in progress.
  @inline(__always)
  func accessValue() {
    registrar.access(subject, keyPath: anyChange)
    if observationIsInUse.load(ordering: .relaxed) {
      registrar.access(subject, keyPath: \.elementChange)
    }
  }

  /// Records a read of one element, for a tracking in progress.
  @inline(__always)
  func accessElement(_ element: some ObservedElement) {
    registrar.access(subject, keyPath: anyChange)
    if observationIsInUse.load(ordering: .relaxed) {
      registrar.access(subject, keyPath: element.observationKeyPath)
    }
  }

  /// Tells the trackings of this storage about `change`; call once per change, after it.
  @inline(__always)
  func didChange(_ change: SharedChange) {
    if observationIsInUse.load(ordering: .relaxed) { notify(change) }
  }

  private func notify(_ change: SharedChange) {
    switch change {
    case .value:
      registrar.withMutation(of: subject, keyPath: anyChange) {}
    case .element(let element):
      registrar.withMutation(of: subject, keyPath: \.elementChange) {}
      registrar.withMutation(of: subject, keyPath: element.observationKeyPath) {}
    }
  }
}

/// What a write changed, for Observation: see ``SharedObservation``.
enum SharedChange {
  /// The value as a whole (a write not made through one element's `Shared`).
  case value
  /// One element of an identified array, written through its `Shared`.
  case element(any ObservedElement)
}

/// A reference to one element, which names that element to the registrar.
protocol ObservedElement: AnyObject {
  /// The key a read of this element is recorded under; the same for every reference to the
  /// element with the same id in the same storage.
  var observationKeyPath: KeyPath<ObservedSharedValue, Void> { get }
}

/// The subject the registrars' key paths are rooted in. The registrar (one per storage) tells
/// storages apart; the key paths tell apart what of a storage's value was read.
final class ObservedSharedValue: Observable, Sendable {
  static let shared = ObservedSharedValue()

  /// Read by every tracked read; written by every change not made through one element. (A key
  /// path is immutable, though not declared `Sendable`.)
  nonisolated(unsafe) static let anyChange: KeyPath<ObservedSharedValue, Void> = \.[anyChange: ObservationProbe()]

  subscript(anyChange probe: ObservationProbe) -> Void { () }
  /// Read by a tracked read of the whole value; written by every change to one element.
  var elementChange: Void { () }
  /// Read and written for one element, by id.
  subscript(element id: AnyHashable) -> Void { () }
}

/// Whether any tracking has recorded a read of a shared value in this process: until then,
/// writes tell no registrar. Never cleared.
private let observationIsInUse = Atomic<Bool>(false)

/// The argument of ``ObservedSharedValue/anyChange``: the registrar hashes it when a tracking
/// records or installs a read, and only then, which is how writes learn that someone may observe.
final class ObservationProbe: Hashable, Sendable {
  static func == (lhs: ObservationProbe, rhs: ObservationProbe) -> Bool { lhs === rhs }

  func hash(into hasher: inout Hasher) {
    observationIsInUse.store(true, ordering: .relaxed)
    hasher.combine(ObjectIdentifier(self))
  }
}
