import CollectionDiff
import Testing

/// The validator must reject what UIKit rejects, or the property tests prove nothing.
@Suite struct BatchUpdateValidatorTests {
  let old = [1, 2, 3, 4].items
  let new = [4, 1, 2, 5].items

  @Test func acceptsTheEngineResult() throws {
    try BatchUpdateValidator.check(Changeset(from: old, to: new), from: old, to: new)
  }

  @Test func rejectsBrokenChangesets() {
    let good = Changeset(from: old, to: new)
    var missingMove = good
    missingMove.moves = []
    var wrongCount = good
    wrongCount.inserts = []
    var reloadOfMove = good
    reloadOfMove.reloads = [3]
    var deleteAndMove = good
    deleteAndMove.deletes.append(3)
    var unsorted = good
    unsorted.deletes = [2, 2]
    var staleReconfigure = good
    staleReconfigure.reconfigures = [1]
    for broken in [
      missingMove, wrongCount, reloadOfMove, deleteAndMove, unsorted, staleReconfigure,
    ] {
      #expect(throws: ValidationFailure.self) {
        try BatchUpdateValidator.check(broken, from: old, to: new)
      }
    }
  }
}
