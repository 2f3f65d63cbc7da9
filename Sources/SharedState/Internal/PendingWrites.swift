#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Something with a change that must reach the disk before the process exits.
protocol PendingWriter: AnyObject, Sendable {
  func flush()
}

/// The file storages with changes not yet written, flushed at normal process exit.
enum PendingWrites {
  private static let writers = LockIsolated<[ObjectIdentifier: any PendingWriter]>([:])
  private static let installExitHandler: Void = {
    atexit { PendingWrites.flushAll() }
  }()

  static func register(_ writer: any PendingWriter) {
    _ = installExitHandler
    writers.withValue { $0[ObjectIdentifier(writer)] = writer }
  }

  static func unregister(_ writer: any PendingWriter) {
    _ = writers.withValue { $0.removeValue(forKey: ObjectIdentifier(writer)) }
  }

  /// Writes every pending change now.
  static func flushAll() {
    let all = writers.withValue { writers in
      defer { writers.removeAll() }
      return Array(writers.values)
    }
    for writer in all { writer.flush() }
  }
}
