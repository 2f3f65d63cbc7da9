/// The storage of a keyed `Shared`/`SharedReader`: the value, the key that persists it, and the
/// key's subscription to outside changes. One exists per key in a dependency context.
final class PersistentReference<Value: Sendable>: LockedRootReference, @unchecked Sendable {
  let lock = RecursiveLock()
  private let key: any SharedReaderKey<Value>
  private let writableKey: (any SharedKey<Value>)?
  private let defaultValue: Value
  private(set) var value: Value
  var observers = Observers<Value>()
  private var _loadError: (any Error)?
  private var _saveError: (any Error)?
  private var subscription: SharedSubscription?
  /// How many transactions of the thread holding `lock` are running: mutations inside one are
  /// neither locked against other processes nor saved one by one, since the transaction did the
  /// first when it began and does the second when it ends.
  private var transactionDepth = 0
  let label: String

  init(key: any SharedReaderKey<Value>, defaultValue: Value, label: String) {
    self.key = key
    self.writableKey = key as? any SharedKey<Value>
    self.defaultValue = defaultValue
    self.label = label
    do {
      value = try key.load(initialValue: defaultValue) ?? defaultValue
    } catch {
      value = defaultValue
      _loadError = error
    }
    subscription = key.subscribe(
      initialValue: defaultValue,
      subscriber: SharedSubscriber { [weak self] report in self?.receive(report) }
    )
  }

  var root: AnyObject { self }

  var loadError: (any Error)? { lock.withLock { _loadError } }
  var saveError: (any Error)? { lock.withLock { _saveError } }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    let context = SharedChangeTracking.context
    if let result = try modifyOverlay(in: context, body) { return result }
    lock.lock()
    defer { lock.unlock() }
    if transactionDepth > 0 {
      recordChange(in: context)
      defer { if !observers.isEmpty { observers.notify(value) } }
      return try body(&value)
    }
    var isSaveRefused = false
    if let writableKey {
      do {
        switch try writableKey.willMutate() {
        case .keep: break
        case .replace(let fresh):
          value = fresh
          _loadError = nil
        case .reset:
          value = defaultValue
          _loadError = nil
        }
      } catch {
        _saveError = error
        isSaveRefused = true
      }
    }
    recordChange(in: context)
    let before = writableKey?.skipsUnchangedMutations == true ? value : nil
    defer {
      if let before, valuesAreEqual(before, value) {
        writableKey?.didMutateWithoutChange()
      } else {
        didMutate(saving: !isSaveRefused)
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
      _loadError = nil
    } catch {
      _saveError = error
      throw error
    }
    if !observers.isEmpty { observers.notify(value) }
  }

  /// Writes the value once, unless it ends as it started; a failed write puts it back.
  private func commitTransaction(startedFrom before: Value) throws {
    guard let writableKey else { return }
    if valuesAreEqual(before, value) {
      writableKey.didMutateWithoutChange()
      return
    }
    do {
      try writableKey.save(value, context: saveContext(.userInitiated))
      _saveError = nil
    } catch {
      _saveError = error
      rollBack(to: before)
      throw error
    }
  }

  private func rollBack(to before: Value) {
    value = before
    if transactionDepth == 0 { writableKey?.didMutateWithoutChange() }
    if !observers.isEmpty { observers.notify(value) }
  }

  private func didMutate(saving: Bool = true) {
    if saving, let writableKey {
      do {
        try writableKey.save(value, context: saveContext(.didChange))
      } catch {
        _saveError = error
      }
    }
    if !observers.isEmpty { observers.notify(value) }
  }

  func save() throws {
    lock.lock()
    defer { lock.unlock() }
    guard let writableKey else { return }
    do {
      try writableKey.save(value, context: saveContext(.userInitiated))
      _saveError = nil
    } catch {
      _saveError = error
      throw error
    }
  }

  func load() throws {
    lock.lock()
    defer { lock.unlock() }
    do {
      value = try key.load(initialValue: defaultValue) ?? defaultValue
      _loadError = nil
    } catch {
      _loadError = error
      throw error
    }
    if !observers.isEmpty { observers.notify(value) }
  }

  /// A change noticed outside the program.
  private func receive(_ report: SharedSubscriber<Value>.Report) {
    lock.lock()
    defer { lock.unlock() }
    switch report {
    case .value(let newValue):
      value = newValue ?? defaultValue
    case .failure(let error):
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
    _loadError = nil
    if !observers.isEmpty { observers.notify(value) }
  }

  private func saveContext(_ reason: SaveContext<Value>.Reason) -> SaveContext<Value> {
    SaveContext(
      reason: reason,
      // Strong on purpose: a key that writes later keeps this storage alive until it has.
      latestValue: { self.read { $0 } },
      reportResult: { error in self.lock.withLock { self._saveError = error } }
    )
  }
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

  func reference<Key: SharedReaderKey>(
    for key: Key,
    default defaultValue: () -> Key.Value
  ) -> PersistentReference<Key.Value> {
    lock.withLock {
      let entry = Entry(valueType: ObjectIdentifier(Key.Value.self), id: AnyHashable(key.id))
      if let reference = references[entry] {
        return reference as! PersistentReference<Key.Value>
      }
      let reference = PersistentReference(
        key: key, defaultValue: defaultValue(), label: String(describing: key)
      )
      references[entry] = reference
      return reference
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
