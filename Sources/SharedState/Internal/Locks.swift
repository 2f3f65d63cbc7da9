#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recursive mutual-exclusion lock around a `pthread_mutex_t`.
///
/// Recursive so that a `withLock` on a shared value may read the same value (or a value derived
/// from it) inside its closure without deadlocking.
final class RecursiveLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  @inline(__always)
  func lock() { pthread_mutex_lock(mutex) }

  @inline(__always)
  func unlock() { pthread_mutex_unlock(mutex) }

  @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// A value guarded by a lock: the one lock-protected box of the library's bookkeeping (clocks,
/// file systems, registries), and what a test hands ``FileStorage/inMemory(fileSystem:async:asyncAfter:)``
/// to see the files it holds.
///
/// ```swift
/// let files = LockIsolated<[URL: Data]>([:])
/// files.withValue { $0[url] = Data("[]".utf8) }
/// files.value[url]  // Data("[]".utf8)
/// ```
public final class LockIsolated<Value>: @unchecked Sendable {
  private var _value: Value
  private let lock = RecursiveLock()

  /// A box holding `value`.
  public init(_ value: @autoclosure () throws -> Value) rethrows { self._value = try value() }

  /// Calls `body` with the value under the lock, so that it can read and change it at once.
  public func withValue<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try lock.withLock { try body(&_value) }
  }

  /// The same as ``withValue(_:)``, passing on a typed error.
  func withLock<R, Failure: Error>(_ body: (inout Value) throws(Failure) -> R) throws(Failure) -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&_value)
  }

  /// The value now.
  public var value: Value { lock.withLock { _value } }

  /// Replaces the value.
  public func setValue(_ newValue: Value) { lock.withLock { _value = newValue } }

  var current: Value { value }
}
