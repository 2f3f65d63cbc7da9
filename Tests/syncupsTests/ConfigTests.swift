import Foundation
import SharedState
import SyncUpsCore
import Testing

@testable import syncups

/// `syncups config list` and `config get`: the settings as text (``ConfigRenderer``).
@Suite("config: the settings as text")
struct ConfigTests {
  @Test func configList() {
    var values = RenderingFixtures.defaultConfig
    #expect(
      ConfigRenderer.list(values) == """
        bell              change
        color             auto
        default-duration  5m
        default-theme     bubblegum
        hook-timeout      10s
        order             listed
        overtime          off
        pace              fixed
        repositories
        warn              none
        workdays          mon-fri
        me

        """)
    values = ConfigValues([
      .bell: BellSetting.off, .color: ColorSetting.never, .defaultDuration: 90,
      .defaultTheme: Theme.sky, .order: SpeakingOrder.rotated, .overtime: true,
      .pace: PaceMode.bank, .warn: CueWarnings(rawValue: "30s,10s")!,
      .workdays: WorkingDays(rawValue: "sun-thu")!,
      .hookTimeout: 90, .me: "Blob", .repositories: ["~/src/*", "/srv/git/api"],
    ])
    #expect(
      ConfigRenderer.list(values) == """
        bell              off
        color             never
        default-duration  1m30s
        default-theme     sky
        hook-timeout      1m30s
        order             rotated
        overtime          on
        pace              bank
        repositories      '~/src/*' /srv/git/api
        warn              30s,10s
        workdays          sun-thu
        me                Blob

        """)
  }

  @Test func configGet() {
    let values = RenderingFixtures.defaultConfig
    #expect(ConfigRenderer.value(values, for: .bell) == "change\n")
    #expect(ConfigRenderer.value(values, for: .color) == "auto\n")
    #expect(ConfigRenderer.value(values, for: .defaultDuration) == "5m\n")
    #expect(ConfigRenderer.value(values, for: .defaultTheme) == "bubblegum\n")
  }
}
