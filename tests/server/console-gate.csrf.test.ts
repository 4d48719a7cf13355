// Issue 23, CSRF: every unsafe request carrying the session cookie is checked for cross-site
// origin (a form post and a JSON fetch alike) while same-origin ones pass; and the cookie is
// Secure over TLS or behind a proxy that says so, HttpOnly and SameSite=Strict always.
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../../server/console-gate.ts';
import { ConsoleAccess } from '../../server/console/access.ts';
import { MemoryOperatorDirectory } from '../../server/operators/directory.ts';
import { MemorySessionStore } from '../../server/sessions/session-store.ts';
import { ConsoleSessions } from '../../server/sessions/sessions.ts';
import { consoleToken, useGatedConsole } from './gated-console.ts';

const gated = useGatedConsole(
  () =>
    new ConsoleAccess({
      token: consoleToken,
      operators: new MemoryOperatorDirectory(),
      sessions: new ConsoleSessions(new MemorySessionStore()),
    }),
  { tls: true },
);

describe('CSRF: every unsafe request with the cookie is checked', () => {
  let pair = '';
  beforeAll(async () => {
    pair = (await gated.signIn(consoleToken)).pair;
  });

  it.each([
    [
      'a cross-site form post',
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
    ],
    ['a cross-site JSON fetch', { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }],
    ['a same-site JSON fetch', { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }],
    [
      'a JSON fetch from another origin (no Sec-Fetch-Site)',
      { origin: 'https://evil.example', 'content-type': 'application/json' },
    ],
  ])('%s is refused 403', async (_name, headers) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${gated.base}/app/api/keys/key_x/roll`, {
        method,
        headers: { cookie: pair, ...headers },
        body: '{"overlap_s":10}',
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it.each([
    [
      'a same-origin form post',
      { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    ],
    ['a same-origin JSON fetch', { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }],
    ['a JSON fetch from its own origin (no Sec-Fetch-Site)', { 'content-type': 'application/json' }],
  ])('%s passes', async (_name, headers) => {
    const own = 'sec-fetch-site' in headers ? headers : { ...headers, origin: gated.base };
    // A server island's props: the console path that takes a POST of any body.
    const res = await gated.page(
      pair,
      { method: 'POST', headers: own, body: '{}' },
      '/_server-islands/Probe',
    );
    expect(res).toMatchObject({ status: 200, actor: { name: 'console token' } });
  });
});

describe('the cookie', () => {
  it.each([
    ['plain http', 'http', {}, false],
    ['http behind a proxy that says https', 'http', { 'x-forwarded-proto': 'https' }, true],
    ['TLS', 'https', {}, true],
  ])('over %s: Secure is %j', async (_name, scheme, headers, secure) => {
    const cookie = await gated.signInCookie(scheme === 'https' ? gated.httpsBase : gated.base, headers);
    expect(cookie).toMatch(
      new RegExp(`^${sessionCookie}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict`),
    );
    expect(/; Secure/.test(cookie)).toBe(secure);
  });
});
