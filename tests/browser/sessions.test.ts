// Operators and sessions in Chromium against the built console: the first operator closes the open
// demo; an operator signs in with their token and the pages know who they are (Astro.locals); a
// role change reaches the open session; a cross-site form post and a cross-site fetch with JSON
// cannot sign them out; a same-origin sign-out ends the session, and a copy of its cookie opens
// nothing afterwards; an admin manages operators on the Operators page (axe-clean, light and dark,
// at 390 px), and a non-admin cannot; its refusals' status lines say what they are (422
// Unprocessable Content, 403 Forbidden, not "OK"); each row links to that operator's history on the
// Audit screen, which keeps the `?target=op_…` filter and shows no blast radius for an operator.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalOperators, testBy } from '../../harness/operators.ts';
import { addOperator, changeRole } from '../../server/operators/operators.ts';
import { axeViolations } from './console-helpers.ts';
import { until } from '../helpers/poll.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import type { BrowserContext } from 'playwright-core';
import { useConsole } from './use-console.ts';
import { sendRaw } from '../server/raw-http.ts';

/** A page on another site (localhost, where the console is 127.0.0.1) that posts to the console. */
function attackerPage(target: string): string {
  return `<!doctype html><title>elsewhere</title>
<form method="post" action="${target}/app/sign-out"><input name="x" value="1"><button>Win a prize</button></form>
<script>
window.sendJson = () => fetch(${JSON.stringify(`${target}/app/sign-out`)}, {
  method: 'POST', mode: 'no-cors', credentials: 'include', body: JSON.stringify({ sign_out: true }),
}).then(() => 'sent', () => 'failed');
</script>`;
}

