import HTTPTypes

/// The address a request comes from, the key of per-client limits: the peer's, or, when the peer
/// is a reverse proxy the operator trusts (`--trusted-proxy`), the nearest address in
/// `X-Forwarded-For` that is not one of those proxies. A client cannot choose its own key: an
/// untrusted peer's `X-Forwarded-For` is ignored, and a forged entry it prepends sits left of
/// the address the trusted proxy appended, which is the one taken.
enum ClientAddress {
  /// The most `X-Forwarded-For` entries read (from the right), and their longest length.
  static let maximumHops = 16
  static let maximumLength = 64

  /// The client's address for a request from `peer` with these headers.
  ///
  /// - Complexity: O(*h*) for *h* ≤ ``maximumHops`` forwarded entries.
  static func of(peer: String, headers: HTTPFields, trusted: Set<String>) -> String {
    guard trusted.contains(peer) else { return peer }
    let forwarded = headers[values: .xForwardedFor].joined(separator: ",")
    var address = peer
    for entry in forwarded.split(separator: ",").reversed().prefix(maximumHops) {
      let hop = entry.trimmingCharacters(in: .whitespaces)
      guard !hop.isEmpty, hop.count <= maximumLength else { break }
      address = hop
      if !trusted.contains(hop) { break }
    }
    return address
  }
}

extension HTTPField.Name {
  static let xForwardedFor = Self("X-Forwarded-For")!
}
