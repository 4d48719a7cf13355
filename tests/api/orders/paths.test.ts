// The two readings of a request path: the router's generous one (what could be the API's goes to
// the contract) and the contract's strict canonical spelling (RFC 3986 §6.2.2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiVersionOf, canonicalPath, isApiTarget, pathOfTarget } from '../../../src/api/orders/paths.ts';

/** Path segments to build paths from: dot segments, escapes good and bad, either case, unicode. */
const segment = fc.oneof(
  fc.constantFrom(
    '',
    '.',
    '..',
    '%2e',
    '%2E%2e',
    'v2',
    'V2',
    'orders',
    '%6Frders',
    '%76%32',
    '%2f',
    'a%2Fb',
    '%41',
    '~',
    'é',
    '\\',
    'app',
    '%ZZ',
  ),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{1,6}$/),
);
const path = fc.array(segment, { maxLength: 6 }).map((segments) => '/' + segments.join('/'));

describe('pathOfTarget', () => {
  it.each([
    ['/v2/orders?x=1#top', '/v2/orders'],
    ['/v2/orders#a?b', '/v2/orders'],
    ['http://estate.test/v2/orders?x', '/v2/orders'],
    ['https://estate.test', '/'],
    ['estate.test:443', 'estate.test:443'],
  ])('%s → %s', (target, path) => {
    expect(pathOfTarget(target)).toBe(path);
  });
});

describe('canonicalPath', () => {
  it.each([
    ['/v2/orders', '/v2/orders'],
    // empty segments (repeated, leading, trailing slashes) go
    ['//v2//orders/', '/v2/orders'],
    // escapes of unreserved characters decode; others stay, in upper case
    ['/v2/%6frders', '/v2/orders'],
    ['/v2/a%2fb', '/v2/a%2Fb'],
    ['/v2/%e2%82%ac', '/v2/%E2%82%AC'],
    // dot segments resolve, spelt plainly or encoded
    ['/v2/./x/../orders', '/v2/orders'],
    ['/v2/%2E%2e/x', '/x'],
    ['/', '/'],
  ])('%s → %s', (path, canonical) => {
    expect(canonicalPath(path)).toEqual({ ok: true, path: canonical });
  });

  it.each(['/v2/%ZZ', '/v2/%', '/v2/%4', '/v2/%C3%28', '/v2/%E0%A4%A'])('%s has none', (path) => {
    expect(canonicalPath(path).ok).toBe(false);
  });

  it('is its own canonical spelling', () => {
    fc.assert(
      fc.property(path, (p) => {
        const once = canonicalPath(p);
        if (once.ok) expect(canonicalPath(once.path)).toEqual(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('never reads a path as the API’s that the router would send to the console', () => {
    fc.assert(
      fc.property(path, (p) => {
        const strict = canonicalPath(p);
        if (strict.ok && /^\/v\d+(\/|$)/i.test(strict.path)) expect(isApiTarget(p)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('isApiTarget', () => {
  it('reads as the API’s every path a WHATWG URL parser (Astro’s) reads so', () => {
    fc.assert(
      fc.property(path, (p) => {
        let whatwg: string;
        try {
          whatwg = decodeURIComponent(new URL('http://estate.test' + p).pathname);
        } catch {
          return;
        }
        if (/^\/v\d+(\/|$)/i.test(whatwg)) expect(isApiTarget(p)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('apiVersionOf', () => {
  it.each([
    ['/v2/orders', 'v2'],
    ['/V3/x', 'v3'],
    ['/x/../%762/orders', 'v2'],
    ['/v2x/orders', null],
    ['/v2/../app', null],
    ['/', null],
  ])('%s → %s', (target, version) => {
    expect(apiVersionOf(target)).toBe(version);
  });
});
