// The request log screen's URL state: which values it accepts, what page query they make, and the
// URL it writes back (short, canonical, readable by the same parser).
import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  logHref,
  logPageQuery,
  logPageSize,
  parseLogState,
  sinceWindows,
} from '../../src/live/log-query.ts';

const parse = (query: string) => parseLogState(new URLSearchParams(query));

describe('parseLogState', () => {
  it.each([
    // each accepted value is kept as written
    ['class=4xx', { class: '4xx' }],
    ['status=429', { status: '429' }],
    ['key=key_demo_sandbox', { key: 'key_demo_sandbox' }],
    ['route=rt_jnmg1jt4qt', { route: 'rt_jnmg1jt4qt' }],
    // a route by method and path, as the filter's form sends it
    ['route=POST+%2Fv2%2Forders', { route: 'POST /v2/orders' }],
    ['route=GET+/v2/skus/{sku}', { route: 'GET /v2/skus/{sku}' }],
    ['caller=assistant', { caller: 'assistant' }],
    ['env=staging', { env: 'staging' }],
    ['since=1h', { since: '1h' }],
    ['before=1200', { before: '1200' }],
    // unknown or malformed values are ignored, like the console's table filters
    ['class=6xx', {}],
    ['class=toString', {}],
    ['status=42', {}],
    ['status=699', {}],
    ['key=sk_test_abc', {}],
    ['route=../etc', {}],
    ['route=FETCH+/v2/orders', {}],
    ['route=POST+v2/orders', {}],
    ['caller=robot', {}],
    ['env=mars', {}],
    ['since=constructor', {}],
    ['before=0', {}],
    ['before=-3', {}],
    ['before=1e3', {}],
    ['colour=red', {}],
    ['status=', {}],
    // several combine
    ['class=5xx&env=sandbox&caller=human', { class: '5xx', env: 'sandbox', caller: 'human' }],
  ])('%s reads as %j', (query, state) => {
    expect(parse(query)).toEqual(state);
  });
});

describe('logPageQuery', () => {
  const now = Date.UTC(2026, 10, 23, 12);

  it('asks for the newest page with no filter', () => {
    expect(logPageQuery({}, now)).toEqual({ limit: logPageSize });
  });

  it('maps every parameter to its filter', () => {
    const state = parse(
      'class=4xx&status=429&key=key_a&route=rt_b&caller=automation&env=sandbox&since=15m&before=77',
    );
    expect(logPageQuery(state, now)).toEqual({
      limit: logPageSize,
      statusClass: 4,
      status: 429,
      keyId: 'key_a',
      routeId: 'rt_b',
      callerKind: 'automation',
      environment: 'sandbox',
      fromMs: now - sinceWindows['15m'],
      before: 77,
    });
  });
});

describe('a route named by method and path', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const stages = { 'POST /v2/orders': ['rt_prod_create', 'rt_sandbox_create'] } as Record<string, string[]>;
  const routeIdsOf = (name: string) => stages[name] ?? [];

  it('filters by every stage of that route', () => {
    expect(logPageQuery(parse('route=POST+%2Fv2%2Forders'), now, routeIdsOf)).toEqual({
      limit: logPageSize,
      routeIds: ['rt_prod_create', 'rt_sandbox_create'],
    });
  });

  it('matches nothing when the workspace has no such route', () => {
    expect(logPageQuery(parse('route=GET+%2Fv2%2Fnothing'), now, routeIdsOf)).toMatchObject({ routeIds: [] });
  });

  it('writes a URL that reads back as the same route', () => {
    const state = parse('route=POST+%2Fv2%2Forders&env=sandbox');
    expect(parse(new URL(logHref(state), 'http://x').search)).toEqual(state);
  });
});

describe('logHref', () => {
  it('writes nothing for the default state', () => {
    expect(logHref({})).toBe('/app/api/logs');
  });

  it('writes parameters in one order, so a state has one URL', () => {
    expect(logHref({ env: 'sandbox', class: '2xx' })).toBe('/app/api/logs?class=2xx&env=sandbox');
  });

  it('applies changes, and undefined clears a parameter (back to the newest page)', () => {
    const state = parse('key=key_a&before=90');
    expect(logHref(state, { before: '40' })).toBe('/app/api/logs?key=key_a&before=40');
    expect(logHref(state, { before: undefined })).toBe('/app/api/logs?key=key_a');
  });

  it('reads back as the state it was written from', () => {
    const state = parse('status=503&route=rt_b&since=7d&before=5');
    expect(parse(new URL(logHref(state), 'http://x').search)).toEqual(state);
  });
});

describe('isFiltered', () => {
  it.each([
    [{}, false],
    [{ before: '10' }, false],
    [{ caller: 'human' }, true],
  ])('%j → %s', (state, filtered) => {
    expect(isFiltered(state)).toBe(filtered);
  });
});
