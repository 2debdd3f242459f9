import Foundation
import LotsCore

extension DemoSeeder {
  /// What demo people ask and say under each other's lunches.
  static let questions = [
    "How much was it?", "Was it spicy?", "Adding this to my list!", "Is it busy at lunchtime?",
    "That looks amazing", "Do they take cards?", "Worth the queue?", "Going there tomorrow",
  ]
  /// What an author answers.
  static let answers = [
    "About 12 euros", "Medium spicy, ask for more chili", "Go before noon", "Cash only, sadly",
    "Absolutely", "Thanks!",
  ]

  /// Comments among the demo people under the newest posts (some posts quiet, some with a
  /// short exchange), so that their notifications have something waiting; each post from its
  /// own generator. A run that finds comments already leaves them.
  func seedComments(_ plan: Plan) async throws {
    let storage = services.storage
    let posts = try await storage.page(
      .main, viewerID: nil, cursor: nil, limit: 40, now: Date()
    ).items
    guard posts.contains(where: { $0.commentCount == 0 }),
      !posts.contains(where: { $0.commentCount > 0 })
    else { return }
    for post in posts {
      var random = SplitMix64(seed: seed ^ (UInt64(post.id) &* 0xC2B2_AE3D_27D4_EB4F))
      let others = plan.users.filter { $0 != post.author.id }
      guard !others.isEmpty else { continue }
      let count = Int(random.next() % 4)
      for index in 0..<count {
        let asker = others[Int(random.next() % UInt64(others.count))]
        let question = Self.questions[Int(random.next() % UInt64(Self.questions.count))]
        _ = try await storage.addComment(
          postID: post.id, userID: asker, body: question, now: Date())
        if index == 0, random.next() % 2 == 0 {
          let answer = Self.answers[Int(random.next() % UInt64(Self.answers.count))]
          _ = try await storage.addComment(
            postID: post.id, userID: post.author.id, body: answer, now: Date())
        }
      }
    }
  }
}
