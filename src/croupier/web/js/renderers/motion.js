// The short animation of an outcome, skippable: `wait(ms)` resolves early once the player skips
// (the "Skip the animation" button, Escape) and at once with prefers-reduced-motion.
const REDUCED = matchMedia("(prefers-reduced-motion: reduce)").matches;

export class Motion {
  constructor({ animate = true } = {}) {
    this.skipped = REDUCED || !animate;
    this.waiters = new Set();
  }

  /** Pause the animation for `ms` (nothing once skipped). */
  wait(ms) {
    if (this.skipped || ms <= 0) return Promise.resolve();
    return new Promise((res) => {
      const done = () => { clearTimeout(id); this.waiters.delete(done); res(); };
      const id = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  skip() {
    this.skipped = true;
    for (const w of [...this.waiters]) w();
  }
}

/** A wheel's angle (degrees) that brings slot `index` of `n` under the pointer at the top, after `turns` turns. */
export function landingAngle(index, n, turns = 3) {
  return 360 * turns - (360 / n) * (index + 0.5);
}
