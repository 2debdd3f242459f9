import LiveCollection
import PropertyTesting
import Testing

@Suite struct LiveListTests {
  /// Thousands of seeded runs of a server and a flaky client; after the run settles, the
  /// client's list is exactly the server's truth, and every step's changeset was valid.
  @Test func flakyStreamConvergesToServerTruth() {
    for seed: UInt64 in 1...2_000 {
      var rng = SplitMix64(seed: seed)
      var server = SimulatedServer(initialPosts: Int.random(in: 0...30, using: &rng), &rng)
      var client = SimulatedClient()
      for now in 0..<Int.random(in: 0...120, using: &rng) {
        let before = server.sequence
        for _ in 0..<Int.random(in: 0...2, using: &rng) { server.mutate(&rng) }
        if client.connected { client.stream += server.events(after: before) }
        client.tick(now, &server, &rng)
      }
      client.settle(&server, 1_000)
      if !client.failures.isEmpty || client.list.items != server.truth {
        Issue.record(
          """
          seed \(seed): \(client.failures.first ?? "final list differs")
          client \(client.list.items)
          server \(server.truth)
          """)
        return
      }
    }
  }
}
