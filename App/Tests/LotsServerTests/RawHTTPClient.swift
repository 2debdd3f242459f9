import Foundation
import NIOCore
import NIOPosix

/// A minimal HTTP/1.1 client over a raw socket to 127.0.0.1, for streaming responses.
struct RawHTTPClient {
  let port: Int

  /// One server-sent event.
  struct Event: Sendable, Equatable {
    var id: String?
    var data: String
  }

  /// Opens `path`, reads events until `until` holds (or `timeout`, or the `heartbeat`th
  /// heartbeat, when the heartbeats' data are returned), running `action` once the stream is
  /// connected; the connection is then cut. Heartbeats are not among the events. The timeout guards against a hang only:
  /// `action` (uploads through libvips in a debug build) shares two cores with every suite
  /// running in parallel, and took over 10 s in a CI run and over 60 s on a machine also
  /// running headless Chromium (load 12), so it is as generous as the API client's.
  func events(
    _ path: String, headers: [String: String] = [:], timeout: Duration = .seconds(300),
    stopAtHeartbeat heartbeat: Int? = nil,
    during action: @escaping @Sendable () async throws -> Void = {},
    until: @escaping @Sendable ([Event]) -> Bool
  ) async throws -> [Event] {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    return try await channel.executeThenClose { inbound, outbound in
      var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      for (name, value) in headers { head += "\(name): \(value)\r\n" }
      try await outbound.write(ByteBuffer(string: head + "\r\n"))
      return try await withThrowingTaskGroup(of: [Event]?.self) { group in
        group.addTask {
          try await Task.sleep(for: timeout)
          return nil
        }
        group.addTask {
          var decoder = ChunkedSSEDecoder()
          var started = false
          for try await buffer in inbound {
            decoder.feed(Array(buffer: buffer))
            if !started, decoder.connected {
              started = true
              try await action()
            }
            if started, until(decoder.events) { return decoder.events }
            if started, let heartbeat, decoder.heartbeats.count >= heartbeat {
              return decoder.heartbeats.map { Event(id: nil, data: $0) }
            }
          }
          return decoder.events
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        guard let events = first else { throw TimeoutError() }
        return events
      }
    }
  }

  struct TimeoutError: Error {}
}

/// Decodes a chunked HTTP response carrying an event stream.
struct ChunkedSSEDecoder {
  private var raw: [UInt8] = []
  private var headersDone = false
  private var body = ""
  private(set) var events: [RawHTTPClient.Event] = []
  private(set) var connected = false
  /// The data of each `heartbeat` event.
  private(set) var heartbeats: [String] = []

  mutating func feed(_ bytes: [UInt8]) {
    raw += bytes
    if !headersDone {
      guard let end = find([13, 10, 13, 10]) else { return }
      raw.removeFirst(end + 4)
      headersDone = true
    }
    // De-chunk whatever complete chunks there are.
    while let lineEnd = find([13, 10]) {
      let sizeText = String(decoding: raw[..<lineEnd], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { return }
      guard raw.count >= lineEnd + 2 + size + 2 else { return }
      body += String(decoding: raw[(lineEnd + 2)..<(lineEnd + 2 + size)], as: UTF8.self)
      raw.removeFirst(lineEnd + 2 + size + 2)
    }
    while let range = body.range(of: "\n\n") {
      let block = String(body[..<range.lowerBound])
      body.removeSubrange(..<range.upperBound)
      var event = RawHTTPClient.Event(id: nil, data: "")
      var isEvent = false
      var name = "message"
      for line in block.split(separator: "\n") {
        if line.hasPrefix(": connected") { connected = true }
        if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
        if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
        if line.hasPrefix("data: ") {
          event.data = String(line.dropFirst(6))
          isEvent = true
        }
      }
      if isEvent, name == "heartbeat" {
        heartbeats.append(event.data)
      } else if isEvent {
        events.append(event)
      }
    }
  }

  private func find(_ needle: [UInt8]) -> Int? {
    guard raw.count >= needle.count else { return nil }
    for index in 0...(raw.count - needle.count)
    where Array(raw[index..<index + needle.count]) == needle {
      return index
    }
    return nil
  }
}
