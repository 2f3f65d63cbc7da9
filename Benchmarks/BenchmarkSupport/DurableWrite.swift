#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces the file at `path` with `bytes` as the data file is written, with nothing else
/// around it: a temporary file beside it, `fsync`, `rename` over the file, `fsync` of the
/// directory. The floor of every change to a file (C8, W7): what a durable save cannot avoid.
public func writeDurably(_ bytes: UnsafeRawBufferPointer, to path: String) {
  let temporary = path + ".floor-tmp"
  let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  precondition(fd >= 0, "cannot create \(temporary)")
  var offset = 0
  while offset < bytes.count {
    let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
    precondition(count > 0 || errno == EINTR, "cannot write \(temporary)")
    if count > 0 { offset += count }
  }
  precondition(fsync(fd) == 0, "cannot flush \(temporary)")
  close(fd)
  precondition(rename(temporary, path) == 0, "cannot replace \(path)")
  let slash = path.lastIndex(of: "/")
  let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
  let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  precondition(directoryFD >= 0, "cannot open \(directory)")
  _ = fsync(directoryFD)
  close(directoryFD)
}
