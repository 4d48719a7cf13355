// Issue 23, "Sessions": server-side sessions end when idle, when too old and at sign-out, and a
// copied cookie opens nothing afterwards; a role change, a removal and a new token apply to a
// session already open; the open demo's actor is "demo visitor" until the first operator exists.
// (CSRF and the cookie's flags: ./console-gate.csrf.test.ts.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { consoleGate, signInPath, signOutPath } from '../../server/console-gate.ts';
import { ConsoleAccess } from '../../server/console/access.ts';
import { journalOperators, testBy } from '../../harness/operators.ts';
import { addOperator, changeRole, reissueToken, removeOperator } from '../../server/operators/operators.ts';
import { MemorySessionStore } from '../../server/sessions/session-store.ts';
import { ConsoleSessions, defaultSessionLimits } from '../../server/sessions/sessions.ts';
import { consoleActor } from '../../src/live/console-actor.ts';
import { consoleToken, useGatedConsole } from './gated-console.ts';

const minute = 60_000;
const dir = mkdtempSync(join(tmpdir(), 'estate-sessions-'));
const file = join(dir, 'issued-keys.jsonl');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Two clocks, both moved by hand: wall time for sessions, a monotonic one for the directory's
// "at most a second stale" look at the management journal.
const clock = { wall: Date.parse('2026-11-26T09:00:00Z'), mono: 0 };
const serverDirectory = journalOperators(file, { now: () => clock.mono });
// The CLI's view of the same journal, as another process has it.
const cli = journalOperators(file);
const store = new MemorySessionStore();
const access = new ConsoleAccess({
  token: consoleToken,
  operators: serverDirectory,
  sessions: new ConsoleSessions(store, {}, () => clock.wall),
});
const gated = useGatedConsole(() => access);
const signIn = (token: string) => gated.signIn(token);
const page = (pair: string, init?: RequestInit) => gated.page(pair, init);
/** A same-origin form post to the Operators page (a page that takes one). */
const formPost = (pair: string) =>
  gated.page(
    pair,
    {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=none',
    },
    '/app/operators',
  );

