extension Double {
  /// This value if it is finite and not negative, otherwise 0.
  ///
  /// The single rule by which every layout turns hostile lengths (NaN, ±∞, negative) into
  /// something that cannot poison the geometry.
  @inlinable
  public var sanitizedLength: Double {
    isFinite && self > 0 ? self : 0
  }

  /// This value if it is finite, otherwise 0.
  @inlinable
  public var sanitizedCoordinate: Double {
    isFinite ? self : 0
  }
}
