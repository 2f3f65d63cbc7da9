// syncups: a meeting manager for daily stand-ups. Everything happens in `Program`.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(Program.run(Array(CommandLine.arguments.dropFirst())))
