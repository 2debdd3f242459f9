extension ChangeHub {
  /// Registers a subscriber woken after each load and at each ``tick()``; after ``close()``
  /// the stream is already finished.
  ///
  /// - Parameters:
  ///   - userID: The signed-in viewer, if any.
  ///   - session: The hash of the token of the session that opens it, if any: the stream ends
  ///     when that session does.
  ///   - address: The client's address.
  ///   - limits: The most streams one user, and one address, may hold open.
  /// - Returns: The subscription, or nil when the user or the address holds its limit already.
  func subscribe(
    userID: Int64? = nil, session: String? = nil, address: String = "",
    limits: (perUser: Int, perAddress: Int) = (.max, .max)
  ) -> Subscription? {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state -> Int? in
      guard Self.hasRoom(state, userID: userID, address: address, limits: limits) else {
        return nil
      }
      state.nextSubscriber += 1
      if state.closed {
        continuation.finish()
      } else {
        state.subscribers[state.nextSubscriber] = continuation
        state.subscriberAddresses[state.nextSubscriber] = address
        if let userID { state.subscriberUsers[state.nextSubscriber] = userID }
        if let session { state.subscriberSessions[state.nextSubscriber] = session }
      }
      return state.nextSubscriber
    }
    guard let id else { return nil }
    return Subscription(id: id, wakeups: stream, continuation: continuation)
  }

  /// Whether a user at an address may open another stream now.
  func hasRoom(userID: Int64?, address: String, limits: (perUser: Int, perAddress: Int)) -> Bool {
    state.withLock { Self.hasRoom($0, userID: userID, address: address, limits: limits) }
  }

  private static func hasRoom(
    _ state: State, userID: Int64?, address: String, limits: (perUser: Int, perAddress: Int)
  ) -> Bool {
    if let userID, state.subscriberUsers.values.count(where: { $0 == userID }) >= limits.perUser {
      return false
    }
    return state.subscriberAddresses.values.count(where: { $0 == address }) < limits.perAddress
  }

  /// Wakes every subscriber: one clock for all the streams' heartbeats and held updates,
  /// instead of a timer each.
  func tick() {
    let all = state.withLock { Array($0.subscribers.values) }
    for continuation in all { continuation.yield() }
  }

  /// Ends every stream, for shutdown; later subscriptions end at once.
  func close() {
    let all = state.withLock { state in
      state.closed = true
      defer { state.subscribers.removeAll() }
      return Array(state.subscribers.values)
    }
    for continuation in all { continuation.finish() }
  }

  /// Removes a subscriber.
  func unsubscribe(_ id: Int) {
    let continuation = state.withLock { Self.remove(id, from: &$0) }
    continuation?.finish()
  }

  /// Ends every open stream of a user (they signed out everywhere).
  func endStreams(of userID: Int64) {
    end { state in state.subscriberUsers.filter { $0.value == userID }.map(\.key) }
  }

  /// Ends the streams of the sessions that ended; when some may have ended unheard, every
  /// stream checks its own session again (``sessionVersion``).
  func endStreams(_ ended: SessionEnd) {
    switch ended {
    case .session(let tokenHash):
      end { state in state.subscriberSessions.filter { $0.value == tokenHash }.map(\.key) }
    case .user(let id):
      endStreams(of: id)
    case .unheard:
      state.withLock { $0.sessionVersion += 1 }
      tick()
    }
  }

  private func end(_ select: (State) -> [Int]) {
    let ended = state.withLock { state in
      select(state).compactMap { Self.remove($0, from: &state) }
    }
    for continuation in ended { continuation.finish() }
  }

  private static func remove(_ id: Int, from state: inout State)
    -> AsyncStream<Void>.Continuation?
  {
    state.subscriberUsers[id] = nil
    state.subscriberSessions[id] = nil
    state.subscriberAddresses[id] = nil
    return state.subscribers.removeValue(forKey: id)
  }

  /// Forgets entries up to `seq`: cursors below it get a reset from now on.
  func drop(through seq: Int64) {
    state.withLock { state in
      guard seq > state.floor else { return }
      state.tail.removeAll { $0.seq <= seq }
      state.floor = min(seq, state.lastLoaded)
    }
  }

  /// The number of live subscribers.
  var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// Up to `limit` entries after a cursor, or a reset when the cursor is too old (or from the
  /// future: another database, or a forged id).
  func replay(after cursor: Int64, limit: Int = 500) -> Replay {
    state.withLock { state in
      if cursor < state.floor { return .reset(latest: state.lastLoaded) }
      if cursor >= state.lastLoaded { return .entries([]) }
      // Binary search for the first entry with seq > cursor.
      var low = 0
      var high = state.tail.count
      while low < high {
        let mid = (low + high) / 2
        if state.tail[mid].seq <= cursor { low = mid + 1 } else { high = mid }
      }
      return .entries(Array(state.tail[low..<min(state.tail.count, low + limit)]))
    }
  }
}

/// A stream subscriber's handle.
struct Subscription: Sendable {
  let id: Int
  let wakeups: AsyncStream<Void>
  let continuation: AsyncStream<Void>.Continuation
}
