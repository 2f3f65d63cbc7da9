#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SharedState
import SyncUpsCore

/// One sync-up's reminder as systemd user units: a timer,
/// `$XDG_CONFIG_HOME/systemd/user/syncups-remind-<id>.timer`, that wakes at the times the
/// schedule's rule gives less the time before, and the service it starts, which runs
/// `syncups remind fire <id>` on the data file in use; or, where no user manager runs, the one
/// crontab line that does the same.
///
/// ```ini
/// [Timer]
/// OnCalendar=Mon..Fri *-*-* 09:25:00 Europe/Berlin
/// Persistent=false
/// AccuracySec=1s
///
/// [X-SyncUps]
/// Rule=weekdays 09:30
/// ```
///
/// The timer keeps what it was made from in a section systemd leaves alone (`X-SyncUps`: the
/// rule in its normal form, the zone and the time before), so that `remind status` can tell a
/// reminder whose rule has changed since.
struct ReminderUnit: Equatable {
  var syncUpID: UUID
  var title: String
  /// When the timer wakes.
  var times: ReminderTimes
  /// What the timer was made from: the rule in its normal form, its zone, the seconds before.
  var made: Made
  /// The syncups to run and the data file it reads.
  var program: String
  var dataFile: String

  /// What a timer was made from, as its `X-SyncUps` section keeps it.
  struct Made: Equatable {
    var rule: String
    var zone: String
    var before: Int
  }

  /// The units' name without the suffix: `syncups-remind-<id>` (the id in lower case).
  var name: String { Self.name(of: syncUpID) }

  static func name(of syncUpID: UUID) -> String {
    "syncups-remind-" + syncUpID.uuidString.lowercased()
  }

  /// The directory systemd reads a user's units from: `$XDG_CONFIG_HOME/systemd/user`
  /// (`~/.config/systemd/user`).
  static func directory(environment: [String: String]) -> String {
    BaseDirectories(environment: environment).configuration
      .appending(path: "systemd/user", directoryHint: .notDirectory).path
  }

  /// The command the units run, as words: the program, the data file, `remind fire`, the id
  /// and the time before.
  var command: [String] {
    [
      program, "--file", dataFile, "remind", "fire", syncUpID.uuidString.lowercased(),
      "--before", made.before == 0 ? "0" : "\(made.before / 60)m",
    ]
  }

  /// The `.timer` file.
  var timerText: String {
    """
    [Unit]
    Description=\(Self.unitValue("syncups: a reminder of \(title)'s meeting"))

    [Timer]
    OnCalendar=\(times.onCalendar)
    Persistent=false
    AccuracySec=1s

    [Install]
    WantedBy=timers.target

    [X-SyncUps]
    SyncUp=\(syncUpID.uuidString.lowercased())
    Rule=\(Self.unitValue(made.rule))
    Zone=\(made.zone)
    Before=\(made.before)

    """
  }

  /// The `.service` file.
  var serviceText: String {
    """
    [Unit]
    Description=\(Self.unitValue("syncups: remind of \(title)'s meeting"))

    [Service]
    Type=oneshot
    ExecStart=\(command.map(Self.execWord).joined(separator: " "))

    """
  }

  /// The crontab line: cron reads its times in the system's zone, and the command through
  /// `sh`, in which `%` would end the line.
  var crontabLine: String {
    times.cronFields + " "
      + command.map { Self.shellWord($0).replacing("%", with: "\\%") }
      .joined(separator: " ")
  }

  /// What an installed timer's `X-SyncUps` section says it was made from; nil when it has no
  /// such section (a unit of another program's, or edited by hand).
  static func made(fromTimer text: String) -> (syncUp: UUID, made: Made)? {
    var inSection = false
    var values: [String: String] = [:]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("[") {
        inSection = line == "[X-SyncUps]"
      } else if inSection, let equals = line.firstIndex(of: "=") {
        values[String(line[..<equals])] = String(line[line.index(after: equals)...])
      }
    }
    guard let id = values["SyncUp"].flatMap(UUID.init(uuidString:)),
      let rule = values["Rule"], let zone = values["Zone"],
      let before = values["Before"].flatMap({ Int($0) })
    else { return nil }
    return (id, Made(rule: rule.replacing("%%", with: "%"), zone: zone, before: before))
  }

  /// A value on one line of a unit file: line breaks as spaces, `%` (which starts a systemd
  /// specifier) doubled.
  static func unitValue(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 }).replacing("%", with: "%%")
  }

  /// One word of `ExecStart=`: in double quotes when it holds a space or a quote, with `\` and
  /// `"` escaped; `%` and `$` doubled, as systemd would read them as a specifier or a variable.
  static func execWord(_ word: String) -> String {
    var text = unitValue(word).replacing("$", with: "$$")
    let special: Set<Character> = [" ", "\t", "\"", "'", "\\"]
    if text.contains(where: special.contains) {
      let escaped = text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
      text = "\"" + escaped + "\""
    }
    return text
  }

  /// One word for `sh`: as it is when it holds only characters a shell leaves alone, else in
  /// single quotes.
  static func shellWord(_ word: String) -> String {
    let plain = word.allSatisfy {
      $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:@+,".contains($0))
    }
    return plain && !word.isEmpty ? word : "'" + word.replacing("'", with: "'\\''") + "'"
  }
}
