#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A strategy for simple settings (`Bool`, `Int`, `Double`, `String`, `[String]`, `URL`,
/// `Data`, `Date`, string- or integer-backed values, other small `Codable` values, and optionals
/// of each), kept by name in one JSON settings file: the Linux counterpart of user defaults.
///
/// ```swift
/// @Shared(.appStorage("bell")) var bell = true
/// @Shared(.appStorage("last-export")) var lastExport: Date?   // nil until set
/// ```
///
/// Every `Shared` using the same name and store sees one value, and so does the store's own
/// API (``AppStorage/set(_:forKey:)``, ``AppStorage/bool(forKey:)``…). The settings file has the
/// same guarantees as ``FileStorageKey`` (atomic writes, locking between processes, outside
/// changes noticed, an unreadable file never overwritten); a change to one setting rewrites the
/// file with only that setting changed. Setting an optional to `nil` removes the setting. The
/// store comes from the `defaultAppStorage` dependency.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  /// The setting's name.
  public let name: String
  private let store: AppStorage
  private let settings: Shared<[String: JSONValue]>
  /// The setting's JSON; nil removes it (an optional's `nil`).
  private let toJSON: @Sendable (Value) throws -> JSONValue?
  private let fromJSON: @Sendable (JSONValue) throws -> Value

  /// Identifies the setting: its store and name.
  public struct ID: Hashable, Sendable {
    let store: String
    let name: String
  }

  public var id: ID { ID(store: store.path, name: name) }

  init(
    name: String,
    toJSON: @escaping @Sendable (Value) throws -> JSONValue?,
    fromJSON: @escaping @Sendable (JSONValue) throws -> Value
  ) {
    @Dependency(\.defaultAppStorage) var store
    self.name = name
    self.store = store
    self.toJSON = toJSON
    self.fromJSON = fromJSON
    self.settings = store.settings
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: Result { try loadSetting(default: context.initialValue) })
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let name = name
    let last = LockIsolated(settings.wrappedValue[name])
    let token = settings.reference.observe { [fromJSON] settings in
      let entry = settings[name]
      let changed = last.withValue { last in
        defer { last = entry }
        return last != entry
      }
      // A `Shared` that sets an optional setting to nil holds nil, not the default.
      guard changed, AppStorage.settingBeingSaved != name else { return }
      do {
        subscriber.yield(with: .success(try entry.map(fromJSON)))
      } catch {
        subscriber.yield(throwing: error)
      }
    }
    return SharedSubscription { token.cancel() }
  }

  public func willMutate() throws -> SharedRefresh<Value> {
    // Touching the settings under their lock takes the file lock and refreshes them.
    let entry = settings.withLock { $0[name] }
    if let error = settings.saveError ?? settings.loadError { throw error }
    return try entry.map { .replace(try decodeSetting($0)) } ?? .reset
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(
      with: Result { try saveSetting(value, userInitiated: context == .userInitiated) })
  }

  /// The stored setting, or nil when there is none: then `initialValue` is what the store's
  /// API answers for it until it is set.
  private func loadSetting(default initialValue: Value?) throws -> Value? {
    if let error = settings.loadError { throw error }
    guard let entry = settings.wrappedValue[name] else {
      store.registerDefault(initialValue.flatMap { try? toJSON($0) }, forKey: name)
      return nil
    }
    return try decodeSetting(entry)
  }

  private func saveSetting(_ value: Value, userInitiated: Bool) throws {
    let entry = try toJSON(value)
    if entry == nil { store.registerDefault(nil, forKey: name) }
    AppStorage.$settingBeingSaved.withValue(name) {
      settings.withLock { $0[name] = entry }
    }
    if userInitiated {
      try settings.save()
    } else if let error = settings.saveError {
      throw error
    }
  }

  private func decodeSetting(_ entry: JSONValue) throws -> Value {
    do {
      return try fromJSON(entry)
    } catch {
      throw FileStorageError(
        kind: .undecodable, path: store.path,
        reason: "setting '\(name)' has an unexpected value: \(readableDescription(of: error))"
      )
    }
  }
}

extension AppStorageKey: CustomStringConvertible {
  public var description: String { ".appStorage(\"\(name)\")" }
}

extension SharedReaderKey {
  /// Keeps a simple `Codable` value (a `Bool`, `Int`, `Double`, `String`, `URL`, `Data`, `Date`,
  /// …) under `name` in the settings file (see ``AppStorageKey``).
  public static func appStorage<Value: Codable & Sendable>(_ name: String) -> Self
  where Self == AppStorageKey<Value> {
    AppStorageKey(name: name, toJSON: { try JSONValue(encoding: $0) }, fromJSON: { try $0.decode(Value.self) })
  }

  /// Keeps an optional `Codable` value under `name`; `nil` removes the setting.
  public static func appStorage<Wrapped: Codable & Sendable>(_ name: String) -> Self
  where Self == AppStorageKey<Wrapped?> {
    AppStorageKey(
      name: name,
      toJSON: { try $0.map { try JSONValue(encoding: $0) } },
      fromJSON: { $0 == .null ? nil : try $0.decode(Wrapped.self) }
    )
  }