describe.runIf(browserAvailable())('operators and sessions in the browser', () => {
  const session = useConsole();
  let attacker: Server;
  let attackerUrl = '';
  let token = '';
  let directory: ReturnType<typeof journalOperators>;

  beforeAll(async () => {
    const { server } = session();
    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(attackerPage(server.baseUrl));
    });
    await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done));
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
    directory = journalOperators(join(server.apiDir, 'issued-keys.jsonl'));
    ({ token } = await addOperator(directory, { name: 'Ada', role: 'operator' }, testBy));
  });
  afterAll(() => new Promise((done) => attacker.close(done)));

  it('signs an operator in, and a role change reaches the open session', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    // The first operator closes the open demo within a second.
    await until('the console to ask for a sign-in', async () => {
      await page.goto(`${server.baseUrl}/app/api/keys`);
      return page.url().includes('/app/sign-in');
    });
    await page.getByLabel('Operator or console token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/app/api/keys`);
    // a page loaded while the demo was still open may have had a live panel refused (401) as it
    // closed; from the sign-in on, nothing may fail
    errors.length = 0;
    const whoami = () =>
      page.evaluate(() =>
        fetch('/app/session').then((r) => r.json() as Promise<{ actor: { name: string; role: string } }>),
      );
    expect((await whoami()).actor).toMatchObject({ type: 'operator', name: 'Ada', role: 'operator' });
    await changeRole(directory, 'Ada', 'viewer', testBy);
    await until('the new role', async () => (await whoami()).actor.role === 'viewer');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a cross-site form post and a cross-site JSON fetch; a same-origin sign-out ends the session for every copy', async () => {
    const { server, browser } = session();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/app/sign-in`);
    await page.getByLabel('Operator or console token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/app/api`);
    const [cookie] = await context.cookies(server.baseUrl);
    expect(cookie).toMatchObject({ name: 'estate_console_session', httpOnly: true, sameSite: 'Strict' });

    const elsewhere = await context.newPage();
    await elsewhere.goto(attackerUrl);
    const refusedForm = elsewhere.waitForResponse((r) => r.url().endsWith('/app/sign-out'));
    await elsewhere.getByRole('button', { name: 'Win a prize' }).click();
    expect((await refusedForm).status()).toBe(403);
    expect(await elsewhere.textContent('body')).toContain('cross_site_request');

    await elsewhere.goto(attackerUrl);
    const refusedFetch = elsewhere.waitForResponse((r) => r.url().endsWith('/app/sign-out'));
    expect(
      await elsewhere.evaluate(() => (window as unknown as { sendJson(): Promise<string> }).sendJson()),
    ).toBe('sent');
    expect((await refusedFetch).status()).toBe(403);

    // Still signed in.
    expect((await page.goto(`${server.baseUrl}/app/session`))?.status()).toBe(200);

    const signedOut = await page.evaluate(() =>
      fetch('/app/sign-out', { method: 'POST' }).then((r) => r.url),
    );
    expect(signedOut).toContain('/app/sign-in');
    await page.goto(`${server.baseUrl}/app/api`);
    expect(page.url()).toContain('/app/sign-in');

    const thief = await browser.newContext();
    await thief.addCookies([cookie as Parameters<typeof thief.addCookies>[0][number]]);
    const stolen = await thief.newPage();
    await stolen.goto(`${server.baseUrl}/app/api`);
    expect(stolen.url()).toContain('/app/sign-in');
    await Promise.all([context.close(), thief.close()]);
  });

  /** Signs in with `token` in a fresh 390 px wide context, on the Operators page. */
  const signInAs = async (token: string) => {
    const { server, browser } = session();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/app/sign-in?next=%2Fapp%2Foperators`);
    await page.getByLabel('Operator or console token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/app/operators`);
    return { context, page };
  };
  /** The tokens of Grace (an admin) and of Hedy (an operator she adds on the page). */
  const tokens = { grace: '', hedy: '' };

  it('lets an admin add an operator on the Operators page, whose token then signs them in; a non-admin cannot', async () => {
    const { server } = session();
    ({ token: tokens.grace } = await addOperator(directory, { name: 'Grace', role: 'admin' }, testBy));
    const grace = await signInAs(tokens.grace);
    for (const scheme of ['light', 'dark'] as const) {
      await grace.page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(grace.page), scheme).toEqual([]);
    }
    await grace.page.getByLabel('Name').fill('Hedy');
    await grace.page.getByRole('combobox', { name: 'Role' }).last().selectOption('operator');
    await grace.page.getByRole('button', { name: 'Add', exact: true }).click();
    tokens.hedy = (await grace.page.locator('[data-issued-token]').textContent())?.trim() ?? '';
    expect(tokens.hedy).toMatch(/^ecop_/);
    expect(await grace.page.getByRole('status').textContent()).toContain('Added Hedy as operator.');
    expect(await axeViolations(grace.page)).toEqual([]);
    // The addition is in the audit trail, by Grace, from this page's request and browser.
    const journal = readFileSync(join(server.apiDir, 'issued-keys.jsonl'), 'utf8').trim().split('\n');
    const added = (JSON.parse(journal.at(-1) ?? '{}') as { entry?: unknown }).entry;
    expect(added).toMatchObject({
      action: 'operator.add',
      actor: { type: 'operator', name: 'Grace' },
      target: { type: 'operator', name: 'Hedy' },
      after: { name: 'Hedy', role: 'operator' },
      request_id: expect.stringMatching(/^req_/) as unknown,
      source_address: expect.stringContaining('127.0.0.1') as unknown,
      user_agent: expect.stringContaining('Mozilla') as unknown,
    });
    await grace.page.goto(`${server.baseUrl}/app/api/audit?action=operator.add`);
    expect(await grace.page.locator('main').textContent()).toMatch(/Operator added[\s\S]*Hedy/);
    await grace.page.goto(`${server.baseUrl}/app/operators`);
    // A body that is not a form is refused as such (it was a bare 500, then an HTML page): a script
    // sending JSON hears problem+json.
    const notForm = await grace.page.evaluate(() =>
      fetch('/app/operators', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"intent":"remove"}',
      }).then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), body: await r.text() })),
    );
    expect(notForm).toMatchObject({ status: 415, type: 'application/problem+json' });
    expect(JSON.parse(notForm.body)).toMatchObject({
      code: 'unsupported_media_type',
      detail: expect.stringContaining('application/x-www-form-urlencoded') as unknown,
    });

    const hedy = await signInAs(tokens.hedy);
    expect(hedy.page.url()).toContain('/app/operators');
    expect(await hedy.page.getByRole('alert').textContent()).toContain('Only admins manage operators');
    const refused = await hedy.page.evaluate(() =>
      fetch('/app/operators', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'remove', operator_id: 'x' }),
      }).then((r) => r.status),
    );
    expect(refused).toBe(403);
    await Promise.all([grace.context.close(), hedy.context.close()]);
  });

  it("says what the Operators page's refusals are on their status lines, not OK", async () => {
    const { server } = session();
    const [grace, hedy] = await Promise.all([signInAs(tokens.grace), signInAs(tokens.hedy)]);
    // As sent on the wire: a name taken, and an operator (not an admin) posting, which the page
    // itself refuses (the gate lets operators post).
    const postAs = async (context: BrowserContext, body: string) => {
      const [cookie] = await context.cookies(server.baseUrl);
      return sendRaw(Number(new URL(server.baseUrl).port), {
        method: 'POST',
        target: '/app/operators',
        headers: {
          cookie: `${cookie?.name}=${cookie?.value}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      });
    };
    const taken = await postAs(grace.context, 'intent=add&name=hedy&role=viewer');
    expect([taken.status, taken.statusText]).toEqual([422, 'Unprocessable Content']);
    expect(taken.body).toContain('exists already');
    const notAdmin = await postAs(hedy.context, 'intent=remove&operator_id=x');
    expect([notAdmin.status, notAdmin.statusText]).toEqual([403, 'Forbidden']);
    expect(notAdmin.body).toContain('Only admins manage operators');
    await Promise.all([grace.context.close(), hedy.context.close()]);
  });

  it("links each operator's row to their own history, where an operator has no blast radius", async () => {
    const { server } = session();
    const grace = await signInAs(tokens.grace);
    // Hedy's row links to her history alone (the Audit screen keeps `?target=op_…`); her entry is
    // by Grace, a console operator (not her role), and an operator takes no traffic, so it has no
    // blast score, dependents or requests per day.
    const history = grace.page.getByRole('link', { name: 'History of Hedy' });
    // Under her name, in view at 390 px without scrolling the table sideways.
    const box = await history.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    const hedyId = (await grace.page.locator('tr', { has: history }).getAttribute('data-operator')) ?? '';
    expect(hedyId).toMatch(/^op_/);
    await history.click();
    await grace.page.waitForURL(`${server.baseUrl}/app/api/audit?target=${hedyId}`);
    const rows = grace.page.locator('tr[data-audit-entry]');
    expect(await rows.evaluateAll((rs) => rs.map((r) => (r as HTMLElement).dataset.action))).toEqual([
      'operator.add',
    ]);
    expect(await rows.first().textContent()).toMatch(/Grace\s*·\s*Console operator/);
    expect(await rows.first().locator('[data-no-blast]').count()).toBe(1);
    await rows.first().locator('[data-entry-link]').click();
    await grace.page.waitForURL(/[?&]id=aud_/);
    const detail = grace.page.locator('[data-audit-entry-detail]');
    expect(await detail.locator('[data-no-blast]').textContent()).toContain('no traffic');
    expect(await detail.textContent()).not.toMatch(/Blast score then|Dependents then|Requests per day then/);
    expect(await detail.textContent()).toMatch(/Grace\s*·\s*Console operator/);
    expect(await axeViolations(grace.page)).toEqual([]);
    await grace.context.close();
  });

  it("answers a new token with 303 to the page's GET, which shows it once: a reload issues none", async () => {
    const { server } = session();
    const grace = await signInAs(tokens.grace);
    const journal = () => readFileSync(join(server.apiDir, 'issued-keys.jsonl'), 'utf8').trim().split('\n');
    const row = grace.page.locator('tr', { has: grace.page.getByRole('link', { name: 'History of Hedy' }) });
    const posted = grace.page.waitForResponse((r) => r.request().method() === 'POST');
    await row.getByRole('button', { name: 'New token' }).click();
    expect((await posted).status()).toBe(303);
    const shown = (await grace.page.locator('[data-issued-token]').textContent())?.trim() ?? '';
    expect(shown).toMatch(/^ecop_/);
    expect(shown).not.toBe(tokens.hedy);
    expect(grace.page.url()).toBe(`${server.baseUrl}/app/operators`);
    const entries = journal().length;
    // A reload is a GET: no second token, and the first is not shown again.
    await grace.page.reload();
    expect(await grace.page.locator('[data-issued-token]').count()).toBe(0);
    expect(await grace.page.content()).not.toContain(shown);
    expect(journal().length).toBe(entries);
    tokens.hedy = shown;
    await grace.context.close();
  });
});
