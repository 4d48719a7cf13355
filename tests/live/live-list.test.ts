// src/live/live-list.ts: a live list screen's URL says its state one way only (any other spelling
// is redirected there), and what it renders is never cached.
import { describe, expect, it } from 'vitest';
import { startLiveList } from '../../src/live/live-list.ts';

/** A page's Astro global as startLiveList sees it, at `path`. */
function page(path: string) {
  const headers = new Headers();
  const redirect = (to: string, status: number) => new Response(null, { status, headers: { location: to } });
  return { url: new URL(path, 'http://console.test'), redirect, response: { headers }, headers };
}

describe('startLiveList', () => {
  it.each([
    // The bare screen and its own URL render.
    ['/app/api/events', '/app/api/events'],
    ['/app/api/events?type=order.created', '/app/api/events?type=order.created'],
  ])('renders %s, uncached', (path, canonical) => {
    const p = page(path);
    expect(startLiveList(p, canonical)).toBeNull();
    expect(p.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    // An unknown value dropped, parameters in another order, a default spelled out.
    ['/app/api/events?type=nope', '/app/api/events'],
    ['/app/api/logs?before=9&class=4xx', '/app/api/logs?class=4xx&before=9'],
    ['/app/api/events?env=sandbox', '/app/api/events'],
  ])('redirects %s to %s, and marks nothing', (path, canonical) => {
    const p = page(path);
    const answer = startLiveList(p, canonical);
    expect([answer?.status, answer?.headers.get('location')]).toEqual([302, canonical]);
    expect(p.headers.get('cache-control')).toBeNull();
  });

  it('keeps the URL as it is when the screen says so (a Request-Id not found)', () => {
    const p = page('/app/api/logs?request=req_missing');
    expect(startLiveList(p, null)).toBeNull();
    expect(p.headers.get('cache-control')).toBe('no-store');
  });
});