  /// Keeps a string- or integer-backed value (e.g. an enum) under `name`, stored as its raw value.
  @_disfavoredOverload
  public static func appStorage<Value: RawRepresentable & Sendable>(_ name: String) -> Self
  where Self == AppStorageKey<Value>, Value.RawValue: Codable & Sendable {
    AppStorageKey(name: name, toJSON: { try JSONValue(encoding: $0.rawValue) }, fromJSON: rawValue(from:))
  }

  /// Keeps an optional string- or integer-backed value under `name`; `nil` removes the setting.
  @_disfavoredOverload
  public static func appStorage<Wrapped: RawRepresentable & Sendable>(_ name: String) -> Self
  where Self == AppStorageKey<Wrapped?>, Wrapped.RawValue: Codable & Sendable {
    AppStorageKey(
      name: name,
      toJSON: { try $0.map { try JSONValue(encoding: $0.rawValue) } },
      fromJSON: { $0 == .null ? nil : try rawValue(from: $0) }
    )
  }
}

/// The value whose raw value `json` holds; throws when it holds no valid one.
private func rawValue<Value: RawRepresentable>(from json: JSONValue) throws -> Value
where Value.RawValue: Decodable {
  let raw = try json.decode(Value.RawValue.self)
  guard let value = Value(rawValue: raw) else {
    throw DecodingError.dataCorrupted(
      .init(codingPath: [], debugDescription: "'\(raw)' is not a valid \(Value.self)"))
  }
  return value
}

/// Where `.appStorage` keeps settings: a JSON file on a file system. Its API is user defaults'
/// (`set(_:forKey:)`, `bool(forKey:)`, `removeObject(forKey:)`…), over the same settings every
/// `@Shared(.appStorage)` of the store sees.
///
/// ```swift
/// @Dependency(\.defaultAppStorage) var store
/// store.set(false, forKey: "bell")   // every `@Shared(.appStorage("bell"))` now reads false
/// ```
public struct AppStorage: Sendable {
  /// The settings file.
  public let path: String
  let fileSystem: any FileSystem
  /// The defaults of the settings `Shared`s hold while the file has none: what the getters
  /// answer for them, as user defaults answer registered defaults. Kept in memory only.
  private let registeredDefaults = LockIsolated<[String: JSONValue]>([:])

  /// Settings kept in the file at `url` on `fileSystem` (the real one by default).
  public init(url: URL, fileSystem: any FileSystem = LiveFileSystem.shared) {
    self.path = fileSystem.canonicalPath(url.path)
    self.fileSystem = fileSystem
  }

  /// Settings kept in memory only: a fresh store, as each test gets.
  public static var inMemory: AppStorage {
    AppStorage(url: URL(filePath: "/settings.json"), fileSystem: InMemoryFileSystem())
  }

  var fileKey: FileStorageKey<[String: JSONValue]> {
    let decoder = UncheckedSendable(FileStorageSettings.defaultDecoder())
    let encoder = UncheckedSendable(FileStorageSettings.defaultEncoder())
    return FileStorageKey(
      path: path, fileSystem: fileSystem,
      decode: { reader in
        try decoder.value.decode([String: JSONValue].self, from: reader.readAll())
      },
      encode: { try encoder.value.encode($0) }
    )
  }

  /// All settings, as the file holds them.
  var settings: Shared<[String: JSONValue]> { Shared(wrappedValue: [:], fileKey) }

  /// The name of the setting a key is saving on this task, so that its own change does not
  /// come back to it as an outside one.
  @TaskLocal static var settingBeingSaved: String?

  func registerDefault(_ entry: JSONValue?, forKey name: String) {
    registeredDefaults.withValue { $0[name] = entry }
  }

  /// `$XDG_CONFIG_HOME/<program>/settings.json`, or `~/.config/<program>/settings.json`.
  public static var standard: AppStorage {
    let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "app") } ?? "app"
    return AppStorage(
      url: BaseDirectories().configuration.appending(path: program).appending(path: "settings.json"))
  }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: AppStorage { .standard }
  static var testValue: AppStorage { .inMemory }
}

extension DependencyValues {
  /// Where `.appStorage` keeps settings: a real settings file live, a fresh in-memory one in
  /// each test world.
  public var defaultAppStorage: AppStorage {
    get { self[DefaultAppStorageKey.self] }
    set { self[DefaultAppStorageKey.self] = newValue }
  }
}

// MARK: - The store's own API

