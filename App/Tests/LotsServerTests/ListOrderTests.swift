import Foundation
import LotsCore
import Testing

@testable import LotsServer

/// A list's order under moves from several devices at once, on both backends: moves apply one
/// at a time in the order of the versions they answer, so every device that reads the list
/// afterwards sees one order — the one a replay of the moves in version order gives — with no
/// entry lost or doubled.
@Suite(.oncePerRun) struct ListOrderTests {
  /// One applied move and the version it answered.
  struct Applied: Sendable {
    var version: Int64
    var entry: Int64
    var after: Int64?
  }

  @Test(arguments: StoreBackend.allCases)
  func concurrentMovesConvergeToTheReplayOfTheirVersions(_ backend: StoreBackend) async throws {
    let seed = SeededRandom.replaySeed ?? UInt64.random(in: 1...UInt64.max)
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let (owner, list) = try await Self.list(of: 24, in: store)
      var order = try await Self.order(store, list.id, owner)
      var random = SeededRandom(seed: seed)
      for round in 0..<6 {
        // Four devices, each with its own moves drawn from the order it last read.
        let plans: [[(Int64, Int64?)]] = (0..<4).map { _ in
          (0..<5).map { _ in
            let entry = order[random.int(in: 0..<order.count)]
            let after: Int64? =
              random.int(in: 0..<5) == 0 ? nil : order[random.int(in: 0..<order.count)]
            return (entry, after)
          }
        }
        let applied = try await withThrowingTaskGroup(of: [Applied].self) { group in
          for plan in plans {
            group.addTask {
              var done: [Applied] = []
              for (entry, after) in plan {
                do {
                  let version = try await store.move(
                    entry, after: after, listID: list.id, ownerID: owner, now: Date())
                  done.append(Applied(version: version, entry: entry, after: after))
                } catch let error as AppError where error.status == .badRequest {
                  #expect(after == entry, "seed \(seed): only a move after itself is refused")
                }
              }
              return done
            }
          }
          return try await group.reduce(into: []) { $0 += $1 }
        }
        let versions = applied.map(\.version)
        #expect(Set(versions).count == versions.count, "seed \(seed): each move its own version")
        var model = order
        for move in applied.sorted(by: { $0.version < $1.version }) {
          model.removeAll { $0 == move.entry }
          let index = move.after.flatMap { after in model.firstIndex(of: after).map { $0 + 1 } }
          model.insert(move.entry, at: index ?? 0)
        }
        let first = try await Self.order(store, list.id, owner)
        let second = try await Self.order(store, list.id, owner)
        #expect(first == second, "seed \(seed), round \(round): two devices read one order")
        #expect(first == model, "seed \(seed), round \(round): the replay in version order")
        #expect(first.sorted() == order.sorted(), "seed \(seed): nothing lost or doubled")
        order = first
      }
    }
  }

  /// Moving entries into one gap again and again narrows it until the list is renumbered;
  /// the order stays exactly what the moves say.
  @Test(arguments: StoreBackend.allCases)
  func aNarrowedGapRenumbersAndKeepsTheOrder(_ backend: StoreBackend) async throws {
    try await backend.withStore { accounts in
      let store = accounts as! any Storage
      let (owner, list) = try await Self.list(of: 5, in: store)
      var model = try await Self.order(store, list.id, owner)
      for step in 0..<60 {
        // Always the last entry, to right after the first: the gap below the first halves.
        let entry = model[model.count - 1]
        let after = model[0]
        _ = try await store.move(entry, after: after, listID: list.id, ownerID: owner, now: Date())
        model.removeLast()
        model.insert(entry, at: 1)
        #expect(try await Self.order(store, list.id, owner) == model, "step \(step)")
      }
    }
  }

  /// A new account's list of `count` posts, each at a restaurant of its own.
  static func list(of count: Int, in store: any Storage) async throws -> (Int64, PocketList) {
    let owner = try await store.createUser(username: "ana", passwordHash: "h", now: Date()).id
    let list = try await store.createList(ownerID: owner, name: "Order", now: Date())
    for index in 0..<count {
      var new = ChangeLogTests.newPost(author: owner)
      new.restaurant = .named(name: "Place \(index)", area: "")
      let post = try await store.insertPost(new, now: Date())
      _ = try await store.save(
        .post(post.id), note: "", listID: list.id, ownerID: owner, now: Date())
    }
    return (owner, list)
  }

  /// A list's entry ids in its order, all pages.
  static func order(_ store: any Storage, _ listID: Int64, _ owner: Int64) async throws
    -> [Int64]
  {
    var ids: [Int64] = []
    var cursor: FeedCursor?
    repeat {
      let page = try await store.listPage(
        .owner(listID: listID, ownerID: owner), viewerID: owner, cursor: cursor, limit: 7)
      let found = try #require(page)
      ids += found.items.map(\.id)
      cursor = try found.nextCursor.map { try FeedCursor(token: $0, feed: "list") }
    } while cursor != nil
    return ids
  }
}
