/// Whether `condition` holds, asked every 10 ms until it does: at most a minute, a bound for a
/// busy machine (a hang guard, not a deadline). Returns as soon as it holds.
func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
  for _ in 0..<6_000 {
    if try await condition() { return true }
    try await Task.sleep(for: .milliseconds(10))
  }
  return try await condition()
}
