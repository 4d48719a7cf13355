// The console forms' one-time results (src/node/flash.ts): held under a random id named by a cookie
// on the page's path, taken once by the GET after the act, gone after a minute.
import { describe, expect, it } from 'vitest';
import { flashCookie, flashTtlMs, holdFlash, takeFlash, type FlashCookies } from '../../src/node/flash.ts';

/** A browser's cookie jar for one page, as Astro.cookies sees it. */
function jar() {
  const values = new Map<string, string>();
  const set: Record<string, unknown>[] = [];
  const cookies: FlashCookies = {
    get: (name) => (values.has(name) ? { value: values.get(name) ?? '' } : undefined),
    set: (name, value, options) => {
      values.set(name, value);
      set.push({ name, value, ...options });
    },
    delete: (name) => values.delete(name),
  };
  return { cookies, values, set };
}

describe('a one-time result of a console form', () => {
  it('is taken once by the GET after the act, then is gone', () => {
    const { cookies, values, set } = jar();
    holdFlash(cookies, '/app/operators', { token: 'ecop_secret' }, false, 1_000);
    // The cookie names the result by a random id, never the value, and only for its page.
    expect(set[0]).toMatchObject({
      name: flashCookie,
      path: '/app/operators',
      httpOnly: true,
      sameSite: 'strict',
    });
    expect(String(set[0]?.value)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(set[0]?.value)).not.toContain('ecop_secret');
    const id = values.get(flashCookie) ?? '';
    expect(takeFlash(cookies, '/app/operators', false, 2_000)).toEqual({ value: { token: 'ecop_secret' } });
    expect(values.has(flashCookie)).toBe(false);
    // The same cookie again (Back, or a copy of it) finds nothing.
    values.set(flashCookie, id);
    expect(takeFlash(cookies, '/app/operators', false, 3_000)).toBe('gone');
  });

  it('is gone a minute after the act', () => {
    const { cookies } = jar();
    holdFlash(cookies, '/app/operators', 'done', false, 0);
    expect(takeFlash(cookies, '/app/operators', false, flashTtlMs)).toBe('gone');
  });

  it('is read only by the page that held it', () => {
    const { cookies } = jar();
    holdFlash(cookies, '/app/api/events/endpoints/we_1', 'resent', false, 0);
    expect(takeFlash(cookies, '/app/operators', false, 1)).toBe('gone');
  });

  it('is nothing when no act came before', () => {
    expect(takeFlash(jar().cookies, '/app/operators', false)).toBeNull();
  });
});
