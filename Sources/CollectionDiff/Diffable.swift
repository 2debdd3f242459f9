/// An element that a diff can follow across two versions of a collection: it has an identity
/// that stays the same while its content changes.
///
/// Identities are expected to be unique within one collection. When they are not, the diff still
/// produces a valid changeset (see ``Changeset/duplicates``).
public protocol Diffable {
  /// The type of the identity.
  associatedtype DiffIdentifier: Hashable

  /// The identity that stays the same while the element's content changes.
  var diffIdentifier: DiffIdentifier { get }

  /// Whether `other`, an element with the same identity, shows the same content, so that its
  /// cell need not be reconfigured.
  ///
  /// - Complexity: Whatever the conforming type makes it; the diff calls it once per surviving
  ///   element.
  func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Equatable {
  /// Compares the whole element with `==`.
  ///
  /// - Complexity: That of `==`.
  public func isContentEqual(to other: Self) -> Bool {
    self == other
  }
}
