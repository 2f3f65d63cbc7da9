/// The storage of a keyed `Shared`/`SharedReader`: the value, the key that persists it, and the
/// key's subscription to outside changes. One exists per key in a dependency context.
final class PersistentReference<Value: Sendable>: LockedRootReference, @unchecked Sendable {
  let lock = RecursiveLock()
  private let key: any SharedReaderKey<Value>
  private let writableKey: (any SharedKey<Value>)?
  /// Whether the key keeps nothing outside this object (in-memory): nothing to load or save,
  /// so a load someone asks for keeps the value.
  private let isStoredHere: Bool
  private let skipsStoredSaves: Bool
  private let defaultValue: Value
  private(set) var value: Value
  var observers = Observers<Value>()
  let observation = SharedObservation()
  private var _loadError: (any Error)?
  private var _saveError: (any Error)?
  private var _isLoading = false
  private var subscription: SharedSubscription?
  /// How many transactions of the thread holding `lock` are running: mutations inside one are
  /// neither locked against other processes nor saved one by one, since the transaction did the
  /// first when it began and does the second when it ends.
  private var transactionDepth = 0
  /// How many times the value has changed, and how many of those changes the key has said
  /// it stored (nil: not known, as at first and after a value came from outside): `save()`
  /// with nothing new to store asks nothing of a key that says a change is stored only once
  /// it is written (``SharedKey/skipsUnchangedMutations``). Guarded by `lock`.
  private var changeCount = 0
  private var storedChangeCount: Int?

  /// A storage for `key` holding `defaultValue` until the key has loaded (at once, for a key
  /// that resumes before returning). `writableKey` is `key` when it can save, `nil` when it
  /// cannot. `skipInitialLoad`: `defaultValue` was just loaded.
  init(
    key: any SharedReaderKey<Value>, writableKey: (any SharedKey<Value>)?, defaultValue: Value,
    skipInitialLoad: Bool = false
  ) {
    self.key = key
    self.writableKey = writableKey
    // Concrete types, not a protocol: a failed protocol cast costs a search of every
    // conformance in the program, at each start.
    self.isStoredHere = key is InMemoryKey<Value> || key is SharedKeyDefault<InMemoryKey<Value>>
    self.skipsStoredSaves = writableKey?.skipsUnchangedMutations == true
    self.defaultValue = defaultValue
    self.value = defaultValue
    if !skipInitialLoad {
      _isLoading = true
      key.load(
        context: .initialValue(defaultValue),
        continuation: LoadContinuation(String(describing: key)) { [weak self] result in
          self?.didLoad(result)
        }
      )
    }
    subscription = key.subscribe(
      context: .initialValue(defaultValue),
      subscriber: SharedSubscriber { [weak self] report in self?.receive(report) }
    )
  }

  var root: AnyObject { self }
  /// The key as it describes itself: `.inMemory("count")`. Made when asked, since describing
  /// a value costs a look-up of its conformances.
  var label: String { String(describing: key) }
  var subject: String { label }

  /// Tells observers that the value changed (`change`, for Observation); call under `lock`.
  /// (Here, not in the protocol's extension, so that the check reads the stored property rather
  /// than a copy of it.)
  private func notifyChange(_ change: SharedChange = .value) {
    if !observers.isEmpty { observers.notify(value) }
    observation.didChange(change)
  }

  var loadError: (any Error)? { lock.withLock { _loadError } }
  var saveError: (any Error)? { lock.withLock { _saveError } }
  var isLoading: Bool { lock.withLock { _isLoading } }

