#if os(Linux)
import Glibc

/// Sleeps for `seconds`.
func sleepSeconds(_ seconds: Double) {
  guard seconds > 0 else { return }
  var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 && errno == EINTR {
    request = remaining
  }
}

#endif
