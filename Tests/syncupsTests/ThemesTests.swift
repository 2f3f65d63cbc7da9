import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

private let esc = "\u{1B}"

/// `syncups themes`: the table of themes (``ThemeListRenderer``).
@Suite("themes: the table")
struct ThemesTests {
  @Test func themes() {
    #expect(
      ThemeListRenderer.render(style: .plain) == """
        NAME        DISPLAY NAME  HEX      TEXT COLOR
        bubblegum   Bubblegum     #EE80D1  black
        buttercup   Buttercup     #FFF196  black
        indigo      Indigo        #360071  white
        lavender    Lavender      #CFCEFF  black
        magenta     Magenta       #A51377  white
        navy        Navy          #001441  white
        orange      Orange        #FF8B42  black
        oxblood     Oxblood       #4A070B  white
        periwinkle  Periwinkle    #8682FF  black
        poppy       Poppy         #FF5E5E  black
        purple      Purple        #914BF2  white
        seafoam     Seafoam       #CBEAE5  black
        sky         Sky           #6E92FF  black
        tan         Tan           #C29B7E  black
        teal        Teal          #228F9E  black
        yellow      Yellow        #FFDF4D  black

        """)
  }

  @Test(arguments: [
    (ColorDepth.trueColor, "48;2;238;128;209", "48;2;255;241;150"),
    (.ansi256, "48;5;212", "48;5;228"),
    (.ansi16, "105", "103"),
  ])
  func themesInColor(depth: ColorDepth, bubblegum: String, buttercup: String) {
    let lines = ThemeListRenderer.render(style: TerminalStyle(depth: depth))
      .split(separator: "\n").prefix(3)
    #expect(
      Array(lines) == [
        "\(esc)[1m    NAME        DISPLAY NAME  HEX      TEXT COLOR\(esc)[0m",
        "\(esc)[\(bubblegum)m  \(esc)[0m  bubblegum   Bubblegum     #EE80D1  black",
        "\(esc)[\(buttercup)m  \(esc)[0m  buttercup   Buttercup     #FFF196  black",
      ])
  }
}
