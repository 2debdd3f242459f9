import Foundation

/// The app shell's header as session.js `show(user)` leaves it for a signed-in reader, written
/// by the server when it knows the reader (Main's first screen): the visitor's introduction
/// and form hidden, their profile, Lists (and for a moderator the review queue) shown. Had the
/// page changed it after start, the first screen beneath would have moved (a layout shift).
enum SignedInHeader {
  /// One change to the shell: `from` must occur exactly once (a test holds the real shell to
  /// it), and becomes `to`.
  struct Edit: Equatable {
    let from: String
    let to: String
  }

  /// The edits for `username` (`moderator`: the review queue shown).
  static func edits(username: String, moderator: Bool) -> [Edit] {
    let name = PageHead.escape(username)
    let path = "/u/" + PageHead.escape(PathSegment.encode(username))
    var edits = [
      Edit(from: #"<form id="session" "#, to: #"<form id="session" hidden "#),
      Edit(from: #"<div id="intro">"#, to: #"<div id="intro" hidden>"#),
      Edit(from: #"<p id="gate-links">"#, to: #"<p id="gate-links" hidden>"#),
      // The bell, as bell.js makes it (it takes this one).
      Edit(from: #"<p id="who" hidden>"#, to: #"<p id="who">"# + bell),
      Edit(
        from: #"<a id="profile-link" data-nav="profile"></a>"#,
        to: #"<a id="profile-link" data-nav="u/\#(name)" href="\#(path)""#
          + #" aria-label="Profile @\#(name)">@\#(name)</a>"#),
      Edit(from: #"id="lists-link" hidden>"#, to: #"id="lists-link">"#),
    ]
    if moderator {
      edits.append(Edit(from: #"href="/moderation/" hidden>"#, to: #"href="/moderation/">"#))
    }
    return edits
  }

  /// The header's bell (bell.js).
  static let bell =
    #"<a id="bell" href="/notifications" data-nav="notifications" aria-label="Notifications">"#
    + #"<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">"#
    + #"<path d="M6 16V10.5a6 6 0 0 1 12 0V16l1.6 2H4.4zM10 20.5a2.2 2.2 0 0 0 4 0"/></svg>"#
    + #"<span class="bell-badge" aria-hidden="true" hidden></span></a>"#

  /// `html` with every edit made; nil when one does not occur exactly once (the shell
  /// changed: the page then shows the reader's header itself, as it always did).
  static func apply(_ edits: [Edit], to html: String) -> String? {
    var html = html
    for edit in edits {
      guard let range = html.range(of: edit.from),
        html.range(of: edit.from, range: range.upperBound..<html.endIndex) == nil
      else { return nil }
      html.replaceSubrange(range, with: edit.to)
    }
    return html
  }
}

/// A path segment percent-encoded as `encodeURIComponent` does it.
enum PathSegment {
  /// What `encodeURIComponent` leaves as it is.
  private static let kept = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")

  /// `text` with everything but `A–Z a–z 0–9 - _ . ! ~ * ' ( )` percent-encoded (UTF-8).
  static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: kept) ?? ""
  }
}
