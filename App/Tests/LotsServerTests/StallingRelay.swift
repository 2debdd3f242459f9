import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP relay on 127.0.0.1 in front of a server that can stop forwarding toward its clients
/// without closing anything: a half-open connection, as a proxy or network that silently
/// died leaves it. Each direction of each connection is pumped by a thread of its own (a
/// relay is another machine: it must not wait for the threads the server under test shares).
final class StallingRelay: Sendable {
  let port: Int
  private let listener: Int32
  /// Client sockets whose server-to-client direction is dropped from now on.
  private let stalled = Mutex(Set<Int32>())
  private let open = Mutex([Int32]())

  /// Listens on a free port, relaying each connection to `127.0.0.1:target`.
  init(to target: Int) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 16) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    self.listener = listener
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }  // closed
        guard let server = RawSocket.open(to: target) else {
          Glibc.close(client)
          continue
        }
        open.withLock { $0 += [client, server] }
        pump(from: client, to: server, toward: nil)
        pump(from: server, to: client, toward: client)
      }
    }
  }

  /// Copies bytes until either side ends; toward a stalled client they are read and dropped.
  private func pump(from source: Int32, to sink: Int32, toward client: Int32?) {
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 16_384)
      while true {
        let count = recv(source, &buffer, buffer.count, 0)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        if let client, stalled.withLock({ $0.contains(client) }) { continue }
        guard RawSocket.write(Array(buffer.prefix(count)), to: sink) else { break }
      }
      shutdown(source, Int32(SHUT_RDWR))
      shutdown(sink, Int32(SHUT_RDWR))
    }
  }

  /// Every connection open now goes silent toward its client; later ones are relayed.
  func stallAll() {
    let clients = open.withLock { Set($0) }
    stalled.withLock { $0.formUnion(clients) }
  }

  /// Stops listening and ends every connection.
  func close() {
    shutdown(listener, Int32(SHUT_RDWR))
    Glibc.close(listener)
    for socket in open.withLock({ $0 }) { shutdown(socket, Int32(SHUT_RDWR)) }
  }
}
