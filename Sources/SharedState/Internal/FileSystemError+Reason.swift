#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystemError {
  /// Why the operation failed, without the path: for callers that name the file themselves.
  public var reason: String {
    if let errno { return String(cString: strerror(errno)) }
    // "cannot write '<path>': <why>": the storage error names the path itself.
    if message.hasPrefix("cannot "), let named = message.firstRange(of: "'\(path)': ") {
      return String(message[named.upperBound...])
    }
    return message
  }
}
