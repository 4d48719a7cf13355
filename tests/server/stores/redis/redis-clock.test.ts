// Redis's clock as a process learns it: any reply gives scripts a deadline that is never late (the
// offset is never overstated, and understated by the reply's round trip at most); the latest reply
// within the margin is used, and before one has come the quickest slower one; until any reply has
// come, scripts carry no deadline.
import { describe, expect, it } from 'vitest';
import { localMs, RedisClock } from '../../../../server/stores/redis/redis-clock.ts';

/** Redis's clock runs this far ahead of ours. */
const ahead = 5_000_000;
/** A reply to a script sent `roundTripMs` ago, Redis having read its clock `readAfterMs` after the send. */
function reply(clock: RedisClock, roundTripMs: number, readAfterMs: number): void {
  const sent = localMs() - roundTripMs;
  clock.sample(sent, sent + readAfterMs + ahead);
}

describe('RedisClock', () => {
  it('carries no deadline until a reply told Redis time', () => {
    const clock = new RedisClock({ commandTimeoutMs: 1000, marginMs: 100 });
    expect(clock.deadline(localMs())).toBe(0);
  });

  it('never sets a deadline after the timeout less the margin, and understates it by a round trip at most', () => {
    const clock = new RedisClock({ commandTimeoutMs: 1000, marginMs: 100 });
    const sent = Math.floor(localMs());
    // A slow reply (a loaded server): still a deadline, at most its 400 ms early.
    reply(clock, 400, 10);
    expect(clock.deadline(sent)).toBeLessThanOrEqual(sent + ahead + 900);
    expect(clock.deadline(sent)).toBeGreaterThanOrEqual(sent + ahead + 900 - 400);
    // A slower one does not replace a quicker one; a quicker one does.
    reply(clock, 700, 690);
    expect(clock.deadline(sent)).toBeLessThanOrEqual(sent + ahead + 900 - 300);
    reply(clock, 80, 40);
    expect(clock.deadline(sent)).toBeLessThanOrEqual(sent + ahead + 900);
    expect(clock.deadline(sent)).toBeGreaterThanOrEqual(sent + ahead + 900 - 80);
    // Once one came within the margin, no slower one replaces it, even one that reads later.
    reply(clock, 150, 150);
    expect(clock.deadline(sent)).toBeLessThanOrEqual(sent + ahead + 900 - 40 + 1);
  });
});
