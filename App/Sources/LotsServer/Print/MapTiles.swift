import Foundation

/// A deployment's map tiles for Booster's map (`lots serve --map-tiles URL`).
public enum MapTiles {
  /// The origin of a tile URL template (`https://tile.example.org`), which the page's
  /// Content-Security-Policy lets images come from; nil when the template is not an http(s)
  /// URL with `{z}`, `{x}` and `{y}`.
  public static func origin(_ template: String) -> String? {
    guard ["{z}", "{x}", "{y}"].allSatisfy(template.contains),
      let parts = URLComponents(
        string: template.replacingOccurrences(of: "{", with: "").replacingOccurrences(
          of: "}", with: "")),
      let scheme = parts.scheme?.lowercased(), scheme == "https" || scheme == "http",
      let host = parts.host, !host.isEmpty,
      host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" })
    else { return nil }
    return "\(scheme)://\(host)" + (parts.port.map { ":\($0)" } ?? "")
  }
}
