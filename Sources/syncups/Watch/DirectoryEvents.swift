import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells, on the main actor, the names of the entries of a directory that were created,
/// replaced, written or removed (inotify): a watcher learns of a meeting's change at once,
/// without reading the directory again and again.
///
/// ```swift
/// let events = try DirectoryEvents(path: directory.path) { names in
///   if names.contains("\(pid).json") { refresh() }
/// }
/// ```
@MainActor
final class DirectoryEvents {
  private let descriptor: Int32
  private var source: (any DispatchSourceRead)?

  /// Watches the directory at `path`; `handler` gets the names of each batch of changes.
  ///
  /// - Throws: a failure saying why the directory cannot be watched.
  init(path: String, handler: @escaping @MainActor (Set<String>) -> Void) throws {
    #if canImport(Glibc)
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else {
        throw CommandFailure("cannot watch '\(path)': \(String(cString: strerror(errno)))")
      }
      let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE)
      guard inotify_add_watch(descriptor, path, mask) >= 0 else {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw CommandFailure("cannot watch '\(path)': \(reason)")
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          let names = self.readNames()
          if !names.isEmpty { handler(names) }
        }
      }
      source.resume()
      self.source = source
    #else
      throw CommandFailure("watching a directory needs Linux (inotify)")
    #endif
  }

  isolated deinit {
    source?.cancel()
    close(descriptor)
  }

  /// The names the waiting events are about.
  private func readNames() -> Set<String> {
    var names: Set<String> = []
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      names.formUnion(Self.names(in: buffer[0..<count]))
    }
    return names
  }

  /// The names in a run of inotify events: each a header (`wd`, `mask`, `cookie`, `len`, 4
  /// bytes each) followed by `len` bytes of name padded with NULs.
  nonisolated static func names(in bytes: ArraySlice<UInt8>) -> [String] {
    var names: [String] = []
    var offset = bytes.startIndex
    let header = 16
    while offset + header <= bytes.endIndex {
      let length = bytes[(offset + 12)..<(offset + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
      let start = offset + header
      let end = min(start + length, bytes.endIndex)
      let name = bytes[start..<end].prefix { $0 != 0 }
      if !name.isEmpty { names.append(String(decoding: name, as: UTF8.self)) }
      offset = end
    }
    return names
  }
}
