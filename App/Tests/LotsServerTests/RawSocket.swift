import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Plain TCP sockets to a live server, for what no HTTP client sends: bytes trickled, broken
/// framing, raw control bytes in a path, connections from another loopback address. Reads
/// poll, never holding a thread: the server under test runs on the same few threads.
enum RawSocket {
  /// A socket connected to `127.0.0.1:port` from `source` (any loopback address) that has
  /// sent `bytes`, or nil when it could not.
  static func open(to port: Int, from source: String? = nil, sending bytes: [UInt8] = [])
    -> Int32?
  {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return nil }
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        close(socket)
        return nil
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0, write(bytes, to: socket) else {
      close(socket)
      return nil
    }
    return socket
  }

  /// Sends `bytes`; false when the connection is gone.
  static func write(_ bytes: [UInt8], to socket: Int32) -> Bool {
    bytes.isEmpty || send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
  }

  /// Sends `bytes` on `socket` in `chunk`-byte pieces, one each `pause`, from a thread of its
  /// own, and returns when all are sent, the connection is gone, or the server has answered.
  /// A client is another machine: its pace must not wait for the few threads that the server
  /// under test shares with every suite running at once.
  static func sendPaced(_ bytes: [UInt8], chunk: Int, every pause: Duration, on socket: Int32)
    async
  {
    let micros =
      useconds_t(pause.components.seconds * 1_000_000)
      + useconds_t(pause.components.attoseconds / 1_000_000_000_000)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        var probe: UInt8 = 0
        for start in stride(from: 0, to: bytes.count, by: chunk) {
          guard write(Array(bytes[start..<min(start + chunk, bytes.count)]), to: socket),
            recv(socket, &probe, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) < 0
          else { break }
          usleep(micros)
        }
        done.resume()
      }.start()
    }
  }

  /// The first `count` bytes the server sent on `socket` (fewer if it closed it: none when it
  /// sent nothing), waiting at most `seconds`, or nil.
  static func received(_ count: Int, on socket: Int32, within seconds: Double) async -> [UInt8]? {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    var bytes = [UInt8](repeating: 0, count: count)
    while true {
      let got = recv(socket, &bytes, count, Int32(MSG_DONTWAIT | MSG_PEEK))
      if got == count || got == 0 {
        _ = recv(socket, &bytes, got, Int32(MSG_DONTWAIT))
        return Array(bytes.prefix(got))
      }
      if got < 0 && errno != EAGAIN && errno != EWOULDBLOCK { return [] }
      guard ContinuousClock.now < deadline else { return nil }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Reads and drops whatever has arrived on `socket` and not been read.
  static func drain(_ socket: Int32) {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while recv(socket, &chunk, chunk.count, Int32(MSG_DONTWAIT)) > 0 {}
  }

  /// Whether the server closed `socket`, sending nothing, within `seconds`.
  static func closedByServer(_ socket: Int32, within seconds: Double) async -> Bool {
    await received(1, on: socket, within: seconds) == []
  }

  /// The status of the response the server sent on `socket` within `seconds`, or nil.
  static func status(of socket: Int32, within seconds: Double) async -> Int? {
    guard let bytes = await received(12, on: socket, within: seconds),
      let line = String(bytes: bytes, encoding: .ascii), line.hasPrefix("HTTP/1.1 ")
    else { return nil }
    return Int(line.dropFirst(9))
  }

  /// Everything the server sent on `socket` until it closed it or `seconds` passed.
  static func response(on socket: Int32, within seconds: Double) async -> String {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    var all: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      let got = recv(socket, &chunk, chunk.count, Int32(MSG_DONTWAIT))
      if got == 0 { break }
      if got > 0 {
        all += chunk.prefix(got)
        continue
      }
      if errno != EAGAIN && errno != EWOULDBLOCK { break }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return String(decoding: all, as: UTF8.self)
  }

  /// Sends one request of raw bytes on a new connection and returns the response's status
  /// and the whole exchange the server sent (it closes, or 60 s pass: a hang guard only).
  static func exchange(_ request: String, port: Int) async -> (status: Int?, text: String) {
    guard let socket = open(to: port, sending: Array(request.utf8)) else { return (nil, "") }
    defer { close(socket) }
    let text = await response(on: socket, within: 60)
    let status = text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9).prefix(3)) : nil
    return (status, text)
  }
}
