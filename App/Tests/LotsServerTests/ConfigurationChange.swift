@testable import LotsServer

/// How one test's server differs from the default: `.with { $0.policy.reports = .counting(2) }`.
struct ConfigurationChange {
  let apply: (inout ServerConfiguration) -> Void

  /// No change.
  static var none: Self { ConfigurationChange { _ in } }

  /// The change `apply` makes.
  static func with(_ apply: @escaping (inout ServerConfiguration) -> Void) -> Self {
    ConfigurationChange(apply: apply)
  }

  /// One user (from one address) may have any number of uploads in flight: for tests of what
  /// the server-wide bound and idempotency do under many at once.
  static var manyUploadsPerUser: Self {
    .with { ($0.uploadsPerUser, $0.uploadsPerAddress) = (.max, .max) }
  }
}
