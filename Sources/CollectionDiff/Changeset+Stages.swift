extension Changeset {
  /// The changeset as batches that a renderer which reloads (rather than reconfigures) can apply
  /// one after another, each valid on its own.
  ///
  /// UIKit rejects a reload of an element that also moves in the same batch. When no moved
  /// element changed, this is `[self]`. Otherwise the first batch is `self` without those
  /// elements' reconfigures, and the second batch only reloads them at their new positions (the
  /// old space of the second batch is the new space of the first), with matching `reconfigures`.
  ///
  /// - Complexity: O(*m* + *r*), where *m* is the number of moves and *r* of reconfigures.
  public var stages: [Changeset] {
    var stay: [Index] = []
    var deferred: [Index] = []
    var move = 0
    for index in reconfigures {
      while move < moves.count && moves[move].to < index { move += 1 }
      if move < moves.count && moves[move].to == index {
        deferred.append(index)
      } else {
        stay.append(index)
      }
    }
    if deferred.isEmpty { return [self] }
    var first = self
    first.reconfigures = stay
    return [first, Changeset(reloads: deferred, reconfigures: deferred)]
  }
}