extension AppStorage {
  /// Sets the setting `name` to `value`: a `Bool`, number, `String`, `URL`, `Data`, `Date`, an
  /// array or dictionary of those, or any `Encodable` value, kept as its JSON (dates as
  /// ISO 8601 text, data as Base64). `nil` removes the setting. The file is written shortly
  /// after, as a mutation of a `Shared` is. A value that cannot be encoded is reported as an
  /// issue and changes nothing.
  public func set(_ value: Any?, forKey name: String) {
    guard let value else { return removeObject(forKey: name) }
    guard let encodable = value as? any Encodable, let entry = try? JSONValue(encoding: encodable)
    else {
      reportIssue("A \(type(of: value)) cannot be kept in the settings file '\(path)' as '\(name)'.")
      return
    }
    settings.withLock { $0[name] = entry }
  }

  /// Removes the setting `name`: every `Shared` of it goes back to its default.
  public func removeObject(forKey name: String) {
    settings.withLock { $0[name] = nil }
  }

  /// The setting as a plain value (`Bool`, `Int`, `Double`, `String`, `[Any]`, `[String: Any]`),
  /// or its default while a `Shared` of it holds one and the file has none; nil when neither.
  public func object(forKey name: String) -> Any? {
    entry(name)?.plainValue
  }

  /// The settings the file holds, as JSON, read once: without the defaults of those it does
  /// not hold, and empty when there is no file or it cannot be read.
  ///
  /// ```swift
  /// store.storedSettings  // ["bell": .bool(false)]
  /// ```
  public var storedSettings: [String: JSONValue] {
    settings.wrappedValue
  }

  /// The same as ``object(forKey:)``.
  public func value(forKey name: String) -> Any? {
    object(forKey: name)
  }

  /// The setting as a `Bool`: numbers are true unless 0, text when it reads `true`, `yes` or
  /// `1`; false when there is no such setting.
  public func bool(forKey name: String) -> Bool {
    switch entry(name) {
    case .bool(let value): value
    case .integer(let value): value != 0
    case .number(let value): value != 0
    case .string(let text): ["true", "yes", "1"].contains(text.lowercased())
    default: false
    }
  }

  /// The setting as an `Int`: a fraction is cut toward zero, `true` is 1; 0 when there is no
  /// such setting or it is no number.
  public func integer(forKey name: String) -> Int {
    switch entry(name) {
    case .integer(let value): value
    case .bool(let value): value ? 1 : 0
    case .number(let value): Int(exactly: value.rounded(.towardZero)) ?? 0
    case .string(let text): Int(text) ?? Double(text).flatMap { Int(exactly: $0.rounded(.towardZero)) } ?? 0
    default: 0
    }
  }

  /// The setting as a `Double`; 0 when there is no such setting or it is no number.
  public func double(forKey name: String) -> Double {
    switch entry(name) {
    case .number(let value): value
    case .integer(let value): Double(value)
    case .bool(let value): value ? 1 : 0
    case .string(let text): Double(text) ?? 0
    default: 0
    }
  }

  /// The setting as text: a string, or a number written out; nil for anything else.
  public func string(forKey name: String) -> String? {
    switch entry(name) {
    case .string(let text): text
    case .integer(let value): String(value)
    case .number(let value): String(value)
    default: nil
    }
  }

  /// The setting as an array of strings; nil when it is not one.
  public func stringArray(forKey name: String) -> [String]? {
    guard case .array(let items) = entry(name) else { return nil }
    return items.reduce(into: [String]?([])) { strings, item in
      guard case .string(let text) = item else { return strings = nil }
      strings?.append(text)
    }
  }

  /// The setting as data, which is kept as Base64 text; nil when it is not that.
  public func data(forKey name: String) -> Data? {
    guard case .string(let text) = entry(name) else { return nil }
    return Data(base64Encoded: text)
  }

  /// The setting as a URL: its text, or a file's when it is an absolute path.
  public func url(forKey name: String) -> URL? {
    guard case .string(let text) = entry(name) else { return nil }
    return text.hasPrefix("/") ? URL(filePath: text) : URL(string: text)
  }

  /// The setting's JSON, or its registered default.
  private func entry(_ name: String) -> JSONValue? {
    settings.wrappedValue[name] ?? registeredDefaults.current[name]
  }
}

/// Any JSON value; the settings file is an object of these.
public enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The JSON form of an encodable value.
  init(encoding value: some Encodable) throws {
    let data = try FileStorageSettings.defaultEncoder().encode(value)
    self = try FileStorageSettings.defaultDecoder().decode(JSONValue.self, from: data)
  }

  /// The value as `Bool`, `Int`, `Double`, `String`, `[Any]` or `[String: Any]`; nil for null.
  var plainValue: Any? {
    switch self {
    case .null: nil
    case .bool(let value): value
    case .integer(let value): value
    case .number(let value): value
    case .string(let value): value
    case .array(let values): values.map { $0.plainValue as Any }
    case .object(let values): values.mapValues { $0.plainValue as Any }
    }
  }

  /// Decodes a value from this JSON.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let data = try FileStorageSettings.defaultEncoder().encode(self)
    return try FileStorageSettings.defaultDecoder().decode(T.self, from: data)
  }
}
