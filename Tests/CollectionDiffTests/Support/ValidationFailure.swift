/// Why a changeset is not one that UIKit would accept, or does not produce the new collection.
struct ValidationFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