  func withLock<R>(changing change: SharedChange, _ body: (inout Value) throws -> R) rethrows -> R {
    let context = SharedChangeTracking.context
    if let result = try modifyOverlay(in: context, body) { return result }
    lock.lock()
    defer { lock.unlock() }
    if transactionDepth > 0 {
      recordChange(in: context)
      defer { notifyChange(change) }
      return try body(&value)
    }
    var isSaveRefused = false
    if let writableKey {
      do {
        switch try writableKey.willMutate() {
        case .keep: break
        case .replace(let fresh):
          value = fresh
          storedChangeCount = nil
          _loadError = nil
        case .reset:
          value = defaultValue
          storedChangeCount = nil
          _loadError = nil
        }
      } catch {
        _saveError = error
        isSaveRefused = true
      }
    }
    recordChange(in: context)
    if skipsStoredSaves {
      return try mutateComparing(change, saving: !isSaveRefused, body)
    }
    defer { didMutate(change, saving: !isSaveRefused) }
    return try body(&value)
  }

  /// The write of a value whose key skips saving a value it stored already: a write that leaves
  /// the value as it was saves nothing. Apart from ``withLock(changing:_:)``, whose other writes
  /// then hold no copy of the value from before. Call under `lock`.
  private func mutateComparing<R>(
    _ change: SharedChange, saving: Bool, _ body: (inout Value) throws -> R
  ) rethrows -> R {
    let before = value
    defer {
      if valuesAreEqual(before, value) {
        writableKey?.didMutateWithoutChange()
      } else {
        didMutate(change, saving: saving)
      }
    }
    return try body(&value)
  }

  func transaction<R>(_ body: () throws -> R) throws -> R {
    if SharedChangeTracking.context.overlay != nil { return try rollingBack(self, body) }
    lock.lock()
    defer { lock.unlock() }
    if transactionDepth == 0 { try beginTransaction() }
    let before = value
    transactionDepth += 1
    let result: R
    do {
      result = try body()
    } catch {
      transactionDepth -= 1
      rollBack(to: before)
      throw error
    }
    transactionDepth -= 1
    // A nested transaction is part of the one around it, which writes.
    if transactionDepth == 0 { try commitTransaction(startedFrom: before) }
    return result
  }

  /// Takes what the key needs to change the value alone (for a file, its lock) and starts from
  /// the latest stored value.
  private func beginTransaction() throws {
    guard let writableKey else { return }
    do {
      switch try writableKey.willMutate() {
      case .keep: return
      case .replace(let fresh): value = fresh
      case .reset: value = defaultValue
      }
      storedChangeCount = nil
      _loadError = nil
    } catch {
      _saveError = error
      throw error
    }
    notifyChange()
  }

  /// Writes the value once, unless it ends as it started; a failed write puts it back.
  private func commitTransaction(startedFrom before: Value) throws {
    guard let writableKey else { return }
    if valuesAreEqual(before, value) {
      writableKey.didMutateWithoutChange()
      return
    }
    changeCount += 1
    if case .failure(let error) = saveNow(.userInitiated) {
      rollBack(to: before)
      throw error
    }
  }

  private func rollBack(to before: Value) {
    value = before
    changeCount += 1
    if transactionDepth == 0 { writableKey?.didMutateWithoutChange() }
    notifyChange()
  }

  private func didMutate(_ change: SharedChange, saving: Bool) {
    if !isStoredHere, let writableKey {
      changeCount += 1
      if saving {
        writableKey.save(value, context: .didSet, continuation: saveContinuation())
      }
    }
    notifyChange(change)
  }

  /// Whether the key has said it stored every change made so far. Call under `lock`.
  private var isStored: Bool { skipsStoredSaves && storedChangeCount == changeCount }

  func save() throws {
    lock.lock()
    defer { lock.unlock() }
    if isStored { return }
    if case .failure(let error) = saveNow(.userInitiated) { throw error }
  }

  func saveAsync() async throws {
    guard let writableKey else { return }
    try await withUnsafeThrowingContinuation { (waiter: UnsafeContinuation<Void, any Error>) in
      lock.withLock {
        if isStored { return waiter.resume() }
        writableKey.save(
          value, context: .userInitiated,
          continuation: saveContinuation { waiter.resume(with: $0) }
        )
      }
    }
  }

