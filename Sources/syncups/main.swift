// The syncups command. Its commands arrive with the command-line layer; until then it answers
// only --help and --version.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let version = "0.1.0"
let help = """
  OVERVIEW: A meeting manager for daily stand-ups.

  USAGE: syncups [--help] [--version]

  OPTIONS:
    -h, --help      Show this help.
    --version       Show the version.

  """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil, "-h", "--help", "help":
  print(help, terminator: "")
case "--version":
  print(version)
case let argument?:
  var message = "Error: unknown argument '\(argument)'\nUsage: syncups [--help] [--version]\n"
  message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  exit(64)
}
