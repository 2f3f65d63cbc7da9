#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A strategy for simple settings (`Bool`, `Int`, `Double`, `String`, `URL`, `Data`, `Date`,
/// string- or integer-backed enums, and other small `Codable` values), kept by name in one JSON
/// settings file: the Linux counterpart of user defaults.
///
/// ```swift
/// @Shared(.appStorage("bell")) var bell = true
/// ```
///
/// Every `Shared` using the same name and store sees one value. The settings file has the same
/// guarantees as ``FileStorageKey`` (atomic writes, locking between processes, outside changes
/// noticed, an unreadable file never overwritten); a change to one setting rewrites the file
/// with only that setting changed. The store comes from the `defaultAppStorage` dependency.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  /// The setting's name.
  public let name: String
  private let store: AppStorage
  private let settings: Shared<[String: JSONValue]>
  private let toJSON: @Sendable (Value) throws -> JSONValue
  private let fromJSON: @Sendable (JSONValue) throws -> Value

  /// Identifies the setting: its store and name.
  public struct ID: Hashable, Sendable {
    let store: String
    let name: String
  }

  public var id: ID { ID(store: store.path, name: name) }

  init(
    name: String,
    toJSON: @escaping @Sendable (Value) throws -> JSONValue,
    fromJSON: @escaping @Sendable (JSONValue) throws -> Value
  ) {
    @Dependency(\.defaultAppStorage) var store
    self.name = name
    self.store = store
    self.toJSON = toJSON
    self.fromJSON = fromJSON
    self.settings = Shared(wrappedValue: [:], store.fileKey)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(
      with: Result {
        if let error = settings.loadError { throw error }
        return try settings.wrappedValue[name].map(decodeSetting)
      })
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
      guard changed else { return }
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
      with: Result {
        let entry = try toJSON(value)
        settings.withLock { $0[name] = entry }
        if context == .userInitiated {
          try settings.save()
        } else if let error = settings.saveError {
          throw error
        }
      })
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
    AppStorageKey(
      name: name,
      toJSON: { try JSONValue(encoding: $0) },
      fromJSON: { try $0.decode(Value.self) }
    )
  }

  /// Keeps a string- or integer-backed value (e.g. an enum) under `name`, stored as its raw value.
  @_disfavoredOverload
  public static func appStorage<Value: RawRepresentable & Sendable>(_ name: String) -> Self
  where Self == AppStorageKey<Value>, Value.RawValue: Codable & Sendable {
    AppStorageKey(
      name: name,
      toJSON: { try JSONValue(encoding: $0.rawValue) },
      fromJSON: { json in
        let raw = try json.decode(Value.RawValue.self)
        guard let value = Value(rawValue: raw) else {
          throw DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "'\(raw)' is not a valid \(Value.self)")
          )
        }
        return value
      }
    )
  }
}

/// Where `.appStorage` keeps settings: a JSON file on a file system.
public struct AppStorage: Sendable {
  /// The settings file.
  public let path: String
  let fileSystem: any FileSystem

  /// Settings kept in the file at `url` on `fileSystem` (the real one by default).
  public init(url: URL, fileSystem: any FileSystem = LiveFileSystem.shared) {
    self.path = fileSystem.canonicalPath(url.path)
    self.fileSystem = fileSystem
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

  /// `$XDG_CONFIG_HOME/<program>/settings.json`, or `~/.config/<program>/settings.json`.
  public static var standard: AppStorage {
    let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "app") } ?? "app"
    return AppStorage(
      url: BaseDirectories().configuration.appending(path: program).appending(path: "settings.json"))
  }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: AppStorage { .standard }
  static var testValue: AppStorage {
    AppStorage(url: URL(filePath: "/settings.json"), fileSystem: InMemoryFileSystem())
  }
}

extension DependencyValues {
  /// Where `.appStorage` keeps settings: a real settings file live, a fresh in-memory one in
  /// each test world.
  public var defaultAppStorage: AppStorage {
    get { self[DefaultAppStorageKey.self] }
    set { self[DefaultAppStorageKey.self] = newValue }
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

  /// Decodes a value from this JSON.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let data = try FileStorageSettings.defaultEncoder().encode(self)
    return try FileStorageSettings.defaultDecoder().decode(T.self, from: data)
  }
}
