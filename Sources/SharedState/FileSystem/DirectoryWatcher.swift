import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LiveFileSystem {
  /// Watches the canonical path for changes by anyone.
  ///
  /// On Linux the file's directory is watched with inotify (atomic saves replace the inode,
  /// so watching the file itself would lose track), and events are filtered by file name:
  /// creation, atomic replacement (rename), deletion, attribute changes and in-place writes
  /// (reported when the writer closes the file). The process shares one inotify descriptor,
  /// read on one serial dispatch queue. While the directory does not exist, the nearest
  /// existing ancestor is watched instead and the watch moves down as directories appear; if
  /// the directory is deleted or moved away, the watch moves back up. A watch that cannot be
  /// set up at all (inotify unavailable, no permission, the inotify watch limit reached) never
  /// calls back.
  ///
  /// On Darwin the directory and the file are watched with dispatch sources; there the watch
  /// does nothing if the directory does not exist when it starts.
  ///
  /// `onChange` runs on a private serial queue of the watch, typically within a few
  /// milliseconds of the change.
  public func watch(_ path: String, onChange: @escaping @Sendable () -> Void) -> any FileWatch {
    let notifier = FSChangeNotifier(onChange)
    #if os(Linux) || os(Android)
    return FSInotifyWatch(path: canonicalPath(path), notifier: notifier)
    #elseif canImport(Darwin)
    return FSVnodeWatch(path: canonicalPath(path), notifier: notifier)
    #else
    return FSInertWatch(notifier: notifier)
    #endif
  }
}

#if os(Linux) || os(Android)

/// The token for one inotify-based watch; cancels itself when released.
final class FSInotifyWatch: FileWatch {
  private let notifier: FSChangeNotifier

  init(path: String, notifier: FSChangeNotifier) {
    self.notifier = notifier
    let (directory, name) = FSPath.split(path)
    FSDirectoryWatcher.shared.add(
      FSDirectoryWatcher.Registration(
        key: ObjectIdentifier(self), directory: directory, name: name, notifier: notifier
      )
    )
  }

  deinit {
    cancel()
  }

  func cancel() {
    notifier.cancel()
    FSDirectoryWatcher.shared.remove(ObjectIdentifier(self))
  }
}

/// The process-wide inotify descriptor, its reader and the table from
/// (watch descriptor, entry name) to the watches interested in it.
final class FSDirectoryWatcher: Sendable {
  /// The one instance, created on first use.
  static let shared = FSDirectoryWatcher()

  /// One watch: the file's directory and name, and whom to notify.
  struct Registration: Sendable {
    let key: ObjectIdentifier
    let directory: String
    let name: String
    let notifier: FSChangeNotifier
  }

  /// Where a registration is armed: on the file's directory, or, while that is missing, on the
  /// nearest existing ancestor, waiting for the next path component (`expectedName`).
  private struct Armed {
    var registration: Registration
    var descriptor: Int32
    var expectedName: String
    var onFileDirectory: Bool
  }

  private struct State {
    var armed: [ObjectIdentifier: Armed] = [:]
    var keysByDescriptor: [Int32: Set<ObjectIdentifier>] = [:]
  }

  private static let mask: UInt32 =
    UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
    | UInt32(IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_EXCL_UNLINK)

  private let fd: Int32
  private let state = LockIsolated(State())
  private let queue = DispatchQueue(label: "SharedState.FileSystem.inotify")
  nonisolated(unsafe) private let source: (any DispatchSourceRead)?