describe('sessions end', () => {
  it('after the idle limit, and the copied cookie opens nothing after', async () => {
    const { pair } = await signIn(consoleToken);
    clock.wall += defaultSessionLimits.idleMs - minute;
    expect((await page(pair)).status).toBe(200);
    // A request refreshed it: idle counts from there.
    clock.wall += defaultSessionLimits.idleMs - minute;
    expect((await page(pair)).status).toBe(200);
    clock.wall += defaultSessionLimits.idleMs;
    expect((await page(pair)).status).toBe(401);
    clock.wall -= defaultSessionLimits.idleMs; // the copy, used "earlier": the session is deleted
    expect((await page(pair)).status).toBe(401);
  });

  it('at the absolute limit, however busy', async () => {
    const { pair } = await signIn(consoleToken);
    const started = clock.wall;
    while (clock.wall + 20 * minute < started + defaultSessionLimits.absoluteMs) {
      clock.wall += 20 * minute;
      expect((await page(pair)).status).toBe(200);
    }
    clock.wall = started + defaultSessionLimits.absoluteMs;
    expect((await page(pair)).status).toBe(401);
  });

  it('at sign-out, and a copy of the cookie taken before is refused', async () => {
    const { pair } = await signIn(consoleToken);
    const copy = pair;
    expect((await page(pair)).actor).toMatchObject({ name: 'console token', role: 'admin' });
    const out = await fetch(`${gated.base}${signOutPath}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: pair, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await page(copy)).status).toBe(401);
    expect((await page(copy, { headers: { accept: 'text/html' } })).status).toBe(303);
  });

  it('start with a token copied with the blanks around it (found from outside: a triple-click copy)', async () => {
    const { pair } = await signIn(`\n                ${consoleToken}  \n`);
    expect((await page(pair)).status).toBe(200);
  });

  it('and expired ones are not kept', async () => {
    clock.wall += defaultSessionLimits.absoluteMs;
    await signIn(consoleToken);
    expect(store.size).toBe(1);
  });
});

describe('operators and their roles', () => {
  it('a role change applies to a session already open, a second at most after the CLI wrote it', async () => {
    const { operator, token } = await addOperator(cli, { name: 'Ada', role: 'operator' }, testBy);
    const { pair } = await signIn(token);
    expect((await page(pair)).actor).toMatchObject({
      type: 'operator',
      id: operator.operator_id,
      role: 'operator',
    });
    await changeRole(cli, 'ada', 'viewer', testBy);
    clock.mono += 1_000;
    expect((await page(pair)).actor).toMatchObject({ name: 'Ada', role: 'viewer' });
    const post = await formPost(pair);
    expect(post.status).toBe(403);
    await changeRole(cli, operator.operator_id, 'admin', testBy);
    clock.mono += 1_000;
    expect((await formPost(pair)).status).toBe(200);
  });

  it('a new token ends the sessions of the old one, and the old token signs nobody in', async () => {
    const { token } = await addOperator(cli, { name: 'Grace', role: 'admin' }, testBy);
    const { pair } = await signIn(token);
    const { token: fresh } = await reissueToken(cli, 'Grace', testBy);
    clock.mono += 1_000;
    expect((await page(pair)).status).toBe(401);
    expect((await page('', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await page('', { headers: { authorization: `Bearer ${fresh}` } })).actor).toMatchObject({
      name: 'Grace',
    });
  });

  it('removing an operator ends their sessions', async () => {
    const { token } = await addOperator(cli, { name: 'Linus', role: 'viewer' }, testBy);
    const { pair } = await signIn(token);
    expect((await page(pair)).status).toBe(200);
    await removeOperator(cli, 'Linus', testBy);
    clock.mono += 1_000;
    expect((await page(pair)).status).toBe(401);
  });

  it('the management journal holds hashes, never a token', async () => {
    const { token } = await addOperator(cli, { name: 'Hedy', role: 'viewer' }, testBy);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(token);
    expect(text).toContain('"name":"Hedy"');
  });
});

describe('the open demo', () => {
  it('lets anyone in as "demo visitor" until the first operator exists, and still refuses cross-site changes', async () => {
    const mono = { now: 0 };
    const demoDirectory = journalOperators(join(dir, 'demo-keys.jsonl'), { now: () => mono.now });
    const demo = new ConsoleAccess({
      operators: demoDirectory,
      sessions: new ConsoleSessions(new MemorySessionStore()),
    });
    const stand = (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ actor: consoleActor() }));
    };
    const gate = consoleGate(stand, demo);
    const server = createServer((req, res) => void gate(req, res));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    onTestFinished(() => new Promise((done) => server.close(() => done())));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}/app/api`;

    const open = await fetch(at);
    expect(await open.json()).toMatchObject({
      actor: { type: 'demo_visitor', id: 'demo_visitor', name: 'demo visitor', role: 'admin' },
    });
    const crossSite = await fetch(at, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);

    await addOperator(
      journalOperators(join(dir, 'demo-keys.jsonl')),
      { name: 'First', role: 'admin' },
      testBy,
    );
    mono.now += 1_000;
    expect((await fetch(at)).status).toBe(401);
  });
});

describe('signing in again', () => {
  it('ends the session the browser had, so a copy of the old cookie opens nothing', async () => {
    const first = await signIn(consoleToken);
    const res = await fetch(`${gated.base}${signInPath}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: first.pair },
      body: new URLSearchParams({ token: consoleToken }).toString(),
    });
    const second = res.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(second).not.toBe(first.pair);
    expect((await page(first.pair)).status).toBe(401);
    expect((await page(second)).status).toBe(200);
  });
});

describe('the sign-in page', () => {
  it('offers a signed-in browser its sign-out, naming who it is (escaped)', async () => {
    const { token } = await addOperator(cli, { name: '<b>Mallory</b>', role: 'operator' }, testBy);
    const { pair } = await signIn(token);
    const html = await (await fetch(`${gated.base}${signInPath}`, { headers: { cookie: pair } })).text();
    expect(html).toContain('Signed in as &lt;b&gt;Mallory&lt;/b&gt; (operator).');
    expect(html).toContain('<form method="post" action="/app/sign-out">');
    const anonymous = await (await fetch(`${gated.base}${signInPath}`)).text();
    expect(anonymous).not.toContain('Signed in as');
  });
});

describe('a cookie whose session has ended', () => {
  it('is told so, and where to sign in again (401 problem+json)', async () => {
    const res = await fetch(`${gated.base}/app/session`, {
      headers: { cookie: 'estate_console_session=ended', accept: 'application/json' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      code: 'unauthenticated',
      detail: `Your console session has ended; sign in again at ${signInPath}`,
    });
  });
});
