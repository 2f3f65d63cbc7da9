#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandContext {
  /// Whether to go ahead with deleting `what` (as a message names it): see
  /// ``confirm(_:yes:refusal:path:)``.
  func confirmDeletion(of what: String, asking question: String, yes: Bool, path: [String]) throws
    -> Bool
  {
    try confirm(
      question, yes: yes,
      refusal: "refusing to delete \(what) without --yes: standard input is not a terminal",
      path: path)
  }

  /// Whether to go ahead: at once with `--yes`, else the answer to `question` on the terminal,
  /// where only `y` or `yes` (in any case) agrees; Enter, anything else and end of input
  /// decline.
  ///
  /// - Throws: a usage error saying `refusal` when standard input is not a terminal and `yes`
  ///   is false: nobody could be asked, and a script re-run from history must not agree by
  ///   accident.
  func confirm(_ question: String, yes: Bool, refusal: String, path: [String]) throws -> Bool {
    if yes { return true }
    guard isatty(0) == 1 else { throw UsageError(refusal, path: path) }
    Output.error(question + " [y/N] ")
    guard let answer = readLine() else {
      Output.error("\n")  // end of input left the cursor after the question
      return false
    }
    let word = answer.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace)
    return ["y", "yes"].contains(String(word.reversed()).lowercased())
  }

  /// What went wrong when the thing a person agreed to delete is gone by the time the lock is
  /// taken: another command deleted it meanwhile.
  func deletedMeanwhile(_ name: String) -> String {
    "\(name) was deleted by another command meanwhile; nothing else was deleted"
  }
}
