// syncups: a meeting manager for daily stand-ups. Everything happens in `Program`.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A write past the file-size limit (`ulimit -f`) must fail with EFBIG, so that it is reported
// and its temporary file removed, rather than kill the program mid-write (SIGXFSZ's default).
signal(SIGXFSZ, SIG_IGN)
exit(Program.run(Array(CommandLine.arguments.dropFirst())))
