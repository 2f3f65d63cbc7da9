import SharedState

/// The user's systemd manager, reached through `systemctl --user` (found on `PATH`): whether
/// one runs for this user, and the timers it is asked to start or stop. Where `systemctl` is
/// missing or cannot reach a manager (a container, a machine without systemd, a session
/// without one), there is none, and reminders are left to cron.
///
/// ```swift
/// if let manager = UserManager(environment: context.environment) {
///   try manager.enable("syncups-remind-5e6b1a52-….timer")
/// }
/// ```
struct UserManager {
  let systemctl: String
  let environment: [String: String]

  /// The user's manager, or nil when `systemctl --user` cannot reach one.
  init?(environment: [String: String]) {
    guard let systemctl = ProgramSearch.find("systemctl", environment: environment) else {
      return nil
    }
    self.systemctl = systemctl
    self.environment = environment
    guard (try? run(["show", "--property=Version"]))?.status == 0 else { return nil }
  }

  /// Reads the unit files again and starts `timer`, now and at each login.
  func enable(_ timer: String) throws {
    try check(run(["daemon-reload"]), doing: "reload the units")
    try check(run(["enable", "--now", timer]), doing: "enable \(timer)")
  }

  /// Stops `timer` and no longer starts it at login.
  func disable(_ timer: String) throws {
    try check(run(["disable", "--now", timer]), doing: "disable \(timer)")
  }

  /// Reads the unit files again, once some are gone.
  func reload() throws {
    try check(run(["daemon-reload"]), doing: "reload the units")
  }

  private func run(_ arguments: [String]) throws -> Subprocess.Result {
    do {
      return try Subprocess.run(
        systemctl, ["--user"] + arguments, environment: environment, timeLimit: .seconds(30))
    } catch {
      throw CommandFailure("cannot run '\(sanitize(systemctl))': \(error.message)")
    }
  }

  private func check(_ result: Subprocess.Result, doing what: String) throws {
    guard result.status != 0 else { return }
    let said = result.error.split(separator: "\n").last.map(String.init) ?? ""
    throw CommandFailure(
      "systemctl --user could not \(what)" + (said.isEmpty ? "" : ": \(sanitize(said))"))
  }
}
