// The console's own pages call the management API with their session: only a request without a
// bearer that the browser says comes from this origin's page is the console's actor; a viewer's
// principal reads only.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { demoVisitor, type ConsoleActor } from '../../../src/live/console-actor.ts';
import { consoleCaller, endedConsoleSession, fromOwnPage } from '../../../server/manage/console-caller.ts';

const request = (headers: Record<string, string>) =>
  ({ headers: { host: '127.0.0.1:4321', ...headers }, socket: {} }) as unknown as IncomingMessage;
const viewer: ConsoleActor = { type: 'operator', id: 'op_v', name: 'Vera', role: 'viewer' };

describe('fromOwnPage', () => {
  it.each([
    // Chromium's fetch from the console's own page.
    [{ 'sec-fetch-site': 'same-origin' }, true],
    // Another site, or a typed URL: never an action of the page.
    [{ 'sec-fetch-site': 'cross-site' }, false],
    [{ 'sec-fetch-site': 'same-site' }, false],
    [{ 'sec-fetch-site': 'none' }, false],
    // A browser without Sec-Fetch-Site: its Origin must be ours.
    [{ origin: 'http://127.0.0.1:4321' }, true],
    [{ origin: 'http://localhost:4321' }, false],
    [{ origin: 'null' }, false],
    // curl and scripts send neither: they need a management key.
    [{}, false],
  ])('%o → %s', (headers, expected) => {
    expect(fromOwnPage(request(headers))).toBe(expected);
  });
});

describe('consoleCaller', () => {
  it("is the actor's principal for the console's page, nothing with a bearer or without a lookup", async () => {
    const lookup = () => Promise.resolve(demoVisitor);
    const page = request({ 'sec-fetch-site': 'same-origin' });
    expect((await consoleCaller(page, lookup))?.actor).toEqual({
      type: 'demo_visitor',
      id: 'demo_visitor',
      name: 'demo visitor',
    });
    const bearer = request({ 'sec-fetch-site': 'same-origin', authorization: 'Bearer mk_x' });
    expect(await consoleCaller(bearer, lookup)).toBeUndefined();
    expect(await consoleCaller(page, undefined)).toBeUndefined();
    expect(await consoleCaller(page, () => Promise.resolve(null))).toBeUndefined();
  });

  it('gives a viewer read scopes only', async () => {
    const principal = await consoleCaller(request({ 'sec-fetch-site': 'same-origin' }), () =>
      Promise.resolve(viewer),
    );
    expect(principal?.scopes.every((scope) => scope.endsWith(':read'))).toBe(true);
  });
});

describe('endedConsoleSession', () => {
  const cookie = { cookie: 'estate_console_session=gone' };
  const nobody = () => Promise.resolve(null);
  it.each([
    [
      'a dead cookie from the console’s page',
      { ...cookie, 'sec-fetch-site': 'same-origin' },
      nobody,
      '/app/sign-in',
    ],
    ['no cookie', { 'sec-fetch-site': 'same-origin' }, nobody, undefined],
    [
      'a bearer beside the cookie',
      { ...cookie, 'sec-fetch-site': 'same-origin', authorization: 'Bearer mk_x' },
      nobody,
      undefined,
    ],
    ['a cookie from no page of ours (curl)', cookie, nobody, undefined],
    [
      'a live session',
      { ...cookie, 'sec-fetch-site': 'same-origin' },
      () => Promise.resolve(viewer),
      undefined,
    ],
  ])('%s → %s', async (_name, headers, lookup, expected) => {
    expect(await endedConsoleSession(request(headers), lookup)).toBe(expected);
  });
});
