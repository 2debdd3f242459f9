// The libm functions the Swift code needs in the browser that WebAssembly has no instruction
// for. Swift's `.rounded()` (half away from zero) calls `round`; floor, ceil, trunc, sqrt and
// `.rounded(.toNearestOrEven)` compile to f64 instructions directly.

double round(double x) {
  double truncated = __builtin_trunc(x);
  if (__builtin_fabs(x - truncated) >= 0.5) truncated += __builtin_copysign(1.0, x);
  return truncated;
}
