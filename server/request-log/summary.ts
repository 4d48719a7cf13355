// Figures over a set of latencies, exact, without sorting them all.

/**
 * The nearest-rank percentile (the smallest value with at least `fraction` of the values at or
 * below it), as the workspace's views compute p99; null for no values. Reorders `values`.
 */
export function nearestRank(values: Float64Array, fraction: number): number | null {
  const n = values.length;
  if (n === 0) return null;
  const k = Math.min(n, Math.max(1, Math.ceil(fraction * n))) - 1;
  let lo = 0;
  let hi = n - 1;
  // Quickselect (Hoare partition around the middle value): O(n) on average.
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const t = values[i] as number;
        values[i++] = values[j] as number;
        values[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return values[k] as number;
}
