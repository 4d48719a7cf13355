import { describe, expect, it } from 'vitest';
import { crossSiteRefusal, ownOrigin } from '../../server/cross-site.ts';

const host = 'console.example:4321';

describe('crossSiteRefusal', () => {
  it.each([
    // [what, method, headers, refused]
    ['a GET from anywhere', 'GET', { 'sec-fetch-site': 'cross-site' }, false],
    ['a same-origin fetch', 'POST', { 'sec-fetch-site': 'same-origin' }, false],
    ['a typed navigation', 'POST', { 'sec-fetch-site': 'none' }, false],
    ['a cross-site form post', 'POST', { 'sec-fetch-site': 'cross-site' }, true],
    ['a same-site (sibling subdomain) fetch', 'DELETE', { 'sec-fetch-site': 'same-site' }, true],
    ['an old browser, same origin', 'POST', { origin: `http://${host}` }, false],
    ['an old browser, another origin', 'PATCH', { origin: 'https://evil.example' }, true],
    ['an opaque origin', 'POST', { origin: 'null' }, true],
    ['a script (no browser headers)', 'POST', {}, false],
  ])('%s', (_what, method, headers, refused) => {
    const reason = crossSiteRefusal({ method, headers: { host, ...headers } });
    expect(reason !== null).toBe(refused);
  });

  it('takes the scheme from TLS or a proxy', () => {
    expect(ownOrigin({ headers: { host }, encrypted: true })).toBe(`https://${host}`);
    expect(ownOrigin({ headers: { host, 'x-forwarded-proto': 'https' } })).toBe(`https://${host}`);
    expect(ownOrigin({ headers: { host } })).toBe(`http://${host}`);
  });
});
