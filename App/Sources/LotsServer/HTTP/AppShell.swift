import Foundation
import Hummingbird

/// The web app's pages by their own URLs: a deep link (`/p/42`, `/u/ana`, `/likes`…) loads the
/// app's one HTML document, whose script reads the URL and shows the page. API paths are not
/// among them: an unknown `/api/…` stays a JSON 404.
struct AppShell: Sendable {
  /// The app's routes, relative to the root (`:id` and `:username` match one path segment).
  static let routes = [
    "inspire", "post", "likes", "signin", "signup", "account", "p/:id", "u/:username",
  ]

  /// `index.html`, read once at start-up.
  let html: ByteBuffer

  /// Reads the shell from the web directory.
  /// - Returns: nil when the directory has no `index.html`.
  init?(web: URL) {
    guard let data = try? Data(contentsOf: web.appendingPathComponent("index.html")) else {
      return nil
    }
    html = ByteBuffer(bytes: data)
  }

  func register(on router: some RouterMethods<AppRequestContext>) {
    for route in Self.routes {
      router.get(RouterPath(route)) { _, _ in
        Response(
          status: .ok,
          headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
          body: .init(byteBuffer: html))
      }
    }
  }
}
