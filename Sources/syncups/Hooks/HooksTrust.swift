#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct HooksTrustCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "trust",
    abstract: "Let the data repository's hooks run, as they are now.",
    discussion: """
      The hooks in .syncups/hooks at the top of the git repository that holds the data file \
      come from your teammates: they run only once you trust them, and only as they were \
      then. Any change to them (a file changed, added or removed, or made executable) needs \
      trusting again. On a terminal, lists every file there first (its event, path, size, \
      SHA-256 and first lines) and asks; only y or yes trusts them. Otherwise --yes is \
      required. The trust is kept in trusted-hooks.json beside the settings \
      ($XDG_CONFIG_HOME/syncups).
      """,
    runs: Self.self,
    bindings: [
      .flag(OptionSpec(long: "yes", short: "y", help: "Trust without asking."), \.yes)
    ],
    examples: [
      ExampleSpec("Read the repository's hooks, then trust them:", "syncups hooks trust")
    ])

  var yes = false
  var touchesFiles: Bool { false }

  /// How many lines of each program the review shows.
  static let reviewedLines = 5

  @MainActor func run(in context: CommandContext) throws {
    let directory = try context.repositoryHooksDirectory()
    let trust = HookTrust(environment: context.environment)
    _ = try trust.load()  // an unreadable trust file is said before anyone is asked
    // What is trusted is what was shown: a change after the review needs trusting again.
    let fingerprint = HookTrust.fingerprint(of: directory)
    let programs = context.installedHooks.hooks.filter(\.isFromRepository)
    if !yes, isatty(0) == 1 { Output.error(Self.review(of: directory, programs: programs)) }
    guard
      try context.confirm(
        "Trust these hooks to run as you?", yes: yes,
        refusal: "refusing to trust the hooks in '\(sanitize(directory))' without --yes: "
          + "standard input is not a terminal; read them, then run 'syncups hooks trust --yes'",
        path: ["hooks", "trust"])
    else {
      context.say("Nothing trusted.")
      return
    }
    try trust.save(directory, fingerprint: fingerprint)
    context.say(
      "Trusted the hooks in '\(sanitize(directory))' as they are now"
        + (programs.isEmpty ? " (none for any event yet)." : ":"))
    for hook in programs { context.say("  \(hook.event.rawValue)  \(sanitize(hook.path))") }
  }

  /// Every file under `directory`, the programs first: each with its event (or that no event
  /// runs it), path, size and SHA-256, and a program's first lines.
  static func review(of directory: String, programs: [InstalledHooks.Hook]) -> String {
    let all = HookTrust.files(under: directory, followingLinks: false).sorted()
      .map { directory + "/" + $0 }.filter { InstalledHooks.isFile($0) }
    let paths = programs.map(\.path) + all.filter { !programs.map(\.path).contains($0) }
    guard !paths.isEmpty else { return "'\(sanitize(directory))' holds no files yet.\n" }
    var text = "The hooks in '\(sanitize(directory))' would run as you:\n"
    for path in paths {
      let bytes = (try? currentFileSystem.read(path)).map { [UInt8]($0.data) } ?? []
      var hash = SHA256()
      hash.update(bytes)
      let event = programs.first { $0.path == path }.map(\.event.rawValue) ?? "(no event)"
      text += "\n\(event)  \(sanitize(path))\n"
      text += "  \(bytes.count) \(bytes.count == 1 ? "byte" : "bytes"), SHA-256 \(hash.hexDigest())\n"
      guard programs.contains(where: { $0.path == path }) else { continue }
      var lines = sanitizedLines(String(decoding: bytes, as: UTF8.self))
      if lines.last == "" { lines.removeLast() }
      for line in lines.prefix(reviewedLines) { text += "  | \(line)\n" }
      if lines.count > reviewedLines { text += "  | … \(lines.count - reviewedLines) more lines\n" }
    }
    return text + "\n"
  }
}
