import Synchronization
/// Records the value of each shared storage just before its first change while tracking is on,
/// so that a test can compare a shared value's old and new states even though every copy of a
/// `Shared` refers to the same storage.
///
/// ```swift
/// let tracker = SharedChangeTracker()
/// tracker.track { $count.withLock { $0 += 1 } }
/// tracker.assert {
///   #expect($count != $count)        // the value before the change against the value now
///   $count.withLock { $0 = 1 }       // the expected change, made to the value before it
///   #expect($count == $count)        // asserted
/// }
/// ```
///
/// A tracker released with changes nobody asserted (by comparing a `Shared` with itself in
/// ``assert(_:)``, with `Shared.assert(_:)` or by ``accept(_:)``) reports each of them as an
/// issue, as `Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1`, unless it was made
/// with `reportUnassertedChanges: false`.
public final class SharedChangeTracker: @unchecked Sendable {
  /// One storage that changed while tracking.
  public struct Change: @unchecked Sendable {
    /// The storage, for identity.
    public let root: AnyObject
    /// The storage's description, e.g. `Shared<Int>` or `.inMemory("count")`.
    public let label: String
    /// The value before the first change.
    public let snapshot: Any
    /// Reads the value now.
    public let current: () -> Any

    /// `Shared<Int>(value: 1)` for a value of its own, `Shared<Int>(.inMemory("count"))` for a
    /// keyed one.
    func sharedDescription(current: Any) -> String {
      let type = "Shared<\(readableTypeName(Swift.type(of: snapshot)))>"
      guard label.hasPrefix(".") else { return "\(type)(value: \(String(reflecting: current)))" }
      return "\(type)(\(label))"
    }
  }

  private let lock = RecursiveLock()
  private var changes: [ObjectIdentifier: Change] = [:]
  private var order: [ObjectIdentifier] = []
  private let reportsUnassertedChanges: Bool

  /// Creates a tracker that has recorded nothing. When `reportUnassertedChanges` (by default,
  /// in tests) it reports the changes still unasserted when it is released.
  public init(reportUnassertedChanges: Bool = DependencyContext.detected == .test) {
    self.reportsUnassertedChanges = reportUnassertedChanges
    LiveTrackers.add(self)
  }

  deinit {
    guard reportsUnassertedChanges else { return }
    for change in order.compactMap({ changes[$0] }) {
      let current = change.current()
      reportIssue(
        "Tracked unasserted changes to '\(change.sharedDescription(current: current))': "
          + "\(String(reflecting: change.snapshot)) → \(String(reflecting: current))")
    }
  }

  /// Runs `body` with every storage this tracker saw change answering with its value from
  /// before the change: reads see that value and writes change it (the real storage is
  /// untouched), so `body` can make the expected change to the old value. Comparing a `Shared`
  /// with itself (`$count == $count`) compares that old value with the value now, and counts
  /// the change as asserted.
  public func assert<R>(_ body: () throws -> R) rethrows -> R {
    var context = SharedChangeTracking.context
    context.overlay = SharedOverlay(
      lock.withLock {
        Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.value.snapshot) })
      })
    context.asserting = self
    return try SharedChangeTracking.with(context, operation: body)
  }

  /// Adds the changes `other` recorded for storages this tracker has not seen change, as if they
  /// had been made while this tracker was tracking.
  public func adopt(_ changes: [Change]) {
    lock.withLock {
      for change in changes {
        let id = ObjectIdentifier(change.root)
        guard self.changes[id] == nil else { continue }
        self.changes[id] = change
        order.append(id)
      }
    }
  }

  /// Runs `operation` with this tracker recording the shared changes made by it and by the
  /// tasks it starts.
  public func track<R>(_ operation: () throws -> R) rethrows -> R {
    var context = SharedChangeTracking.context
    context.tracker = self
    return try SharedChangeTracking.with(context, operation: operation)
  }

  /// The asynchronous form of ``track(_:)-(()->R)``.
  public func track<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    var context = SharedChangeTracking.context
    context.tracker = self
    return try await SharedChangeTracking.with(context, operation: operation)
  }

  /// The storages changed since tracking began (or since they were last accepted), in the order
  /// they first changed.
  public var recordedChanges: [Change] {
    lock.withLock { order.compactMap { changes[$0] } }
  }

  /// Whether any shared storage changed.
  public var hasChanges: Bool { lock.withLock { !changes.isEmpty } }

  /// Forgets the recorded changes of the given storages (all when nil): their current values
  /// become the baseline for the next change.
  public func accept(_ roots: [AnyObject]? = nil) {
    lock.withLock {
      guard let roots else {
        changes.removeAll()
        order.removeAll()
        return
      }
      for root in roots {
        changes[ObjectIdentifier(root)] = nil
      }
      order.removeAll { changes[$0] == nil }
    }
  }

  /// The recorded change of one storage, if it changed.
  func change(of root: AnyObject) -> Change? {
    lock.withLock { changes[ObjectIdentifier(root)] }
  }

  func record(_ root: AnyObject, label: String, snapshot: () -> Any, current: @escaping () -> Any) {
    lock.withLock {
      let id = ObjectIdentifier(root)
      guard changes[id] == nil else { return }
      changes[id] = Change(root: root, label: label, snapshot: snapshot(), current: current)
      order.append(id)
    }
  }
}

