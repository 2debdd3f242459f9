/// Sorts positions in place, ascending, by heapsort.
///
/// The diff sorts only its repeated identities, usually none. Heapsort needs no buffer and a
/// few hundred bytes of WebAssembly, where the standard library's stable sort took 3.4 KB of
/// the module's budget.
///
/// - Complexity: O(*n* log *n*) time in the worst case, O(1) extra memory.
@usableFromInline @inline(never)
func heapSort(_ values: inout [Int]) {
  heapSort(&values, by: <)
}

/// Sorts elements in place by `areInIncreasingOrder`, by heapsort (not stable): the diff's
/// positions and the live list's items (whose keys are unique) both use it.
///
/// - Complexity: O(*n* log *n*) time in the worst case, O(1) extra memory.
@inline(__always)
package func heapSort<Element>(
  _ values: inout [Element], by areInIncreasingOrder: (Element, Element) -> Bool
) {
  values.withUnsafeMutableBufferPointer { heap in
    // Moves heap[root] down until no child sorts after it, within heap[..<end].
    func siftDown(_ root: Int, _ end: Int) {
      var root = root
      while true {
        var child = 2 * root + 1
        if child >= end { return }
        if child + 1 < end && areInIncreasingOrder(heap[child], heap[child + 1]) { child += 1 }
        if !areInIncreasingOrder(heap[root], heap[child]) { return }
        heap.swapAt(root, child)
        root = child
      }
    }
    var start = heap.count / 2
    while start > 0 {
      start -= 1
      siftDown(start, heap.count)
    }
    var end = heap.count
    while end > 1 {
      end -= 1
      heap.swapAt(0, end)
      siftDown(0, end)
    }
  }
}
