// UIKit's spring animation (`usingSpringWithDamping:`) approximated as a CSS `linear()` easing
// for the Web Animations API: the step response of a damped harmonic oscillator, sampled.
//
// UIKit picks the stiffness from the duration; we pick the natural frequency so that the
// oscillation's envelope has decayed to 0.1 % at the end: ζ·ω₀·T = ln 1000. With ζ = 0.6 and
// T = 1 s that is ω₀ ≈ 11.5 rad/s and a first overshoot of about 9.5 % at 0.34 s.

/** A `linear(...)` easing for a spring with damping ratio `damping` (0 < ζ < 1). */
export function springEasing(damping = 0.6, samples = 64) {
  const omega = Math.log(1000) / damping;
  const damped = omega * Math.sqrt(1 - damping * damping);
  const points = [];
  for (let i = 0; i <= samples; i++) {
    const t = i / samples;
    const decay = Math.exp(-damping * omega * t);
    const value = i === samples ? 1
      : 1 - decay * (Math.cos(damped * t) + (damping * omega / damped) * Math.sin(damped * t));
    points.push(value.toFixed(4));
  }
  return `linear(${points.join(", ")})`;
}
