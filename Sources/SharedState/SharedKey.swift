/// A persistence strategy that can also save: conform to it to make a writable ``Shared``.
///
/// ```swift
/// struct DatabaseKey: SharedKey {
///   var id: String { name }
///   let name: String
///   // load(context:continuation:) and subscribe(context:subscriber:) as for SharedReaderKey
///   func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
///     continuation.resume(with: Result { try database.write(name, value) })
///   }
/// }
/// ```
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value`, then resumes `continuation`: an error becomes the storage's `saveError`,
  /// success clears it (and a load error the save made moot). Called after every mutation
  /// (``SaveContext/didSet``), when a key may coalesce a burst of changes and resume later,
  /// and by `save()` (``SaveContext/userInitiated``), when it must write pending changes before
  /// resuming.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)

  /// Called before each mutation, with the storage locked. A key whose storage other processes
  /// also change can take an inter-process lock here and hand back a fresher value for the
  /// mutation to start from. Throwing records a `saveError`; the mutation still applies in
  /// memory but is not saved then (a later mutation or `save()` saves it). The default keeps
  /// the current value.
  func willMutate() throws -> SharedRefresh<Value>

  /// Whether a mutation that leaves an `Equatable` value equal to what it was should skip
  /// ``save(_:context:continuation:)`` and call ``didMutateWithoutChange()`` instead. Checking
  /// keeps a copy of the value across each mutation (so an in-place change copies it once):
  /// worth it for storage where a needless save costs a write and a lock. The default is `false`.
  ///
  /// Such a key is also not asked to save on `save()` when every change has already been
  /// stored: it resumes a change's continuation only once the change is in its storage.
  var skipsUnchangedMutations: Bool { get }

  /// Called instead of ``save(_:context:continuation:)`` after a mutation that left an
  /// `Equatable` value equal to what it was, when ``skipsUnchangedMutations`` is on, and after a
  /// transaction that changed nothing or was rolled back: nothing to store, but whatever
  /// ``willMutate()`` took (a lock) can be let go. The default does nothing.
  func didMutateWithoutChange()
}

extension SharedKey {
  public func willMutate() throws -> SharedRefresh<Value> { .keep }
  public var skipsUnchangedMutations: Bool { false }
  public func didMutateWithoutChange() {}
}

/// Why a ``SharedKey`` is asked to save.
public enum SaveContext: Hashable, Sendable {
  /// The value was mutated. The key may write later.
  case didSet
  /// `save()` was called. The key writes now, pending changes included.
  case userInitiated
}

/// What ``SharedKey/willMutate()`` found.
public enum SharedRefresh<Value: Sendable>: Sendable {
  /// The value in memory is current.
  case keep
  /// The stored value changed: mutate this one instead.
  case replace(Value)
  /// The stored value was removed: mutate the default value instead.
  case reset
}
