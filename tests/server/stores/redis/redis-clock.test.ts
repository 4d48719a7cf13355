// Redis's clock as a process learns it: a reply quick enough to keep a script's deadline inside
// its command's (the deadline's margin) sets the offset, a slower one does not, and until one has
// come scripts carry no deadline.
import { describe, expect, it } from 'vitest';
import { localMs, RedisClock } from '../../../../server/stores/redis/redis-clock.ts';

describe('RedisClock', () => {
  it('carries no deadline until a reply within the margin told Redis time', () => {
    const clock = new RedisClock({ commandTimeoutMs: 1000, marginMs: 100 });
    const sent = Math.floor(localMs());
    expect(clock.deadline(sent)).toBe(0);
    // Too slow to tell the clocks apart within the margin.
    clock.sample(localMs() - 150, 5_000_000);
    expect(clock.deadline(sent)).toBe(0);
    // 80 ms is within it: Redis's clock is about 5,000,000 ms past the send.
    const sampledAt = Math.floor(localMs()) - 80;
    clock.sample(sampledAt, sampledAt + 5_000_000);
    expect(clock.deadline(sent)).toBe(Math.floor(sent + 5_000_000 + 900));
  });
});
