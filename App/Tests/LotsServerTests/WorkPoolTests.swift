import Foundation
import LotsCore
import Testing

@testable import LotsServer

/// Heavy work on threads of its own: a flood of sign-ins waiting for bcrypt cannot hold up the
/// photos everyone else is loading.
@Suite struct WorkPoolTests {
  /// Both password threads held (as by a flood of bcrypt checks that never ends) and sixteen
  /// sign-ins queued behind them: sixty photo requests are still answered, while not one
  /// sign-in has finished. Were bcrypt on the pool that reads image files, the first photo
  /// would wait for the password work ahead of it (here: for ever). The limit only tells
  /// "for ever" from "slow": sixty photos took over 60 s on a machine at load 12.
  @Test func signInsWaitingForBcryptNeverHoldUpPhotos() async throws {
    try await TestApp.run { client in
      let ana = try await client.signUp("ana")
      let post = try await client.createPost(token: ana.token).decode(Post.self)
      let photos = [post.photo.originalURL, post.photo.displayURL, post.photo.thumbnailURL]
      let gate = PasswordThreadsGate()
      try await gate.close()
      let signIns = 16
      let finished = Counter()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<signIns {
          group.addTask {
            let response = try await client.send(
              .post, "/api/sessions",
              json: #"{"username":"guess\#(index)","password":"password\#(index)"}"#)
            #expect(response.status == .unauthorized)
            finished.add()
          }
        }
        let served = try await Self.within(.seconds(300), orElse: gate.open) {
          for url in Array(repeating: photos, count: 20).joined() {
            let response = try await client.send(.get, url)
            #expect(response.status == .ok, "\(url)")
          }
        }
        #expect(served, "photos waited for the password threads")
        #expect(finished.value == 0, "a sign-in finished while bcrypt's threads were held")
        if served { gate.open() }
        try await group.waitForAll()
      }
      #expect(finished.value == signIns)
    }
  }

  /// Whether `body` finished within `limit`; if not, `late` is called and `body` awaited.
  static func within(
    _ limit: Duration, orElse late: @escaping @Sendable () -> Void,
    _ body: @escaping @Sendable () async throws -> Void
  ) async throws -> Bool {
    try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        try await body()
        return true
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return false
      }
      let first = try await group.next() ?? false
      if first { group.cancelAll() } else { late() }
      return first
    }
  }
}

/// Holds both of bcrypt's threads (``WorkPool/passwordThreads``) until opened.
final class PasswordThreadsGate: Sendable {
  private let release = DispatchSemaphore(value: 0)
  private let entered = DispatchSemaphore(value: 0)
  private let threads = WorkPool.passwordThreadCount

  /// Returns once a job waiting on the gate runs on every password thread.
  func close() async throws {
    for _ in 0..<threads {
      Task { [release, entered] in
        try await WorkPool.passwordThreads.runIfActive {
          entered.signal()
          release.wait()
        }
      }
    }
    for _ in 0..<threads {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async { [entered] in
          entered.wait()
          continuation.resume()
        }
      }
    }
  }

  /// Lets the held threads go.
  func open() {
    for _ in 0..<threads { release.signal() }
  }
}