  /// Asks the key to save and returns the outcome if it came before the key returned (`nil`
  /// when it will come later, or there is no writable key). Call under `lock`.
  private func saveNow(_ context: SaveContext) -> Result<Void, any Error>? {
    guard let writableKey else { return nil }
    let outcome = LockIsolated<Result<Void, any Error>?>(nil)
    writableKey.save(
      value, context: context, continuation: saveContinuation { result in outcome.withValue { $0 = result } }
    )
    return outcome.withValue { $0 }
  }

  /// A continuation that records the outcome of a save as `saveError` (a success also clears a
  /// load error the write made moot), then tells `then`.
  private func saveContinuation(
    then: @escaping @Sendable (Result<Void, any Error>) -> Void = { _ in }
  ) -> SaveContinuation {
    let key = key
    // A write made later stores the value as it is then, so at least this many changes.
    let changes = changeCount
    return SaveContinuation(
      String(describing: key),
      // Strong on purpose: a key that writes later keeps this storage alive until it has.
      latestValue: { self.read { $0 } },
      callback: { result in
        self.lock.withLock {
          switch result {
          case .success:
            self._saveError = nil
            self._loadError = nil
            self.storedChangeCount = max(self.storedChangeCount ?? changes, changes)
          case .failure(let error):
            self._saveError = error
          }
        }
        then(result)
      }
    )
  }

  func load() throws {
    guard !isStoredHere else { return }
    let key = key
    lock.lock()
    defer { lock.unlock() }
    let outcome = LockIsolated<Result<Value?, any Error>?>(nil)
    _isLoading = true
    key.load(
      context: .userInitiated,
      continuation: LoadContinuation(String(describing: key)) { [weak self] result in
        self?.didLoad(result)
        outcome.withValue { $0 = result }
      }
    )
    if case .failure(let error)? = outcome.withValue({ $0 }) { throw error }
  }

  func loadAsync() async throws {
    guard !isStoredHere else { return }
    let key = key
    lock.withLock { _isLoading = true }
    try await withUnsafeThrowingContinuation { (waiter: UnsafeContinuation<Void, any Error>) in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation(String(describing: key)) { [weak self] result in
          self?.didLoad(result)
          waiter.resume(with: result.map { _ in })
        }
      )
    }
  }

  /// What a load brought: a value, nothing stored (the default), or an error that leaves the
  /// value as it was.
  private func didLoad(_ result: Result<Value?, any Error>) {
    lock.lock()
    defer { lock.unlock() }
    _isLoading = false
    switch result {
    case .success(let newValue):
      value = newValue ?? defaultValue
      storedChangeCount = nil
      _loadError = nil
    case .failure(let error):
      _loadError = error
      return
    }
    notifyChange()
  }

  /// A change noticed outside the program.
  private func receive(_ report: SharedSubscriber<Value>.Report) {
    lock.lock()
    defer { lock.unlock() }
    switch report {
    case .loading(let isLoading):
      _isLoading = isLoading
      return
    case .result(.success(let newValue)):
      _isLoading = false
      value = newValue ?? defaultValue
    case .result(.failure(let error)):
      _isLoading = false
      _loadError = error
      return
    case .refresh(let refresh):
      do {
        switch try refresh() {
        case .keep: return
        case .replace(let newValue):
          // A file rewritten with what it held (`touch`, an editor's save) changes nothing.
          if _loadError == nil, valuesAreEqual(value, newValue) { return }
          value = newValue
        case .reset: value = defaultValue
        }
      } catch {
        _loadError = error
        return
      }
    }
    storedChangeCount = nil
    _loadError = nil
    notifyChange()
  }
}

/// Why `init(require:)` found no value.
public enum SharedLoadError: Error, CustomStringConvertible {
  /// The key's storage holds nothing (the associated value names the key).
  case nothingStored(String)

  public var description: String {
    switch self {
    case .nothingStored(let key): "nothing is stored for \(key)"
    }
  }
}

