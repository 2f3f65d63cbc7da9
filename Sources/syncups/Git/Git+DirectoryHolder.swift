#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where git would find the repository of a folder, found without running git.
extension Git {
  /// The first directory from `directory` up that holds a `.git` (a directory, or the file of
  /// a linked work tree), where git would look first; nil when none does.
  static func directoryHolder(from directory: String) -> String? {
    var candidate = directory
    while true {
      var info = stat()
      if lstat(candidate + "/.git", &info) == 0 { return candidate }
      guard let slash = candidate.lastIndex(of: "/"), candidate != "/" else { return nil }
      candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
    }
  }
}
