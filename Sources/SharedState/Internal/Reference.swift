import Synchronization

/// The storage behind a `SharedReader`: something that can be read under a lock and observed.
///
/// Root references own a value (``ValueReference``, ``PersistentReference``); derived ones
/// reach into their base's value (``KeyPathReference``, ``ElementReference``, …) and share the
/// base's lock, so a derived write is one locked, in-place mutation of the root value.
protocol SharedReference<Value>: AnyObject, Sendable {
  associatedtype Value

  /// Calls `body` with the current value, under the root's lock.
  func read<R>(_ body: (Value) throws -> R) rethrows -> R
  /// Calls `onChange` with the new value after every change, until the token is released.
  func observe(_ onChange: @escaping (Value) -> Void) -> ObservationToken
  /// Records a read through `wrappedValue` for an Observation tracking in progress (see
  /// ``SharedObservation``): derived references name what of the root's value they read.
  func observeAccess()
  /// The root's registrar, for a root; `nil` for a derived reference.
  var rootObservation: SharedObservation? { get }
  /// The root storage, for identity.
  var root: AnyObject { get }
  /// A short description for dumps and messages, e.g. `.inMemory("count")`.
  var label: String { get }
  /// What a `Shared`'s description names: `value: 0`, or the key, `.inMemory("count")`.
  var subject: String { get }
  var loadError: (any Error)? { get }
  /// Whether the key is loading a value (see ``SharedReader/isLoading``).
  var isLoading: Bool { get }
  func load() throws
  /// `load()`, returning when the key has finished.
  func loadAsync() async throws
}

/// The storage behind a `Shared`: a reference that can also be mutated and saved.
protocol MutableSharedReference<Value>: SharedReference {
  /// Mutates the value in place under the root's lock; persists and notifies afterwards.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R
  /// `withLock(_:)`, telling Observation `change` rather than a change of the whole value. Only
  /// a root tells it; a derived reference's write is told as its root's whole value.
  func withLock<R>(changing change: SharedChange, _ body: (inout Value) throws -> R) rethrows -> R
  /// Runs `body` as one transaction on the root value: see ``Shared/transaction(_:)``.
  /// Derived references hand it to their base, so it always runs on the root.
  func transaction<R>(_ body: () throws -> R) throws -> R
  var saveError: (any Error)? { get }
  func save() throws
  /// `save()`, returning when the key has finished.
  func saveAsync() async throws
}

extension MutableSharedReference {
  func withLock<R>(changing change: SharedChange, _ body: (inout Value) throws -> R) rethrows -> R {
    try withLock(body)
  }
}

/// The reference a `Shared` or `SharedReader` and all its copies use: one object, so assigning
/// a new `Shared` to `$name` re-points every copy.
final class ReferenceBox<Reference>: @unchecked Sendable {
  private let lock = RecursiveLock()
  private var _reference: Reference

  init(_ reference: Reference) { _reference = reference }

  var reference: Reference {
    get { lock.withLock { _reference } }
    set { lock.withLock { _reference = newValue } }
  }
}

/// Keeps an observation alive; releasing or cancelling it stops the observation.
final class ObservationToken: @unchecked Sendable {
  private let lock = RecursiveLock()
  private var onCancel: (() -> Void)?

  init(_ onCancel: @escaping () -> Void) { self.onCancel = onCancel }

  func cancel() {
    let cancel = lock.withLock { () -> (() -> Void)? in
      defer { onCancel = nil }
      return onCancel
    }
    cancel?()
  }

  deinit { cancel() }
}

/// The observers of one root value. Only touched under the root's lock.
struct Observers<Value> {
  private var next = 0
  private var callbacks: [Int: (Value) -> Void] = [:]

  /// Kept apart from `callbacks`, so that asking it on every write of a value nobody observes
  /// costs a load, not a look-up of the dictionary's generic type.
  private(set) var isEmpty = true

