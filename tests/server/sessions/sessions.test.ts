// ConsoleSessions over the memory store: ids are random and stored only hashed; the idle clock is
// refreshed at most every touchEveryMs; idle, absolute and sign-out each end a session for good;
// malformed cookie values never reach the store.
import { describe, expect, it } from 'vitest';
import { MemorySessionStore } from '../../../server/sessions/session-store.ts';
import { ConsoleSessions, sessionHash } from '../../../server/sessions/sessions.ts';

function fixture() {
  const clock = { now: 1_000_000 };
  const store = new MemorySessionStore();
  const limits = { idleMs: 10_000, absoluteMs: 60_000, touchEveryMs: 1_000 };
  return { clock, store, sessions: new ConsoleSessions(store, limits, () => clock.now) };
}

describe('ConsoleSessions', () => {
  it('stores only the hash of a random id', async () => {
    const { store, sessions } = fixture();
    const a = await sessions.start('op_a', 'h');
    const b = await sessions.start('op_a', 'h');
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await store.find(a)).toBeNull();
    expect(await store.find(sessionHash(a))).toMatchObject({ operator_id: 'op_a', credential_hash: 'h' });
  });

  it('refreshes the idle clock at most every touchEveryMs, so it may end that much early', async () => {
    const { clock, sessions } = fixture();
    const id = await sessions.start(null, 'h');
    clock.now += 999;
    expect((await sessions.resolve(id))?.last_seen_at_ms).toBe(clock.now - 999);
    clock.now += 1;
    expect((await sessions.resolve(id))?.last_seen_at_ms).toBe(clock.now);
    clock.now += 9_999;
    expect(await sessions.resolve(id)).not.toBeNull();
    clock.now += 10_000;
    expect(await sessions.resolve(id)).toBeNull();
  });

  it.each([
    ['idle', 10_000],
    ['absolute', 60_000],
  ])('ends at the %s limit and stays ended', async (_name, afterMs) => {
    const { clock, store, sessions } = fixture();
    const id = await sessions.start(null, 'h');
    // Busy every 5 s until the limit.
    for (let t = 5_000; t < afterMs; t += 5_000) {
      clock.now += 5_000;
      expect(await sessions.resolve(id)).not.toBeNull();
    }
    clock.now += afterMs === 10_000 ? 10_000 : 5_000;
    expect(await sessions.resolve(id)).toBeNull();
    expect(store.size).toBe(0);
    clock.now -= 5_000;
    expect(await sessions.resolve(id)).toBeNull();
  });

  it('ends at sign-out', async () => {
    const { store, sessions } = fixture();
    const id = await sessions.start(null, 'h');
    await sessions.end(id);
    expect(await sessions.resolve(id)).toBeNull();
    expect(store.size).toBe(0);
  });

  it.each([undefined, '', 'short', 'x'.repeat(43) + '=', '../'.repeat(15)])(
    'ignores a cookie value %j',
    async (value) => {
      const { sessions } = fixture();
      expect(await sessions.resolve(value)).toBeNull();
      await sessions.end(value);
    },
  );
});
