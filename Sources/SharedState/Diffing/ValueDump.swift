#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A type that is dumped as another value by ``valueDump(_:)``.
///
/// Wrappers (such as a shared reference) conform so that dumps show what they wrap:
///
/// ```swift
/// final class Box: CustomDumpValue {
///   var value = 42
///   var customDumpValue: Any { value }
/// }
/// valueDump(Box())  // "42"
/// ```
public protocol CustomDumpValue {
  /// The value to dump in place of `self`, e.g. `value` for a box wrapping `value`.
  var customDumpValue: Any { get }
}

/// A type with a fixed rendering in ``valueDump(_:)``.
///
/// The text is used as is, without quoting or inspecting the value's properties:
///
/// ```swift
/// struct Cents: CustomDumpDescription {
///   var amount: Int
///   var customDumpDescription: String { "\(amount)¢" }
/// }
/// valueDump(Cents(amount: 150))  // "150¢"
/// ```
public protocol CustomDumpDescription {
  /// The text that stands for `self` in a dump, e.g. `"150¢"`.
  var customDumpDescription: String { get }
}

/// Renders any value as stable, structured, indented text.
///
/// Structs and classes show their stored properties in declaration order, collections
/// show one element per line, and nesting is indented by two spaces:
///
/// ```swift
/// struct User { var id: Int; var name: String }
/// valueDump(User(id: 1, name: "Blob"))
/// // User(
/// //   id: 1,
/// //   name: "Blob"
/// // )
/// ```
///
/// A shared value (`Shared`, `SharedReader`) is numbered by the storage it refers to, in the
/// order the dump meets them, so that two fields sharing one storage show it: `#1 0`, and where
/// the same storage comes again, `#1 Int(↩︎)`. A value derived from a storage (`$stats.count`)
/// carries its storage's number.
///
/// Enum cases render as `.caseName(payload)`, with the type name added for the top-level
/// value (`Action.tapped(1)`). Sets and dictionaries are sorted by their dumped text, so the
/// same value always gives the same text. Enums that conform to `CustomStringConvertible`
/// should adopt ``CustomDumpDescription``, since their case names can't be read otherwise.
public func valueDump(_ value: Any) -> String {
  var dumper = ValueDumper()
  return dumper.dump(value, isRoot: true)
}

private struct ValueDumper {
  /// The objects being dumped on the current path, to cut reference cycles.
  var objectsInPath: Set<ObjectIdentifier> = []
  /// The number of each shared storage met so far.
  var storageNumbers: [ObjectIdentifier: Int] = [:]

  mutating func dump(_ value: Any, isRoot: Bool = false) -> String {
    if let value = value as? CustomDumpDescription { return value.customDumpDescription }
    if let shared = value as? any SharedDumpValue {
      let storage = ObjectIdentifier(shared.dumpedStorage)
      let wrapped = shared.customDumpValue
      if let number = storageNumbers[storage] {
        return "#\(number) " + dumpTypeName(type(of: wrapped)) + "(\u{21A9}\u{FE0E})"
      }
      let number = storageNumbers.count + 1
      storageNumbers[storage] = number
      return "#\(number) " + dump(wrapped, isRoot: isRoot)
    }
    if let wrapper = value as? CustomDumpValue {
      guard type(of: wrapper) is AnyClass else {
        return dump(wrapper.customDumpValue, isRoot: isRoot)
      }
      return visiting(wrapper as AnyObject) { $0.dump(wrapper.customDumpValue, isRoot: isRoot) }
    }
    if let leaf = dumpLeaf(value) { return leaf }

    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return dump(wrapped.value, isRoot: isRoot)
    case .enum:
      return dumpEnum(value, mirror, isRoot: isRoot)
    case .tuple:
      return dumpInlineList("(", mirror.children.map { tupleElement($0) }, ")")
    case .collection:
      let items = mirror.children.enumerated().map { "[\($0.offset)]: " + dump($0.element.value) }
      return dumpBlock("[", items, "]", empty: "[]")
    case .set:
      return dumpBlock("[", mirror.children.map { dump($0.value) }.sorted(), "]", empty: "[]")
    case .dictionary:
      let entries = mirror.children.map { entry in
        let pair = Mirror(reflecting: entry.value).children.map(\.value)
        return (key: dump(pair[0]), value: dump(pair[1]))
      }
      let sorted = entries.sorted { ($0.key, $0.value) < ($1.key, $1.value) }
      return dumpBlock("[", sorted.map { "\($0.key): \($0.value)" }, "]", empty: "[:]")
    case .class:
      let name = dumpTypeName(mirror.subjectType)
      return visiting(value as AnyObject) {
        dumpBlock(name + "(", $0.fields(mirror), ")", empty: name + "()")
      }
    default:
      if mirror.displayStyle == nil && mirror.children.isEmpty {
        return String(describing: value)
      }
      let name = dumpTypeName(mirror.subjectType)
      return dumpBlock(name + "(", fields(mirror), ")", empty: name + "()")
    }
  }

  /// Dumps `object` with `body`, or gives `TypeName(↩︎)` when it is already being dumped.
  mutating func visiting(_ object: AnyObject, _ body: (inout ValueDumper) -> String) -> String {
    let id = ObjectIdentifier(object)
    guard !objectsInPath.contains(id) else {
      return dumpTypeName(type(of: object)) + "(\u{21A9}\u{FE0E})"
    }
    objectsInPath.insert(id)
    defer { objectsInPath.remove(id) }
    return body(&self)
  }

  /// `.caseName`, `.caseName(payload)` or `.caseName(label: payload, …)`.
  mutating func dumpEnum(_ value: Any, _ mirror: Mirror, isRoot: Bool) -> String {
    let prefix = isRoot ? dumpTypeName(mirror.subjectType) : ""
    guard let payload = mirror.children.first else {
      return prefix + "." + String(describing: value)
    }
    let caseName = prefix + "." + (payload.label ?? "")
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      return caseName + dumpInlineList("(", payloadMirror.children.map { tupleElement($0) }, ")")
    }
    return caseName + dumpInlineList("(", [dump(payload.value)], ")")
  }

  /// `label: value` per stored property, superclass properties first.
  mutating func fields(_ mirror: Mirror) -> [String] {
    var fields = mirror.superclassMirror.map { self.fields($0) } ?? []
    for child in mirror.children {
      let value = dump(child.value)
      fields.append(child.label.map { dumpPropertyName($0) + ": " + value } ?? value)
    }
    return fields
  }

  /// A tuple element, positional (`.0`) or labelled.
  mutating func tupleElement(_ child: Mirror.Child) -> String {
    let value = dump(child.value)
    guard let label = child.label, !label.hasPrefix(".") else { return value }
    return label + ": " + value
  }
}