  mutating func add(_ callback: @escaping (Value) -> Void) -> Int {
    next += 1
    callbacks[next] = callback
    isEmpty = false
    return next
  }

  mutating func remove(_ id: Int) {
    callbacks[id] = nil
    isEmpty = callbacks.isEmpty
  }

  func notify(_ value: Value) {
    for callback in callbacks.values { callback(value) }
  }
}

/// A reference that owns its value, guarded by its own lock. Reading, observing and the start of
/// every write go the same way for each root: through a test's overlay when one holds the value,
/// else under the lock.
protocol LockedRootReference: MutableSharedReference, RootReference {
  var lock: RecursiveLock { get }
  /// The value itself; touched only under `lock`.
  var value: Value { get }
  /// Touched only under `lock`.
  var observers: Observers<Value> { get set }
  var observation: SharedObservation { get }
}

extension LockedRootReference {
  func currentValue() -> Any { lock.withLock { value } }

  var rootObservation: SharedObservation? { observation }
  func observeAccess() { observation.accessValue() }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try withLock(changing: .value, body)
  }

  func read<R>(_ body: (Value) throws -> R) rethrows -> R {
    if let overlay = SharedChangeTracking.context.overlay,
      let result = try overlay.read(self, as: Value.self, body)
    {
      return result
    }
    lock.lock()
    defer { lock.unlock() }
    return try body(value)
  }

  func observe(_ onChange: @escaping (Value) -> Void) -> ObservationToken {
    let id = lock.withLock { observers.add(onChange) }
    return ObservationToken { [weak self] in
      guard let self else { return }
      self.lock.withLock { self.observers.remove(id) }
    }
  }

  /// `body` applied to the overlay's copy of the value, when the test in `context` overlays this
  /// root; `nil` where it does not, and the write is the root's own.
  func modifyOverlay<R>(
    in context: SharedChangeTracking.Context, _ body: (inout Value) throws -> R
  ) rethrows -> R? {
    guard let overlay = context.overlay else { return nil }
    return try overlay.modify(self, as: Value.self, body)
  }

  /// Tells the change tracker of `context` (if any) the value before a write; call under `lock`.
  func recordChange(in context: SharedChangeTracking.Context) {
    context.tracker?.record(self, label: label, snapshot: { value }, current: { [unowned self] in self.currentValue() })
  }
}

/// The storage of an explicit `Shared(value)`.
final class ValueReference<Value>: LockedRootReference, @unchecked Sendable {
  let lock = RecursiveLock()
  private(set) var value: Value
  var observers = Observers<Value>()
  let observation = SharedObservation()

  init(_ value: Value) { self.value = value }

  var root: AnyObject { self }
  var label: String { "Shared<\(Value.self)>" }
  var subject: String { "value: \(read { $0 })" }
  var loadError: (any Error)? { nil }
  var saveError: (any Error)? { nil }
  var isLoading: Bool { false }
  func load() {}
  func loadAsync() {}
  func save() {}
  func saveAsync() {}

  func withLock<R>(changing change: SharedChange, _ body: (inout Value) throws -> R) rethrows -> R {
    let context = SharedChangeTracking.context
    if let result = try modifyOverlay(in: context, body) { return result }
    lock.lock()
    defer {
      if !observers.isEmpty { observers.notify(value) }
      observation.didChange(change)
      lock.unlock()
    }
    recordChange(in: context)
    return try body(&value)
  }

  func transaction<R>(_ body: () throws -> R) throws -> R {
    if SharedChangeTracking.context.overlay != nil { return try rollingBack(self, body) }
    lock.lock()
    defer { lock.unlock() }
    let before = value
    do {
      return try body()
    } catch {
      value = before
      if !observers.isEmpty { observers.notify(value) }
      observation.didChange(.value)
      throw error
    }
  }
}

