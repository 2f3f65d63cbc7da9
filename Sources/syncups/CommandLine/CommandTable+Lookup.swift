extension CommandTable {
  /// The command at a path of canonical names (`["meeting", "show"]`); the root for `[]`.
  static func command(at path: [String]) -> CommandSpec? {
    var command = root
    for name in path {
      guard let next = command.subcommand(named: name) else { return nil }
      command = next
    }
    return command
  }

  /// Every command a person may be shown, depth first, as (path, description) pairs; groups
  /// come before their subcommands. The root is not included.
  package static var visibleCommands: [(path: [String], command: CommandSpec)] {
    var result: [(path: [String], command: CommandSpec)] = []
    func visit(_ command: CommandSpec, _ path: [String]) {
      for subcommand in command.visibleSubcommands {
        let subpath = path + [subcommand.name]
        result.append((subpath, subcommand))
        visit(subcommand, subpath)
      }
    }
    visit(root, [])
    return result
  }
}
