extension Double {
  /// The longest length a scroll-driven layout honours: 10^7 points, about ten thousand
  /// screens. Capping keeps every sum of lengths and counts finite and precise (a million
  /// items of 10^7 points still end below 2^53 · 2^-3).
  static let maximumScrollLength = 10_000_000.0

  /// `sanitizedLength`, capped at `maximumScrollLength`.
  var cappedLength: Double { min(sanitizedLength, .maximumScrollLength) }
}