/// A read-only reference that reaches into a base reference's value: its identity, label and
/// loading are the base's, and it shares the base's lock.
protocol DerivedReaderReference: SharedReference {
  associatedtype BaseValue
  var baseReader: any SharedReference<BaseValue> { get }
}

extension DerivedReaderReference {
  var root: AnyObject { baseReader.root }
  var rootObservation: SharedObservation? { nil }
  func observeAccess() { baseReader.observeAccess() }
  var label: String { baseReader.label }
  var subject: String { baseReader.subject }
  var loadError: (any Error)? { baseReader.loadError }
  var isLoading: Bool { baseReader.isLoading }
  func load() throws { try baseReader.load() }
  func loadAsync() async throws { try await baseReader.loadAsync() }
}

/// A writable reference that reaches into a base reference's value: saving and transactions are
/// the base's too, so they always run on the root.
protocol DerivedReference: MutableSharedReference, DerivedReaderReference {
  var base: any MutableSharedReference<BaseValue> { get }
}

extension DerivedReference {
  var baseReader: any SharedReference<BaseValue> { base }
  var saveError: (any Error)? { base.saveError }
  func save() throws { try base.save() }
  func saveAsync() async throws { try await base.saveAsync() }
  func transaction<R>(_ body: () throws -> R) throws -> R { try base.transaction(body) }
}

/// A derived reference to the value at a key path inside its base's value.
protocol KeyPathDerivedReference: DerivedReaderReference {
  var valueKeyPath: KeyPath<BaseValue, Value> { get }
}

extension KeyPathDerivedReference {
  func read<R>(_ body: (Value) throws -> R) rethrows -> R {
    let keyPath = valueKeyPath
    return try baseReader.read { try body($0[keyPath: keyPath]) }
  }

  func observe(_ onChange: @escaping (Value) -> Void) -> ObservationToken {
    let keyPath = valueKeyPath
    return baseReader.observe { onChange($0[keyPath: keyPath]) }
  }
}

/// A derived reference to the wrapped value of an optional held by its base. Once the base
/// becomes `nil`, it keeps answering with the last value it saw.
protocol UnwrappingReference: DerivedReaderReference where BaseValue == Value? {
  /// Guarded by the root's lock (only touched inside the base's `read` / `withLock`).
  var lastValue: Value { get set }
}

extension UnwrappingReference {
  func read<R>(_ body: (Value) throws -> R) rethrows -> R {
    try baseReader.read {
      if let value = $0 { lastValue = value }
      return try body(lastValue)
    }
  }

  func observe(_ onChange: @escaping (Value) -> Void) -> ObservationToken {
    baseReader.observe { if let value = $0 { onChange(value) } }
  }
}

/// A reference to the value at a key path inside a base reference.
final class KeyPathReference<Base, Value>: DerivedReference, KeyPathDerivedReference, @unchecked Sendable {
  typealias BaseValue = Base

  let base: any MutableSharedReference<Base>
  private let keyPath: WritableKeyPath<Base, Value>

  init(base: any MutableSharedReference<Base>, keyPath: WritableKeyPath<Base, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var valueKeyPath: KeyPath<Base, Value> { keyPath }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { try body(&$0[keyPath: keyPath]) }
  }
}

/// A read-only reference to the value at a key path inside a base reference.
final class ReaderKeyPathReference<Base, Value>: KeyPathDerivedReference, @unchecked Sendable {
  let baseReader: any SharedReference<Base>
  let valueKeyPath: KeyPath<Base, Value>

  init(base: any SharedReference<Base>, keyPath: KeyPath<Base, Value>) {
    self.baseReader = base
    self.valueKeyPath = keyPath
  }
}

/// A read-only reference to a transform of a base reference's value.
final class ReaderMapReference<Base, Value>: DerivedReaderReference, @unchecked Sendable {
  let baseReader: any SharedReference<Base>
  private let transform: @Sendable (Base) -> Value