/// The storage for `key` once it has loaded a value: `init(require:)`'s work.
func requireReference<Key: SharedReaderKey>(for key: Key) async throws -> PersistentReference<Key.Value> {
  @Dependency(\.sharedReferences) var references
  if let existing = references.existingReference(for: key) {
    try await existing.loadAsync()
    return existing
  }
  let label = String(describing: key)
  let value = try await withUnsafeThrowingContinuation {
    (waiter: UnsafeContinuation<Key.Value?, any Error>) in
    key.load(context: .userInitiated, continuation: LoadContinuation(label) { waiter.resume(with: $0) })
  }
  guard let value else { throw SharedLoadError.nothingStored(label) }
  return references.reference(for: key, default: { value }, skipInitialLoad: true)
}

/// The keyed storages of one dependency context. Keys with equal ids and value types share one
/// storage, which lives as long as the context (for a program, its whole run).
public final class SharedReferences: @unchecked Sendable {
  private struct Entry: Hashable {
    let valueType: ObjectIdentifier
    let id: AnyHashable
  }

  private let lock = RecursiveLock()
  private var references: [Entry: AnyObject] = [:]

  /// An empty set of storages.
  public init() {}

  /// The storage for `key`, made with `defaultValue` (and loaded, unless `skipInitialLoad`) if
  /// there is none yet.
  func reference<Key: SharedReaderKey>(
    for key: Key,
    default defaultValue: () -> Key.Value,
    skipInitialLoad: Bool = false
  ) -> PersistentReference<Key.Value> {
    reference(
      for: key, writableKey: key as? any SharedKey<Key.Value>, default: defaultValue,
      skipInitialLoad: skipInitialLoad)
  }

  /// The storage for a key known to save: no cast to find out whether it does.
  func reference<Key: SharedKey>(
    for key: Key,
    default defaultValue: () -> Key.Value,
    skipInitialLoad: Bool = false
  ) -> PersistentReference<Key.Value> {
    reference(for: key, writableKey: key, default: defaultValue, skipInitialLoad: skipInitialLoad)
  }

  private func reference<Key: SharedReaderKey>(
    for key: Key,
    writableKey: @autoclosure () -> (any SharedKey<Key.Value>)?,
    default defaultValue: () -> Key.Value,
    skipInitialLoad: Bool
  ) -> PersistentReference<Key.Value> {
    lock.withLock {
      let entry = Entry(valueType: ObjectIdentifier(Key.Value.self), id: AnyHashable(key.id))
      if let reference = references[entry] {
        return reference as! PersistentReference<Key.Value>
      }
      let reference = PersistentReference(
        key: key, writableKey: writableKey(), defaultValue: defaultValue(),
        skipInitialLoad: skipInitialLoad
      )
      references[entry] = reference
      return reference
    }
  }

  /// The storage for `key`, if one was made.
  func existingReference<Key: SharedReaderKey>(for key: Key) -> PersistentReference<Key.Value>? {
    lock.withLock {
      let entry = Entry(valueType: ObjectIdentifier(Key.Value.self), id: AnyHashable(key.id))
      return references[entry] as? PersistentReference<Key.Value>
    }
  }
}

private enum SharedReferencesKey: DependencyKey {
  static var liveValue: SharedReferences { SharedReferences() }
  static var testValue: SharedReferences { SharedReferences() }
}

extension DependencyValues {
  /// The storages of keyed shared values (in-memory values among them) for this context. Each
  /// test that enters `withDependencies` gets empty ones.
  public var sharedReferences: SharedReferences {
    get { self[SharedReferencesKey.self] }
    set { self[SharedReferencesKey.self] = newValue }
  }
}

/// Whether `a` and `b` are equal, for values whose type is `Equatable`; false for any other.
func valuesAreEqual<Value>(_ a: Value, _ b: Value) -> Bool {
  guard let a = a as? any Equatable else { return false }
  return a.isEqual(to: b)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