/// Scratch values standing in for shared storages while an expectation is written: reads of
/// those storages see the scratch value, writes change it, and the real storage is untouched.
final class SharedOverlay: @unchecked Sendable {
  private let lock = RecursiveLock()
  private var values: [ObjectIdentifier: Any]

  init(_ values: [ObjectIdentifier: Any]) { self.values = values }

  func read<Value, R>(_ root: AnyObject, as: Value.Type, _ body: (Value) throws -> R) rethrows -> R? {
    try lock.withLock {
      guard let value = values[ObjectIdentifier(root)] as? Value else { return nil }
      return try body(value)
    }
  }

  func modify<Value, R>(_ root: AnyObject, as: Value.Type, _ body: (inout Value) throws -> R) rethrows -> R? {
    try lock.withLock {
      let id = ObjectIdentifier(root)
      guard var value = values[id] as? Value else { return nil }
      values[id] = nil  // keep `value` uniquely referenced while it is mutated
      defer { values[id] = value }
      return try body(&value)
    }
  }
}

enum SharedChangeTracking {
  struct Context: Sendable {
    var tracker: SharedChangeTracker?
    var overlay: SharedOverlay?
    /// The tracker whose ``SharedChangeTracker/assert(_:)`` is running.
    var asserting: SharedChangeTracker?
  }

  /// `lhs == rhs` for two `Shared`s while a tracker asserts: one compared with itself (the same
  /// place in the same storage) compares its value before the change with its value now, and
  /// the change counts as asserted; any others compare their values as they read.
  static func areEqual<Value: Equatable>(
    _ lhs: some SharedReference<Value>, _ rhs: some SharedReference<Value>
  ) -> Bool? {
    let context = context
    guard let tracker = context.asserting, location(of: lhs) == location(of: rhs) else {
      return nil
    }
    tracker.accept([lhs.root])
    let before = lhs.read { $0 }
    var outside = context
    outside.overlay = nil
    let now = with(outside) { rhs.read { $0 } }
    return before == now
  }

  /// Inside ``SharedChangeTracker/assert(_:)``, a diff of a shared value with itself
  /// (`valueDiff($count, $count)`) shows its change: `old` is dumped as it was before (as any
  /// read inside `assert` sees it), and this gives the dump of `new` as it is now. Nil
  /// otherwise.
  static func dumpNow(_ old: Any, _ new: Any) -> String? {
    let context = context
    guard context.asserting != nil,
      let lhs = (old as? any SharedDumpValue)?.dumpedReference,
      let rhs = (new as? any SharedDumpValue)?.dumpedReference,
      location(of: lhs) == location(of: rhs)
    else { return nil }
    var outside = context
    outside.overlay = nil
    return with(outside) { valueDump(new) }
  }

  /// The root storage and the way from it to `reference`'s value, to tell two references to
  /// the same place apart from two to different places in one storage.
  private static func location(of reference: any SharedReference) -> [AnyHashable] {
    switch reference {
    case let derived as any KeyPathDerivedReference:
      return location(of: derived.baseReader) + [derived.erasedKeyPath]
    case let unwrapped as any UnwrappingReference:
      return location(of: unwrapped.baseReader) + ["!"]
    case let element as any IdentifiedElementReference:
      return location(of: element.baseReader) + [element.elementID]
    default:
      return [ObjectIdentifier(reference.root)]
    }
  }

  /// The tracking of the task running now: what a test's tracker or overlay has set, else none.
  /// Until one is first set, nothing reads the task-local value: every read and write of every
  /// shared value asks for it, and a program that never tracks pays nothing for it.
  static var context: Context {
    hasBeenSet.load(ordering: .acquiring) ? stored : Context()
  }

  /// Runs `operation` with `context` as the tracking of the task and the tasks it starts.
  static func with<R>(_ context: Context, operation: () throws -> R) rethrows -> R {
    hasBeenSet.store(true, ordering: .releasing)
    return try $stored.withValue(context, operation: operation)
  }

  /// The asynchronous form of ``with(_:operation:)``.
  static func with<R>(
    _ context: Context, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    hasBeenSet.store(true, ordering: .releasing)
    return try await $stored.withValue(context, operation: operation)
  }

  private static let hasBeenSet = Atomic(false)
  @TaskLocal private static var stored = Context()
}

extension KeyPathDerivedReference {
  var erasedKeyPath: AnyKeyPath { valueKeyPath }
}

/// A reference to one element of an identified array, told apart by the element's id.
protocol IdentifiedElementReference: DerivedReaderReference {
  var elementID: AnyHashable { get }
}

extension ElementReference: IdentifiedElementReference {
  var elementID: AnyHashable { AnyHashable(id) }
}

