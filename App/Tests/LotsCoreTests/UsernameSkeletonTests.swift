import LotsCore
import Testing

/// Names that only look different have one skeleton; names that read differently do not.
@Suite struct UsernameSkeletonTests {
  @Test(arguments: [
    ("Iucia", "lucia"), ("1ucia", "lucia"), ("Lucia", "lucia"), ("ana.", "ana"),
    ("ana_", "ana"), ("a-n-a", "ana"), ("rnia", "mia"), ("vvill", "will"), ("clan", "dan"),
    ("0tto", "otto"), ("OTTO", "0tt0"), ("Ana.Lucia", "anaLucia"),
  ])
  func lookalikesShareASkeleton(_ pair: (String, String)) {
    #expect(UsernameSkeleton.of(pair.0) == UsernameSkeleton.of(pair.1), "\(pair)")
  }

  @Test(arguments: [("ana", "anna"), ("lucia", "lucas"), ("mia", "nia"), ("bruno", "bruna")])
  func differentNamesDoNot(_ pair: (String, String)) {
    #expect(UsernameSkeleton.of(pair.0) != UsernameSkeleton.of(pair.1), "\(pair)")
  }
}
