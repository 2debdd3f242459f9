import Testing

@testable import LotsServer

@Suite(.oncePerRun) struct UpdateCoalescerTests {
  func update(_ seq: Int64, post: Int64, count: Int) -> ChangeEntry {
    ChangeEntry(seq: seq, kind: .update, postID: post, authorID: 1, likeCount: count)
  }

  @Test func keepsOnlyTheLastUpdatePerPostInABatch() {
    var coalescer = UpdateCoalescer(interval: .milliseconds(250))
    let now = ContinuousClock.now
    let insert = ChangeEntry(seq: 2, kind: .insert, postID: 9, authorID: 1)
    let out = coalescer.admit(
      [
        update(1, post: 7, count: 1), insert, update(3, post: 7, count: 2),
        update(4, post: 8, count: 5),
      ],
      now: now)
    #expect(out.map(\.seq) == [2, 3, 4])
  }

  @Test func holdsUpdatesWithinTheIntervalAndReleasesTheNewest() {
    var coalescer = UpdateCoalescer(interval: .milliseconds(250))
    let start = ContinuousClock.now
    #expect(coalescer.admit([update(1, post: 7, count: 1)], now: start).count == 1)
    #expect(
      coalescer.admit([update(2, post: 7, count: 2)], now: start + .milliseconds(10)).isEmpty)
    #expect(
      coalescer.admit([update(3, post: 7, count: 3)], now: start + .milliseconds(20)).isEmpty)
    #expect(coalescer.hasHeld)
    #expect(coalescer.due(now: start + .milliseconds(200)).isEmpty)
    let released = coalescer.due(now: start + .milliseconds(260))
    #expect(released.map(\.likeCount) == [3])
    #expect(!coalescer.hasHeld)
    // The next update is held again: the interval restarts at the release.
    #expect(
      coalescer.admit([update(4, post: 7, count: 4)], now: start + .milliseconds(300)).isEmpty)
  }

  @Test func deletesDropHeldUpdates() {
    var coalescer = UpdateCoalescer(interval: .milliseconds(250))
    let start = ContinuousClock.now
    _ = coalescer.admit([update(1, post: 7, count: 1)], now: start)
    _ = coalescer.admit([update(2, post: 7, count: 2)], now: start)
    let delete = ChangeEntry(seq: 3, kind: .delete, postID: 7, authorID: 1)
    #expect(coalescer.admit([delete], now: start).map(\.seq) == [3])
    #expect(coalescer.due(now: start + .seconds(1)).isEmpty)
  }

  @Test func otherPostsAreIndependent() {
    var coalescer = UpdateCoalescer(interval: .milliseconds(250))
    let start = ContinuousClock.now
    _ = coalescer.admit([update(1, post: 7, count: 1)], now: start)
    #expect(coalescer.admit([update(2, post: 8, count: 1)], now: start).map(\.seq) == [2])
  }

  /// A held update goes out before any later event, so that a client resuming from the last id
  /// it saw is always behind every update it has not seen (a resumed stream replays it).
  @Test func aLaterEventSendsTheHeldUpdatesBeforeIt() {
    var coalescer = UpdateCoalescer(interval: .milliseconds(250))
    let start = ContinuousClock.now
    _ = coalescer.admit([update(1, post: 7, count: 1)], now: start)
    #expect(coalescer.admit([update(2, post: 7, count: 2)], now: start).isEmpty)
    #expect(coalescer.admit([update(3, post: 8, count: 1)], now: start).map(\.seq) == [2, 3])
    #expect(!coalescer.hasHeld)
    let insert = ChangeEntry(seq: 5, kind: .insert, postID: 9, authorID: 1)
    _ = coalescer.admit([update(4, post: 7, count: 3)], now: start)
    #expect(coalescer.admit([insert], now: start).map(\.seq) == [4, 5])
  }

  @Test func ownUpdatesAreNeverHeld() {
    var coalescer = UpdateCoalescer(interval: .milliseconds(250))
    let start = ContinuousClock.now
    _ = coalescer.admit([update(1, post: 7, count: 1)], now: start)
    let out = coalescer.admit([update(2, post: 7, count: 2)], now: start) { $0.seq == 2 }
    #expect(out.map(\.seq) == [2] && !coalescer.hasHeld)
  }

  /// The streams' clock ticks as often as updates are coalesced, at most a second apart (the
  /// heartbeats), and never spins (no coalescing: a zero sleep in a loop).
  @Test func theStreamClockTicksWithTheCoalescingButNeverSpins() {
    #expect(StreamClock.interval(coalescing: .milliseconds(250)) == .milliseconds(250))
    #expect(StreamClock.interval(coalescing: .seconds(30)) == .seconds(1))
    #expect(StreamClock.interval(coalescing: .zero) == .milliseconds(10))
  }
}