  private init() {
    fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    source = fd >= 0 ? DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue) : nil
    source?.setEventHandler { [self] in drain() }
    source?.resume()
  }

  /// Starts delivering events for `registration`.
  func add(_ registration: Registration) {
    guard fd >= 0 else { return }
    state.withLock { state in
      if arm(registration, in: &state) {
        registration.notifier.signal()
      }
    }
  }

  /// Stops delivering events for the registration with `key`.
  func remove(_ key: ObjectIdentifier) {
    state.withLock { state in
      guard let armed = state.armed.removeValue(forKey: key) else { return }
      detach(key, from: armed.descriptor, in: &state)
    }
  }

  /// Adds an inotify watch on the file's directory or its nearest existing ancestor. Returns
  /// true when a missing directory appeared while arming, so a change may have been missed.
  private func arm(_ registration: Registration, in state: inout State) -> Bool {
    var raced = false
    for _ in 0..<100 {
      var (directory, name) = (registration.directory, registration.name)
      var descriptor = inotify_add_watch(fd, directory, Self.mask)
      while descriptor < 0 {
        let code = errno
        // Anything but a missing directory (no permission, watch limit): stay unarmed.
        guard code == ENOENT || code == ENOTDIR, directory != "/" else { return raced }
        (directory, name) = FSPath.split(directory)
        descriptor = inotify_add_watch(fd, directory, Self.mask)
      }
      let onFileDirectory = directory == registration.directory
      var info = stat()
      if !onFileDirectory && stat(FSPath.join(directory, name), &info) == 0
        && info.fsFileType == mode_t(S_IFDIR)
      {
        // The missing directory was created after we looked; its creation sent no event here.
        raced = true
        if state.keysByDescriptor[descriptor] == nil { inotify_rm_watch(fd, descriptor) }
        continue
      }
      state.armed[registration.key] = Armed(
        registration: registration,
        descriptor: descriptor,
        expectedName: name,
        onFileDirectory: onFileDirectory
      )
      state.keysByDescriptor[descriptor, default: []].insert(registration.key)
      return raced
    }
    return raced
  }

  /// Re-arms a registration from scratch, keeping the old inotify watch if it is reused.
  private func rearm(_ key: ObjectIdentifier, in state: inout State) {
    guard let old = state.armed.removeValue(forKey: key) else { return }
    _ = arm(old.registration, in: &state)
    if state.armed[key]?.descriptor != old.descriptor {
      detach(key, from: old.descriptor, in: &state)
    }
    old.registration.notifier.signal()
  }

  private func detach(_ key: ObjectIdentifier, from descriptor: Int32, in state: inout State) {
    state.keysByDescriptor[descriptor]?.remove(key)
    if state.keysByDescriptor[descriptor]?.isEmpty == true {
      state.keysByDescriptor[descriptor] = nil
      inotify_rm_watch(fd, descriptor)
    }
  }

  /// Reads and handles all pending events (runs on `queue`).
  private func drain() {
    let capacity = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let count = read(fd, buffer, capacity)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      state.withLock { state in
        // struct inotify_event: int wd; uint32 mask, cookie, len; char name[len].
        let header = 16
        var offset = 0
        while offset + header <= count {
          let descriptor = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
          let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          var name: String?
          if length > 0 {
            let start = (buffer + offset + header).assumingMemoryBound(to: CChar.self)
            name = String(cString: start)
          }
          handle(descriptor: descriptor, mask: mask, name: name, in: &state)
          offset += header + length
        }
      }
    }
  }

  private func handle(descriptor: Int32, mask: UInt32, name: String?, in state: inout State) {
    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
      // Events were dropped: every watch may have missed something.
      for armed in state.armed.values { armed.registration.notifier.signal() }
      return
    }
    guard let keys = state.keysByDescriptor[descriptor] else { return }
    if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
      // The watched directory is gone from its path: find the path's directory again.
      for key in keys { rearm(key, in: &state) }
      return
    }
    guard let name else { return }
    for key in keys {
      guard let armed = state.armed[key], armed.expectedName == name else { continue }
      if armed.onFileDirectory {
        armed.registration.notifier.signal()
      } else {
        rearm(key, in: &state)
      }
    }
  }
}

#elseif canImport(Darwin)

/// A watch built from two dispatch sources: one on the directory (entries created, deleted or
/// renamed) and one on the current file (written, extended, attributes), re-opened after every
/// directory event because atomic saves replace the file.
final class FSVnodeWatch: FileWatch, @unchecked Sendable {
  private struct State {
    var fileSource: (any DispatchSourceFileSystemObject)?
    var cancelled = false
  }

  private let path: String
  private let notifier: FSChangeNotifier
  private let queue = DispatchQueue(label: "SharedState.FileSystem.vnode")
  private let directorySource: (any DispatchSourceFileSystemObject)?
  private let state = LockIsolated(State())

  init(path: String, notifier: FSChangeNotifier) {
    self.path = path
    self.notifier = notifier
    let fd = open(FSPath.split(path).directory, O_EVTONLY)
    if fd >= 0 {
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: fd, eventMask: [.write, .delete, .rename, .revoke], queue: queue
      )
      source.setCancelHandler { close(fd) }
      directorySource = source
    } else {
      directorySource = nil
    }
    directorySource?.setEventHandler { [weak self] in
      notifier.signal()
      self?.reopenFileSource()
    }
    reopenFileSource()
    directorySource?.resume()
  }

  deinit {
    cancel()
  }

  func cancel() {
    notifier.cancel()
    directorySource?.cancel()
    let fileSource = state.withLock { state in
      state.cancelled = true
      defer { state.fileSource = nil }
      return state.fileSource
    }
    fileSource?.cancel()
  }

  private func reopenFileSource() {
    var source: (any DispatchSourceFileSystemObject)?
    let fd = open(path, O_EVTONLY)
    if fd >= 0 {
      let newSource = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: fd,
        eventMask: [.write, .extend, .attrib, .delete, .rename, .revoke],
        queue: queue
      )
      let notifier = self.notifier
      newSource.setEventHandler { notifier.signal() }
      newSource.setCancelHandler { close(fd) }
      source = newSource
    }
    let (old, install) = state.withLock {
      state -> ((any DispatchSourceFileSystemObject)?, Bool) in
      guard !state.cancelled else { return (nil, false) }
      defer { state.fileSource = source }
      return (state.fileSource, true)
    }
    old?.cancel()
    if install {
      source?.resume()
    } else if let source {
      source.resume()
      source.cancel()
    }
  }
}

#else

/// A watch that never calls back, for platforms without a supported notification API.
final class FSInertWatch: FileWatch {
  private let notifier: FSChangeNotifier

  init(notifier: FSChangeNotifier) {
    self.notifier = notifier
  }

  func cancel() {
    notifier.cancel()
  }
}

#endif
