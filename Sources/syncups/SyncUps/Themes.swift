import SyncUpsCore

struct ThemesCommand: RunnableCommand {
  static let spec = CommandSpec(
    name: "themes",
    abstract: "List the 16 colour themes with swatches.",
    runs: Self.self
  )

  @MainActor func run(in context: CommandContext) throws {
    Output.standard(
      context.options.json
        ? JSONOutput.themes.text() : ThemeListRenderer.render(style: context.style))
  }
}

/// The human output of `syncups themes`: the 16 themes in order, with their name (as `--theme`
/// takes it), display name, colour and text colour; with colour on, each row starts with a
/// swatch and the header is bold.
///
/// ```text
/// NAME        DISPLAY NAME  HEX      TEXT COLOR
/// bubblegum   Bubblegum     #EE80D1  black
/// buttercup   Buttercup     #FFF196  black
/// ```
enum ThemeListRenderer {
  /// The table, ending in a newline.
  static func render(style: TerminalStyle) -> String {
    let swatchColumn: [TextTable.Alignment] = style.isColored ? [.left] : []
    var table = TextTable(alignments: swatchColumn + [.left, .left, .left, .left])
    let headerSwatch: [TextTable.Cell] = style.isColored ? [""] : []
    table.append(headerSwatch + ["NAME", "DISPLAY NAME", "HEX", "TEXT COLOR"])
    for theme in Theme.allCases {
      let swatch: [TextTable.Cell] =
        style.isColored ? [TextTable.Cell(style.swatch(theme), width: 2)] : []
      table.append(
        swatch + [
          TextTable.Cell(theme.rawValue), TextTable.Cell(theme.displayName),
          TextTable.Cell(theme.hex), TextTable.Cell(theme.accentColor.rawValue),
        ])
    }
    var lines = table.lines()
    lines[0] = style.bold(lines[0])
    return lines.joined(separator: "\n") + "\n"
  }
}
