import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

private let esc = "\u{1B}"

/// `syncups list`: its table of sync-ups (``SyncUpListRenderer``).
@Suite("list: the table")
struct ListTests {
  let engineering = RenderingFixtures.shortIDs.engineering
  let design = RenderingFixtures.shortIDs.design

  @Test func list() {
    #expect(
      SyncUpListRenderer.render([engineering, design], style: .plain) == """
        ID        TITLE        ATTENDEES  LENGTH          THEME      MEETINGS
        3F2A9C1E  Engineering          3  10 min          Bubblegum         2
        B80D44A7  Design               2  1 min, 30 secs  Seafoam           0

        """)
  }

  @Test func listTruncatesTitlesToTheWidth() {
    var review = design
    review.title = "设计评审会议"
    let text = SyncUpListRenderer.render([engineering, review], style: .plain, width: 66)
    #expect(
      text == """
        ID        TITLE     ATTENDEES  LENGTH          THEME      MEETINGS
        3F2A9C1E  Enginee…          3  10 min          Bubblegum         2
        B80D44A7  设计评…           2  1 min, 30 secs  Seafoam           0

        """)
    for line in text.split(separator: "\n") {
      #expect(displayWidth(String(line)) == 66)
    }
  }

  @Test func listKeepsTitlesWhenThereIsRoom() {
    #expect(
      SyncUpListRenderer.render([design], style: .plain, width: 200) == """
        ID        TITLE   ATTENDEES  LENGTH          THEME    MEETINGS
        B80D44A7  Design          2  1 min, 30 secs  Seafoam         0

        """)
  }

  @Test func listOnANarrowTerminalKeepsFiveColumnsOfTitle() {
    #expect(
      SyncUpListRenderer.render([engineering], style: .plain, width: 20) == """
        ID        TITLE  ATTENDEES  LENGTH  THEME      MEETINGS
        3F2A9C1E  Engi…          3  10 min  Bubblegum         2

        """)
  }

  @Test func emptyListPrintsNothingAndHasAHint() {
    #expect(SyncUpListRenderer.render([], style: .plain) == "")
    #expect(
      UserText.noSyncUps
        == "No sync-ups yet. Add one with: syncups add --title <title>\n")
  }

  @Test func listInColor() {
    #expect(
      SyncUpListRenderer.render([engineering], style: TerminalStyle(depth: .trueColor)) == """
        \(esc)[1mID        TITLE        ATTENDEES  LENGTH  THEME         MEETINGS\(esc)[0m
        3F2A9C1E  Engineering          3  10 min  \(esc)[48;2;238;128;209m  \(esc)[0m Bubblegum         2

        """)
  }
}
