#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width that tables printed to standard output should fit: the terminal's number of
/// columns when standard output is a terminal, else `$COLUMNS` when it is a positive number,
/// else `nil` (no limit: output piped to a file or a program is never truncated).
///
/// ```swift
/// SyncUpListRenderer.render(syncUps, style: style, width: standardOutputColumns())
/// ```
func standardOutputColumns() -> Int? {
  if isatty(1) == 1 {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
  }
  if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)), columns > 0 {
    return columns
  }
  return nil
}
