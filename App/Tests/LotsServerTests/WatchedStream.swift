import Foundation
import LiveCollection

#if canImport(Glibc)
  import Glibc
#endif

/// A Swift client of the change stream that watches for silence with ``StreamWatch``, as an
/// app must: it reads with a deadline of two heartbeat intervals, and when nothing at all
/// arrives by then it drops the connection and resumes after the last event it applied.
/// It runs on a thread of its own (blocking reads; a client is another machine).
struct WatchedStream {
  /// What a run saw: every event in order, and how often silence made it reconnect.
  struct Run: Sendable {
    var events: [RawHTTPClient.Event] = []
    var silences = 0
  }

  let port: Int
  var headers: [String: String] = [:]

  /// Follows the stream from `since` until `until` holds for the events so far (or after
  /// `reconnects` silences, or a 300 s guard against a hang); `heard` is told of each
  /// heartbeat.
  func follow(
    since: Int, reconnects: Int = 5, heard: @escaping @Sendable () -> Void,
    until: @escaping @Sendable ([RawHTTPClient.Event]) -> Bool
  ) async -> Run {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          returning: run(since: since, reconnects: reconnects, heard: heard, until: until))
      }
    }
  }

  private func run(
    since: Int, reconnects: Int, heard: () -> Void, until: ([RawHTTPClient.Event]) -> Bool
  ) -> Run {
    var result = Run()
    let guardEnd = Self.now() + 300_000
    var cursor = since
    while result.silences <= reconnects, Self.now() < guardEnd {
      var head = "GET /api/stream?since=\(cursor) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      for (name, value) in headers { head += "\(name): \(value)\r\n" }
      guard let socket = RawSocket.open(to: port, sending: Array((head + "\r\n").utf8)) else {
        return result
      }
      defer { close(socket) }
      var decoder = ChunkedSSEDecoder()
      var watch = StreamWatch(openedAt: Self.now())
      var buffer = [UInt8](repeating: 0, count: 16_384)
      while Self.now() < guardEnd {
        var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let wait = Int32(max(1, min(watch.deadline - Self.now() + 1, 1_000)))
        let ready = Glibc.poll(&poll, 1, wait)
        if ready > 0 {
          let count = recv(socket, &buffer, buffer.count, 0)
          guard count > 0 else { break }  // closed: reconnect
          let beats = decoder.heartbeats.count
          let events = decoder.events.count
          decoder.feed(Array(buffer.prefix(count)))
          watch.heard(at: Self.now())
          for beat in decoder.heartbeats.dropFirst(beats) {
            watch.heartbeat(interval: Self.interval(beat), at: Self.now())
            heard()
          }
          for event in decoder.events.dropFirst(events) {
            result.events.append(event)
            if let id = event.id.flatMap({ Int($0) }) { cursor = id }
          }
          if until(result.events) { return result }
        } else if watch.isSilent(at: Self.now()) {
          result.silences += 1
          break
        }
      }
    }
    return result
  }

  /// The interval a heartbeat's data names (`{"interval":ms}`), or 0.
  static func interval(_ data: String) -> Int {
    let digits = data.drop { !$0.isNumber }.prefix { $0.isNumber }
    return Int(digits) ?? 0
  }

  /// Milliseconds on the monotonic clock.
  static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }
}
