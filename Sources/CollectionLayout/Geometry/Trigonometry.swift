/// Sine and cosine without Foundation or libm.
///
/// The pure modules import nothing (Embedded Swift has no `sin`/`cos`), and the stack layout
/// needs both to tilt its items. The argument is reduced to [−π/4, π/4] with a three-part
/// Cody–Waite split of π/2 (fdlibm's constants: the first part has 33 significant bits, so
/// `k · part` is exact for |k| < 2^20) and then Taylor polynomials of degree 13 (sine) and 14
/// (cosine) are evaluated with Horner's rule; their truncation error on [−π/4, π/4] is below
/// 3e-14 (the first omitted term) and the result is accurate to a few ulps for |x| ≤ 10^6, far
/// beyond the angles a layout uses.
enum Trigonometry {
  // fdlibm's split of π/2: pio2_1 + pio2_2 + pio2_2t.
  private static let halfPi1 = 1.57079632673412561417e+00
  private static let halfPi2 = 6.07710050630396597660e-11
  private static let halfPi2Tail = 2.02226624879595063154e-21
  private static let twoOverPi = 6.36619772367581382433e-01

  /// The sine and cosine of `x` from one argument reduction; NaN for a non-finite `x`. Never
  /// inlined: one copy of the polynomials serves every caller (the wasm module's size).
  @inline(never)
  static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    guard x.isFinite else { return (.nan, .nan) }
    let (quadrant, r) = reduce(x)
    let s = sinKernel(r)
    let c = cosKernel(r)
    switch quadrant {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
  }

  /// `x = k · π/2 + r` with |r| ≤ π/4 (plus rounding); returns `k mod 4` and `r`.
  private static func reduce(_ x: Double) -> (quadrant: Int, remainder: Double) {
    let k = (x * twoOverPi).rounded(.toNearestOrEven)
    let r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi2Tail
    // k is an integral double; reduce it modulo 4 without converting huge values to Int.
    let quadrant = k - 4 * (k / 4).rounded(.down)
    return (Int(quadrant), r)
  }

  /// sin r on [−π/4, π/4]: r − r³/3! + r⁵/5! − … + r¹³/13!.
  private static func sinKernel(_ r: Double) -> Double {
    let z = r * r
    let p =
      1 + z
      * (-1.0 / 6 + z
        * (1.0 / 120 + z
          * (-1.0 / 5040 + z
            * (1.0 / 362_880 + z
              * (-1.0 / 39_916_800 + z * (1.0 / 6_227_020_800))))))
    return r * p
  }

  /// cos r on [−π/4, π/4]: 1 − r²/2! + r⁴/4! − … (through r¹⁴).
  private static func cosKernel(_ r: Double) -> Double {
    let z = r * r
    return 1 + z
      * (-1.0 / 2 + z
        * (1.0 / 24 + z
          * (-1.0 / 720 + z
            * (1.0 / 40_320 + z
              * (-1.0 / 3_628_800 + z
                * (1.0 / 479_001_600 + z * (-1.0 / 87_178_291_200)))))))
  }
}