/// `Int?` for `Optional<Int>`, as a person writes the type.
private func readableTypeName(_ type: Any.Type) -> String {
  var name = String(describing: type)
  var suffix = ""
  while name.hasPrefix("Optional<"), name.hasSuffix(">") {
    name = String(name.dropFirst("Optional<".count).dropLast())
    suffix += "?"
  }
  return name + suffix
}

/// A root storage (the owner of a value, not a derived view of one).
protocol RootReference: AnyObject, Sendable {
  var label: String { get }
  /// The value now, ignoring any overlay.
  func currentValue() -> Any
}

/// The values of the shared storages reachable from some value, taken at one moment.
///
/// A test store takes one before each action, and writes the test's expected state against it
/// with ``withSharedValues(_:operation:)``.
public struct SharedSnapshot: @unchecked Sendable {
  let values: [ObjectIdentifier: Any]
  let roots: [AnyObject]

  /// The storages in the snapshot.
  public var storages: [AnyObject] { roots }
}

/// Takes a ``SharedSnapshot`` of every shared storage reachable from `value` (through its
/// stored properties, enum payloads and collections; a `Shared`'s own value is not searched).
public func sharedSnapshot(of value: Any) -> SharedSnapshot {
  var values: [ObjectIdentifier: Any] = [:]
  var roots: [AnyObject] = []
  var visited: Set<ObjectIdentifier> = []
  func visit(_ value: Any, depth: Int) {
    guard depth < 64 else { return }
    if let holder = value as? any SharedRootHolder {
      let root = holder.sharedRoot
      let id = ObjectIdentifier(root)
      if values[id] == nil {
        values[id] = root.currentValue()
        roots.append(root)
      }
      return
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class {
      let id = ObjectIdentifier(value as AnyObject)
      guard visited.insert(id).inserted else { return }
    }
    if mirror.displayStyle == nil && mirror.children.isEmpty { return }
    for child in mirror.children { visit(child.value, depth: depth + 1) }
    var superclass = mirror.superclassMirror
    while let parent = superclass {
      for child in parent.children { visit(child.value, depth: depth + 1) }
      superclass = parent.superclassMirror
    }
  }
  visit(value, depth: 0)
  return SharedSnapshot(values: values, roots: roots)
}

/// Runs `operation` with the storages in `snapshot` answering with their snapshot values: reads
/// see them and writes change a scratch copy, never the real storage. Used to build a test's
/// expected state from the state before an action.
public func withSharedValues<R>(_ snapshot: SharedSnapshot, operation: () throws -> R) rethrows -> R {
  var context = SharedChangeTracking.context
  context.overlay = SharedOverlay(snapshot.values)
  return try SharedChangeTracking.with(context, operation: operation)
}

/// Something holding a reference to a shared storage: `Shared` and `SharedReader`.
protocol SharedRootHolder {
  var sharedRoot: any RootReference { get }
}

extension Shared: SharedRootHolder {
  var sharedRoot: any RootReference { reference.root as! any RootReference }
}

extension SharedReader: SharedRootHolder {
  var sharedRoot: any RootReference { reference.root as! any RootReference }
}


extension Shared {
  /// In a test that tracks shared changes (a test store does), asserts how this shared value
  /// changed since its changes were last asserted: `expectation` mutates the value it had
  /// then, and the result must equal its value now. Then the change counts as asserted. With
  /// no recorded change, `expectation` must leave the current value as it is.
  ///
  /// ```swift
  /// store.state.$count.assert { $0 = 2 }
  /// ```
  public func assert(
    _ expectation: (inout Value) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows {
    let root = reference.root as! any RootReference
    let tracker = LiveTrackers.tracker(recording: root) ?? SharedChangeTracking.context.tracker
    let snapshot = sharedSnapshot(of: self)
    var baseline = snapshot.values
    if let change = tracker?.change(of: root) {
      baseline[ObjectIdentifier(root)] = change.snapshot
    }
    let expected = try withSharedValues(SharedSnapshot(values: baseline, roots: snapshot.roots)) {
      try withLock(expectation)
      return valueDump(wrappedValue)
    }
    let actual = valueDump(wrappedValue)
    if expected != actual {
      reportIssue(
        "A shared value does not match its expectation: …\n\n"
          + (lineDiff(from: expected, to: actual) ?? "")
          + "\n\n(Expected: −, Actual: +)",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    tracker?.accept([root])
  }
}

/// The trackers alive now, so `Shared.assert` can find the one that recorded a storage's change.
enum LiveTrackers {
  private struct Weak { weak var tracker: SharedChangeTracker? }
  private static let trackers = LockIsolated<[Weak]>([])

  static func add(_ tracker: SharedChangeTracker) {
    trackers.withValue { list in
      list.removeAll { $0.tracker == nil }
      list.append(Weak(tracker: tracker))
    }
  }

  static func tracker(recording root: AnyObject) -> SharedChangeTracker? {
    trackers.withValue { list in list.lazy.compactMap(\.tracker).first { $0.change(of: root) != nil } }
  }
}
