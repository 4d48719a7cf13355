// The queue of deliveries due now: first in, first out, through the compaction of taken slots,
// with removal keeping the order of what stays.
import { describe, expect, it } from 'vitest';
import { Fifo } from '../../../server/webhooks/fifo.ts';

describe('Fifo', () => {
  it('gives items back in the order they came, across compactions', () => {
    const q = new Fifo<number>();
    const out: number[] = [];
    for (let i = 0; i < 5_000; i++) {
      q.push(i);
      if (i % 3 === 0) out.push(q.shift() as number);
    }
    while (q.length > 0) out.push(q.shift() as number);
    expect(out).toEqual(Array.from({ length: 5_000 }, (_, i) => i));
    expect(q.shift()).toBeUndefined();
  });

  it('removes what matches, keeps the rest in order, and answers some()', () => {
    const q = new Fifo<number>();
    for (let i = 0; i < 3_000; i++) q.push(i);
    for (let i = 0; i < 1_500; i++) q.shift();
    expect(q.remove((n) => n % 2 === 0)).toHaveLength(750);
    expect([...q].slice(0, 3)).toEqual([1_501, 1_503, 1_505]);
    expect(q.length).toBe(750);
    expect(q.some((n) => n === 2_999)).toBe(true);
    expect(q.some((n) => n === 1_500)).toBe(false);
  });
});
