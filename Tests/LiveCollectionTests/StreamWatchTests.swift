import LiveCollection
import PropertyTesting
import Testing

@Suite struct StreamWatchTests {
  @Test func aStreamIsSilentOnlyAfterTwoIntervalsWithoutAWord() {
    var watch = StreamWatch(openedAt: 1_000)
    #expect(watch.interval == 15_000)
    watch.heartbeat(interval: 2_000, at: 1_010)
    #expect(!watch.isSilent(at: 5_010), "exactly two intervals: still quiet, not dead")
    #expect(watch.isSilent(at: 5_011))
    watch.heard(at: 5_000)
    #expect(!watch.isSilent(at: 9_000))
    #expect(watch.deadline == 9_000)
    // A heartbeat without a usable interval keeps the last one; time never runs backwards.
    watch.heartbeat(interval: 0, at: 4_000)
    #expect(watch.interval == 2_000)
    #expect(watch.lastHeard == 5_000)
  }

  /// Seeded runs of random arrivals: the watch calls a stream silent exactly when the longest
  /// gap so far, up to the moment asked, exceeds two of the intervals in force.
  @Test func silenceIsAGapLongerThanTwoIntervals() {
    let failure = PropertyCases.firstFailure(2_000, base: 29) { rng, _ in
      let interval = Int.random(in: 1...5_000, using: &rng)
      var watch = StreamWatch(openedAt: 0, interval: interval)
      var now = 0
      var last = 0
      for _ in 0..<Int.random(in: 0...40, using: &rng) {
        let gap = Int.random(in: 0...(3 * interval), using: &rng)
        let asked = now + Int.random(in: 0...gap, using: &rng)
        if watch.isSilent(at: asked) != (asked - last > 2 * interval) {
          return "asked at \(asked), last heard \(last), interval \(interval)"
        }
        now += gap
        if Bool.random(using: &rng) {
          watch.heartbeat(interval: interval, at: now)
        } else {
          watch.heard(at: now)
        }
        last = now
      }
      return nil
    }
    #expect(failure == nil, "\(failure ?? "")")
  }
}
