// Medians for the web benchmark. performance.now() is coarsened in browsers (5 µs here, without
// cross-origin isolation), so sub-frame cases are timed in batches.

/** Runs `body` once to warm up, then `runs` times; the median per operation, in ms. */
export function measure(runs, body, operations = 1) {
  body();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    body();
    samples.push((performance.now() - start) / operations);
  }
  return summary(samples);
}

/**
 * The native harness's policy (Sources/Benchmarks/Harness.swift), for cases compared with
 * native: one warm-up run, then runs until there are at least 5 and 300 ms have passed (at
 * most 10,000); the median per operation, in ms. A fixed 31 runs caught the engine still
 * warming up (first-31 median 2.3–2.5 ms, steady state 1.7–1.9 ms, same page, 2026-11-22).
 */
export function measureTimed(body, operations = 1) {
  body();
  const samples = [];
  const begin = performance.now();
  while (samples.length < 5 || (performance.now() - begin < 300 && samples.length < 10_000)) {
    const start = performance.now();
    body();
    samples.push((performance.now() - start) / operations);
  }
  return summary(samples);
}

/** Median, 95th percentile and maximum of samples in ms. */
export function summary(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1], runs: sorted.length };
}
