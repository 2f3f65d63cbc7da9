#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SyncUpsCore

extension ValueParser {
  /// An IANA time zone name, any case, as the system knows it: its name as the system spells
  /// it.
  static func zone(_ text: String, for name: String, path: [String]) throws(UsageError) -> String {
    guard let zone = TimeZones.canonical(text) else {
      throw UsageError(
        "'\(text)' is not a time zone this system knows: give an IANA name such as "
          + "Europe/Berlin or America/New_York", path: path)
    }
    return zone
  }
}

/// The time zones a schedule or an attendee may be in: those the system has a zone file for
/// (``ZoneRules``).
enum TimeZones {
  /// The system's zone names, sorted; UTC among them.
  static var all: [String] { ZoneRules.identifiers() }

  /// The zone `text` names, any case, as the system spells it; nil for a name it does not know.
  static func canonical(_ text: String) -> String? {
    if ZoneRules.named(text) != nil { return text }
    let lowered = text.lowercased()
    return all.first { $0.lowercased() == lowered }
  }

  /// The user's zone, by name: `TZ` when it names a zone (`Europe/Berlin`, `:Europe/Berlin`, a
  /// path ending in `zoneinfo/Europe/Berlin`), else the zone `/etc/localtime` leads to, else
  /// UTC.
  static func user(environment: [String: String]) -> String {
    func zone(_ path: String) -> String? {
      var name = Substring(path)
      if name.hasPrefix(":") { name = name.dropFirst() }
      if let range = name.firstRange(of: "zoneinfo/") { name = name[range.upperBound...] }
      return name.isEmpty ? nil : canonical(String(name))
    }
    if let name = environment["TZ"], let found = zone(name) { return found }
    if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
      let found = zone(link)
    {
      return found
    }
    return "UTC"
  }
}

extension CommandContext {
  /// The user's zone (``TimeZones/user(environment:)``).
  var userZone: String { TimeZones.user(environment: environment) }
}
