#if os(Linux)
import ChildProcessSupport

/// Standard input that arrives slowly, in pieces.
enum PipeCases {
  static var all: [ReliabilityCase] {
    [ReliabilityCase("import-slow-pipe", importSlowPipe)]
  }

  /// `import -` fed a document in three pieces with pauses between them (so reads return
  /// partial data): everything is imported once the pipe closes; and an `import -` whose input
  /// closes empty fails with exit 65 and changes nothing.
  static func importSlowPipe(_ context: CaseContext) throws {
    let syncups = try context.makeSyncups()
    let (document, titles) = Fixtures.dataset(
      count: 3, meetings: 2, titlePrefix: "Piped", appFormat: context.random.chance(0.5),
      random: &context.random)
    let bytes = document.encoded()
    let process = try ChildProcess.spawn(syncups.invocation(["import", "-"], input: .open))
    let thirds = [0, bytes.count / 3, bytes.count * 2 / 3, bytes.count]
    for index in 0..<3 {
      try require(
        process.writeInput(Array(bytes[thirds[index]..<thirds[index + 1]])), "import stopped reading")
      sleepSeconds(0.1)
    }
    process.closeInput()
    let outcome = ChildProcess.collect([process])[0]
    try require(outcome.status == 0, "import -: \(outcome.summary): \(visible(outcome.stderr))")
    let imported = try syncups.titles()
    try require(imported == titles, "imported \(imported), expected \(titles)")

    let before = TreeSnapshot.take(of: syncups.root, identities: true)
    let empty = try ChildProcess.spawn(syncups.invocation(["import", "-"], input: .open))
    sleepSeconds(0.05)
    empty.closeInput()
    let rejected = ChildProcess.collect([empty])[0]
    try require(rejected.status == 65, "import - of nothing: \(rejected.summary), expected exit 65")
    if let shape = OutputChecks.errorShapeProblem(rejected) {
      throw CaseFailure("import - of nothing: \(shape)")
    }
    let after = TreeSnapshot.take(of: syncups.root, identities: true)
    try require(after == before, "import - of nothing changed the disk: \(before.changes(in: after))")
  }
}

#endif