  init(base: any SharedReference<Base>, transform: @escaping @Sendable (Base) -> Value) {
    self.baseReader = base
    self.transform = transform
  }

  func read<R>(_ body: (Value) throws -> R) rethrows -> R {
    try baseReader.read { try body(transform($0)) }
  }

  func observe(_ onChange: @escaping (Value) -> Void) -> ObservationToken {
    baseReader.observe { [transform] in onChange(transform($0)) }
  }
}

/// A reference to the wrapped value of an optional held by a base reference. Once the base
/// becomes `nil`, it keeps answering with the last value it saw, and writes go nowhere.
final class UnwrappedReference<Value>: DerivedReference, UnwrappingReference, @unchecked Sendable {
  typealias BaseValue = Value?

  let base: any MutableSharedReference<Value?>
  var lastValue: Value

  init?(base: any MutableSharedReference<Value?>) {
    guard let value = base.read({ $0 }) else { return nil }
    self.base = base
    self.lastValue = value
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { optional in
      guard optional != nil else { return try body(&lastValue) }
      defer { lastValue = optional! }
      return try body(&optional!)
    }
  }
}

/// A reference to the element with a given id in an identified array held by a base
/// reference; a write mutates the element in place, without copying the array.
final class ElementReference<ID: Hashable, Element>: DerivedReference, ObservedElement, @unchecked Sendable {
  typealias BaseValue = IdentifiedArray<ID, Element>

  let base: any MutableSharedReference<IdentifiedArray<ID, Element>>
  let id: ID
  // Guarded by the root's lock.
  private var lastValue: Element
  /// The base's registrar when the base is a root: reads and writes of this element are then
  /// observed as this element's, not the whole array's. Unmanaged, so that a read does not
  /// retain it: `base` holds the root, which holds it.
  private let elementObservation: Unmanaged<SharedObservation>?
  /// Made the first time Observation asks for it.
  private let observationKey = Mutex<KeyPath<ObservedSharedValue, Void>?>(nil)

  init?(base: any MutableSharedReference<IdentifiedArray<ID, Element>>, id: ID) {
    guard let element = base.read({ $0[id: id] }) else { return nil }
    self.base = base
    self.id = id
    self.lastValue = element
    self.elementObservation = base.rootObservation.map { Unmanaged.passUnretained($0) }
  }

  var observationKeyPath: KeyPath<ObservedSharedValue, Void> {
    observationKey.withLock { key in
      if let key { return key }
      let id = AnyHashable(id)
      let made: KeyPath<ObservedSharedValue, Void> = \.[element: id]
      key = made
      return made
    }
  }

  func observeAccess() {
    if let elementObservation {
      elementObservation._withUnsafeGuaranteedRef { $0.accessElement(self) }
    } else {
      base.observeAccess()
    }
  }

  func read<R>(_ body: (Element) throws -> R) rethrows -> R {
    try base.read { array in
      if let index = array.index(id: id) {
        return try body(array[index])
      }
      return try body(lastValue)
    }
  }

  func withLock<R>(_ body: (inout Element) throws -> R) rethrows -> R {
    try base.withLock(changing: .element(self)) { array in
      guard let offset = array.index(id: id) else { return try body(&lastValue) }
      defer { lastValue = array[offset] }
      return try array.modifyElement(at: offset, id: id, body)
    }
  }

  func observe(_ onChange: @escaping (Element) -> Void) -> ObservationToken {
    let id = id
    return base.observe { array in
      if let element = array[id: id] { onChange(element) }
    }
  }
}

/// A transaction on a value seen through a test's overlay of shared values: the overlay is what
/// the body changes, so it is what a throw puts back. Nothing is persisted inside an overlay.
func rollingBack<Reference: MutableSharedReference, R>(
  _ reference: Reference, _ body: () throws -> R
) throws -> R {
  let before = reference.read { $0 }
  do {
    return try body()
  } catch {
    reference.withLock { $0 = before }
    throw error
  }
}
