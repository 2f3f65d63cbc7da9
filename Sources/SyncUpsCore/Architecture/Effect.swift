import SharedState

/// The work a reducer asks for after changing state: nothing, an action to send at once, or
/// asynchronous work that sends actions back.
///
/// ```swift
/// case .startTapped:
///   return .run { send in
///     for await _ in clock.timer(interval: .seconds(1)) {
///       await send(.tick)
///     }
///   }
///   .cancellable(id: CancelID.timer)
/// ```
public struct Effect<Action> {
  /// One piece of work, in the order the store should handle it.
  package enum Item {
    case send(Action)
    case run(Run)
    case cancel(EffectCancellation)
  }

  /// Asynchronous work and where it was started.
  package struct Run: Sendable {
    var priority: TaskPriority?
    var ids: Set<EffectID> = []
    var path = EffectPath()
    package var operation: @Sendable (Send<Action>) async -> Void
  }

  package var items: [Item]

  package init(items: [Item]) {
    self.items = items
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Item: Sendable where Action: Sendable {}

extension Effect {
  /// No work.
  ///
  /// ```swift
  /// case .closeTapped:
  ///   state.isOpen = false
  ///   return .none
  /// ```
  public static var none: Effect { Effect(items: []) }

  /// Sends `action` synchronously, right after the current action, before any action an
  /// asynchronous effect sends. Use it to tell a parent something (a delegate action).
  ///
  /// ```swift
  /// return .send(.delegate(.saved))
  /// ```
  public static func send(_ action: Action) -> Effect {
    Effect(items: [.send(action)])
  }

  /// Asynchronous work that may send actions back through `send`.
  ///
  /// The work runs in a new task with the store's dependencies. A `CancellationError` thrown by
  /// `operation` is ignored; any other error goes to `handler`, or is reported as an issue when
  /// there is no handler.
  ///
  /// ```swift
  /// return .run { send in
  ///   try await clock.sleep(for: .seconds(1))
  ///   await send(.timerFired)
  /// } catch: { error, send in
  ///   await send(.failed(error.localizedDescription))
  /// }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Effect {
    let run = Run(priority: priority) { send in
      do {
        try await operation(send)
      } catch is CancellationError {
      } catch {
        guard let handler else {
          reportIssue(
            "An effect threw an error that was not handled: \(error). Pass 'catch:' to .run to handle it.",
            fileID: fileID, filePath: filePath, line: line, column: column
          )
          return
        }
        await handler(error, send)
      }
    }
    return Effect(items: [.run(run)])
  }

  /// All of `effects` at once; their actions arrive in whatever order the work produces them.
  ///
  /// ```swift
  /// return .merge(.send(.started), .run { send in await send(.loaded(await load())) })
  /// ```
  public static func merge(_ effects: Effect...) -> Effect {
    merge(effects)
  }

  /// All of `effects` at once.
  ///
  /// ```swift
  /// return .merge(ids.map { id in .cancel(id: id) })
  /// ```
  public static func merge(_ effects: [Effect]) -> Effect {
    Effect(items: effects.flatMap(\.items))
  }

  /// This effect and `other` at once.
  ///
  /// ```swift
  /// return effect.merge(with: .send(.didSave))
  /// ```
  public func merge(with other: Effect) -> Effect {
    .merge(self, other)
  }

  /// The same work, with each action it sends transformed; how a parent runs a child's effect.
  ///
  /// ```swift
  /// let parentEffect = childEffect.map(Action.child)
  /// ```
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    Effect<T>(
      items: items.map { item in
        switch item {
        case .send(let action):
          return .send(transform(action))
        case .run(let run):
          let operation = run.operation
          return .run(
            Effect<T>.Run(priority: run.priority, ids: run.ids, path: run.path) { send in
              await operation(Send { action in send(transform(action)) })
            }
          )
        case .cancel(let cancellation):
          return .cancel(cancellation)
        }
      }
    )
  }
}
