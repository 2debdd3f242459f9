import NIOCore
import Synchronization

/// Open connections per client address, so that one address cannot take every connection the
/// server has (10,000 idle sockets from one machine made everyone else's requests wait). An
/// IPv6 client is counted by its /64, the block one machine is given (it could otherwise take a
/// new address for every connection).
final class ConnectionCounts: Sendable {
  /// The most connections one address may hold open.
  let limit: Int
  /// Addresses never capped, the reverse proxies every client comes through: ``key(of:)`` gives
  /// them no key.
  let exempt: Set<String>
  private let counts = Mutex<[String: Int]>([:])

  init(limit: Int, exempt: Set<String> = []) {
    self.limit = limit
    self.exempt = exempt
  }

  /// Counts a new connection from `address`.
  /// - Returns: false, counting nothing, when the address holds its limit already.
  /// - Complexity: O(1).
  func open(_ address: String) -> Bool {
    counts.withLock { counts in
      let count = counts[address, default: 0]
      guard count < limit else { return false }
      counts[address] = count + 1
      return true
    }
  }

  /// Forgets a connection that ``open(_:)`` counted; an address with none is forgotten whole.
  func close(_ address: String) {
    counts.withLock { counts in
      let count = counts[address, default: 0] - 1
      counts[address] = count > 0 ? count : nil
    }
  }

  /// The key a peer is counted under: its IPv4 address (also when mapped into IPv6), or its
  /// IPv6 /64; nil for a peer exempt from the cap.
  func key(of peer: SocketAddress?) -> String? {
    let address = peer?.ipAddress ?? "unknown"
    if exempt.contains(address) { return nil }
    guard case .v6(let v6) = peer else { return address }
    let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
    let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    if mapped { return bytes[12...].map { String($0) }.joined(separator: ".") }
    let prefix = stride(from: 0, to: 8, by: 2).map {
      String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
    }
    return prefix.joined(separator: ":") + "::/64"
  }

  /// The connections `address` holds open now.
  func count(of address: String) -> Int {
    counts.withLock { $0[address, default: 0] }
  }
}
