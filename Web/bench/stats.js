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

/** Median, 95th percentile and maximum of samples in ms. */
export function summary(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1], runs: sorted.length };
}
