#if canImport(Glibc)
  import Glibc

  /// What `waitpid` reports of a child.
  public enum ChildStatus: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// This signal ended it.
    case killed(Int32)
    /// This signal stopped it (reported with `WUNTRACED`).
    case stopped(Int32)

    /// The state a `waitpid` status word stands for.
    public init(waitStatus status: Int32) {
      let low = status & 0x7F
      switch low {
      case 0: self = .exited((status >> 8) & 0xFF)
      case 0x7F: self = .stopped((status >> 8) & 0xFF)
      default: self = .killed(low)
      }
    }

    /// Waits for `pid` to exit or die (or stop, with `WUNTRACED` in `options`), through
    /// interrupted calls; nil when there is no such child or `WNOHANG` found nothing yet.
    public static func wait(for pid: pid_t, options: Int32 = 0) -> ChildStatus? {
      var status: Int32 = 0
      while true {
        let result = waitpid(pid, &status, options)
        if result == pid { return ChildStatus(waitStatus: status) }
        if result == 0 || errno != EINTR { return nil }
      }
    }
  }
#endif