/// Renders values that have a fixed textual form, or returns nil.
private func dumpLeaf(_ value: Any) -> String? {
  switch value {
  case let string as String: return dumpQuoted(string)
  case let string as Substring: return dumpQuoted(String(string))
  case let character as Character: return dumpQuoted(String(character))
  case let uuid as UUID: return "UUID(\(uuid.uuidString))"
  case let url as URL: return "URL(\(url.absoluteString))"
  case let data as Data: return "Data(\(data.count) bytes)"
  case let date as Date:
    if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) {
      return "Date(\(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))))"
    }
    return "Date(\(date.timeIntervalSince1970))"
  default:
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), let duration = value as? Duration {
      return "Duration(\(dumpSecondsText(duration)) seconds)"
    }
    return nil
  }
}

/// The exact number of seconds in a duration, e.g. `1.5` or `-0.25`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private func dumpSecondsText(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let sign = seconds < 0 || attoseconds < 0 ? "-" : ""
  guard attoseconds != 0 else { return sign + String(seconds.magnitude) }
  var fraction = String(attoseconds.magnitude)
  fraction = String(repeating: "0", count: 18 - fraction.count) + fraction
  while fraction.hasSuffix("0") { fraction.removeLast() }
  return sign + String(seconds.magnitude) + "." + fraction
}

/// A double-quoted string literal with `"`, `\` and control characters escaped.
private func dumpQuoted(_ string: String) -> String {
  var result = "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

/// A property label without property-wrapper (`_count`) or lazy-storage decoration.
private func dumpPropertyName(_ label: String) -> String {
  let lazyPrefix = "$__lazy_storage_$_"
  if label.hasPrefix(lazyPrefix) { return String(label.dropFirst(lazyPrefix.count)) }
  if label.hasPrefix("_") { return String(label.dropFirst()) }
  return label
}

/// `open`, one indented item per line separated by commas, then `close`.
private func dumpBlock(
  _ open: String, _ items: [String], _ close: String, empty: String
) -> String {
  guard !items.isEmpty else { return empty }
  let body = items.map { item in
    "  " + item.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
  }
  return open + "\n" + body.joined(separator: ",\n") + "\n" + close
}

/// `(a, b)` on one line when every item fits on one line, otherwise a block.
private func dumpInlineList(_ open: String, _ items: [String], _ close: String) -> String {
  guard items.contains(where: { $0.contains("\n") }) else {
    return open + items.joined(separator: ", ") + close
  }
  return dumpBlock(open, items, close, empty: open + close)
}

/// A type's name without module or anonymous-context qualifiers, e.g. `Outer.Inner<Int>`.
private func dumpTypeName(_ type: Any.Type) -> String {
  let full = Array(String(reflecting: type))
  var result = ""
  var index = 0
  while index < full.count {
    // Drop `(unknown context at $…).` and `(extension in Module):`.
    if full[index] == "(", let end = dumpAnonymousContextEnd(full, index) {
      index = end
      continue
    }
    guard isDumpNameCharacter(full[index]) else {
      result.append(full[index])
      index += 1
      continue
    }
    var end = index
    while end < full.count && isDumpNameCharacter(full[end]) { end += 1 }
    let startsPath = index == 0 || full[index - 1] != "."
    if startsPath && end < full.count && full[end] == "." {
      index = end + 1  // A module name: skip it and its dot.
    } else {
      result += String(full[index..<end])
      index = end
    }
  }
  return result
}

private func isDumpNameCharacter(_ character: Character) -> Bool {
  character.isLetter || character.isNumber || character == "_"
}

/// The index just after an anonymous context (and its `.` or `:`) starting at `start`.
private func dumpAnonymousContextEnd(_ name: [Character], _ start: Int) -> Int? {
  let rest = String(name[start...])
  guard rest.hasPrefix("(unknown context at ") || rest.hasPrefix("(extension in "),
    let close = name[start...].firstIndex(of: ")")
  else { return nil }
  return close + 1 < name.count && ".:".contains(name[close + 1]) ? close + 2 : close + 1
}
