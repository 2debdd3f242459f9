import PropertyTesting
import Testing

@testable import CollectionLayout

@Suite struct TrigonometryTests {
  static let root5 = 5.0.squareRoot()

  @Test func knownValues() {
    let cases: [(Double, Double, Double)] = [
      (0, 0, 1),
      (.pi / 6, 0.5, 3.0.squareRoot() / 2),
      (.pi / 4, 0.5.squareRoot(), 0.5.squareRoot()),
      (.pi / 3, 3.0.squareRoot() / 2, 0.5),
      (.pi / 10, (Self.root5 - 1) / 4, (10 + 2 * Self.root5).squareRoot() / 4),
      (.pi / 5, (10 - 2 * Self.root5).squareRoot() / 4, (1 + Self.root5) / 4),
      (.pi / 2.5, (10 + 2 * Self.root5).squareRoot() / 4, (Self.root5 - 1) / 4),
      (.pi / 2, 1, 6.123233995736766e-17),
      (.pi, 1.2246467991473532e-16, -1),
      (3 * .pi / 2, -1, -1.8369701987210297e-16),
      (2 * .pi, -2.4492935982947064e-16, 1),
      (1, 0.8414709848078965, 0.5403023058681398),
      (10, -0.5440211108893698, -0.8390715290764524),
      (100, -0.5063656411097588, 0.8623188722876839),
    ]
    for (x, sine, cosine) in cases {
      #expect(Trigonometry.sinCos(x).sin.isClose(to: sine, 1e-12), "sin \(x)")
      #expect(Trigonometry.sinCos(x).cos.isClose(to: cosine, 1e-12), "cos \(x)")
      #expect(Trigonometry.sinCos(-x).sin.isClose(to: -sine, 1e-12), "sin -\(x)")
      #expect(Trigonometry.sinCos(-x).cos.isClose(to: cosine, 1e-12), "cos -\(x)")
    }
  }

  @Test func pythagoreanIdentityAndShifts() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<10_000 {
      let x = random.uniform(-1000...1000)
      let s = Trigonometry.sinCos(x).sin
      let c = Trigonometry.sinCos(x).cos
      #expect((s * s + c * c).isClose(to: 1, 1e-12), "x = \(x)")
      #expect(Trigonometry.sinCos(x + .pi / 2).sin.isClose(to: c, 1e-12), "x = \(x)")
    }
  }

  @Test func nonFiniteGivesNaN() {
    #expect(Trigonometry.sinCos(.nan).sin.isNaN)
    #expect(Trigonometry.sinCos(.infinity).cos.isNaN)
  }
}
