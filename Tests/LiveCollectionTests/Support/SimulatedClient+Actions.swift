import LiveCollection
import PropertyTesting

extension SimulatedClient {
  /// One tick of the user's side: scrolling, liking, posting, paging, and whatever arrives.
  mutating func tick(_ now: Int, _ server: inout SimulatedServer, _ rng: inout SplitMix64) {
    deliver(&rng)
    if list.needsResync { resync(server) }
    if Int.random(in: 0..<25, using: &rng) == 0 { reconnect(server) }
    if !pageRequested && !list.isComplete && Int.random(in: 0..<3, using: &rng) == 0 {
      let after = list.lastSequence == nil ? nil : list.nextCursor
      let page = server.page(after: after, limit: Int.random(in: 1...8, using: &rng))
      let request = Pending.page(
        after: after, items: page.items, next: page.next, snapshot: page.snapshot,
        blocked: server.blocked)
      inFlight.append((now + Int.random(in: 0...4, using: &rng), request))
      pageRequested = true
    }
    switch Int.random(in: 0..<20, using: &rng) {
    case 0: list.updateFirstVisibleIndex(Int.random(in: 0...list.items.count, using: &rng))
    case 1: check("show new") { $0.showNewItems() }
    case 2 where !list.items.isEmpty:
      var post = list.items.randomElement(using: &rng)!
      post.likes += 1
      check("like") { $0.applyLocalChange(post) }
      inFlight.append((now + Int.random(in: 1...5, using: &rng), .like(post)))
    case 3:
      let post = server.newPost(author: SimulatedServer.me, &rng)
      check("post") { $0.applyLocalChange(post) }
      inFlight.append((now + Int.random(in: 1...5, using: &rng), .post(post)))
    default: break
    }
    let due = inFlight.filter { $0.due <= now }
    inFlight.removeAll { $0.due <= now }
    for (_, request) in due {
      complete(request, &server, accept: Int.random(in: 0..<4, using: &rng) > 0)
    }
  }

  /// A request's answer arrives: a page is applied; a like or post is committed by the server
  /// (which publishes its event) or refused.
  mutating func complete(_ request: Pending, _ server: inout SimulatedServer, accept: Bool) {
    switch request {
    case .page(let after, let items, let next, let snapshot, let blocked):
      pageRequested = false
      let first = list.lastSequence == nil
      check("page") {
        $0.applyPage(items, after: after, nextCursor: next, snapshotSequence: snapshot)
      }
      if first { for author in blocked { check("block list") { $0.hideAuthor(author) } } }
      if !connected { reconnect(server) }
    case .like(let post):
      guard accept, var current = server.posts[post.id], !server.blocked.contains(post.author)
      else {
        check("like refused") { $0.discardLocalChange(of: post.id) }
        return
      }
      current.likes += 1
      server.posts[post.id] = current
      server.publish(.update(current), author: current.author)
      published(post.id, server)
    case .post(let post):
      guard accept else {
        check("post refused") { $0.discardLocalChange(of: post.id) }
        return
      }
      server.posts[post.id] = post
      server.publish(.insert(post), author: post.author)
      published(post.id, server)
    }
  }

  private mutating func published(_ id: Int, _ server: SimulatedServer) {
    pull(server)
    check("confirm") { $0.confirmLocalChange(of: id, sequence: server.sequence) }
  }

  /// After the run: everything resolves, the stream delivers reliably, all pages load, held
  /// posts are shown.
  mutating func settle(_ server: inout SimulatedServer, _ now: Int) {
    for (_, request) in inFlight { complete(request, &server, accept: true) }
    inFlight.removeAll()
    if list.lastSequence == nil {
      let page = server.page(after: nil, limit: 8)
      check("first page") {
        $0.applyPage(
          page.items, after: nil, nextCursor: page.next, snapshotSequence: page.snapshot)
      }
      for author in server.blocked { check("block list") { $0.hideAuthor(author) } }
    }
    reconnect(server)
    while !stream.isEmpty {
      let event = stream.removeFirst()
      check("final event") { $0.apply(event) }
    }
    if list.needsResync { resync(server) }
    while !list.isComplete {
      let cursor = list.nextCursor
      let page = server.page(after: cursor, limit: 8)
      check("final page") {
        $0.applyPage(
          page.items, after: cursor, nextCursor: page.next, snapshotSequence: page.snapshot)
      }
    }
    check("final show") { $0.showNewItems() }
  }
}
