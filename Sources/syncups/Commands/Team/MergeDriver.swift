import SyncUpsCore

/// `merge-driver BASE OURS THEIRS [PATH]`: git's merge driver for the data file. It reads and
/// writes the three files git names, never the data file, so the data file's settings do not
/// apply.
struct MergeDriverCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "merge-driver",
    abstract: "Merge three versions of the data file by id (a git merge driver).",
    discussion: """
      Git runs it as 'syncups merge-driver %O %A %B %P' to merge the data file: <base> is the \
      common ancestor, <ours> the version being merged into, <theirs> the version being \
      merged in, and <path> the data file's path in the repository. It merges them by id, \
      never line by line: a sync-up, attendee or meeting added on either side is kept; one \
      deleted on one side is deleted, unless the other side changed it, which keeps it; meetings are the union of both histories, newest first; \
      each field (title, duration, theme, an attendee's name, keys from newer versions) \
      changed on one side takes that change. A field changed on both sides to different \
      values is a conflict, resolved by taking the newer side's value ($SYNCUPS_MERGE_NEWER: \
      ours or theirs; ours when unset). Either way it is reported on stderr as 'syncups: \
      conflict: <message>' and, when $SYNCUPS_MERGE_REPORT names a file, appended to it as a \
      line of JSON.

      A sync-up both sides keep that <base> lacks (each side kept it when merging a \
      teammate's delete) is merged against the last version both sides had in common: with \
      <path>, during a 'git merge', the newest version of the data file in the merge base's \
      history that holds it. So one teammate's rename and another's removed attendee both \
      survive a third's delete. Without one, each field that differs is a conflict.

      The result is written over <ours> in the data file's format, atomically and keeping its \
      mode, and the status is 0: git never sees a conflict, and the file never holds conflict \
      markers. A missing or empty <base> holds no sync-ups. A side that is not a data file \
      (ours, or the SyncUps app's) fails with status 65 and leaves <ours> as it was, so git \
      reports that the merge failed. It never reads or changes the data file in the work tree.
      """,
    runs: Self.self,
    bindings: [
      .argument(
        ArgumentSpec(
          name: "base", help: "The common ancestor's version (git's %O).", completion: .file),
        \.base),
      .argument(
        ArgumentSpec(
          name: "ours", help: "Our version (git's %A); the merge is written here.",
          completion: .file),
        \.ours),
      .argument(
        ArgumentSpec(name: "theirs", help: "Their version (git's %B).", completion: .file),
        \.theirs),
      .argument(
        ArgumentSpec(
          name: "path",
          help: "The data file's path from the top of the repository (git's %P), to look in "
            + "its history.",
          isOptional: true),
        \.path, parse: { text, _, _ in text }),
    ],
    examples: [
      ExampleSpec(
        "Merge the data file with it in a git repository:",
        "git config merge.syncups.driver 'syncups merge-driver %O %A %B %P'"),
      ExampleSpec(
        "Then tell git which file to merge with it:",
        "echo 'sync-ups.json merge=syncups' >> .gitattributes"),
    ]
  )

  var base = ""
  var ours = ""
  var theirs = ""
  var path: String?
  var touchesFiles: Bool { false }
  @MainActor func run(in context: CommandContext) throws {
    try context.mergeDriver(base: base, ours: ours, theirs: theirs, path: path)
  }
}
