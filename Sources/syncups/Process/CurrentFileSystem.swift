import SharedState

/// The file system syncups reads and writes its files through, the data file's own (the
/// `defaultFileStorage` dependency): the disk, or memory in a test.
///
/// ```swift
/// let isFolder = (try? currentFileSystem.resolvedEntry(path))?.kind == .directory
/// ```
var currentFileSystem: any FileSystem {
  @Dependency(\.defaultFileStorage.fileSystem) var fileSystem
  return fileSystem
}
