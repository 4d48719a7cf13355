// Integer splits that add up exactly: how totals become counts without drifting.

/** Splits `total` into integers proportional to `weights` (largest remainder); they sum to `total`. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const index = (order[k] as readonly [number, number])[1];
    out[index] = (out[index] ?? 0) + 1;
  }
  return out;
}

/** Rounds x up or down at random so that the expectation is x. */
export function stochasticRound(x: number, u: number): number {
  const floor = Math.floor(x);
  return floor + (u < x - floor ? 1 : 0);
}
