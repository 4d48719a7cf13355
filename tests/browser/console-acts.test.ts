// The console acts (issue 23), in Chromium against the built console on one server: in the open
// demo a key revoked from its page is refused by the API within a second, audited as "demo visitor",
// and "Reset demo" brings it back; the highest-blast production key rolled with a 10 s overlap, its
// name typed, answers 201 until the overlap ends and 401 after; a deprecation repeated as it is has
// nothing to apply; a cross-site form POST and a cross-site JSON fetch to the management API are
// refused; the dialogs are axe-clean, light and dark, at 390 px. Last (operators close the open
// demo): a viewer's buttons are disabled with the reason, and the API refuses the viewer 403.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../simulator/config.ts';
import { buildWorld } from '../../simulator/world/index.ts';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import type { Workspace } from '../../src/node/db.ts';
import { journalOperators, testBy } from '../../harness/operators.ts';
import { addOperator } from '../../server/operators/operators.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { until } from '../helpers/poll.ts';
import { attackerPage, changesLayout, openAct, pageFetch, typeNameIfAsked } from './act-helpers.ts';
import { axeViolations, openTestWorkspace } from './console-helpers.ts';
import { callApi } from './live-helpers.ts';
import { useConsole } from './use-console.ts';

const demoKeyId = 'key_demo_sandbox';

const world = buildWorld(defaultConfig);

describe.runIf(browserAvailable())('the console acts', () => {
  const session = useConsole();
  let ws: Workspace;
  let attacker: Server;
  let attackerUrl = '';
  beforeAll(async () => {
    ws = await openTestWorkspace();
    const { server } = session();
    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(attackerPage(`${server.baseUrl}/manage/v1/keys/${demoKeyId}/revoke`));
    });
    await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done));
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    ws.close();
    await new Promise((done) => attacker.close(done));
  });

  it('open demo: revokes a key from its page (axe-clean dialog, light and dark, 390 px); the API refuses it within 1 s; Reset demo brings it back', async () => {
    const { server, browser } = session();
    expect((await callApi(server, demoSandboxKey())).status).toBe(201);
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/app/api/keys/${demoKeyId}`);
    await openAct(page, 'Revoke');
    const dialog = page.getByRole('dialog');
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.locator('[data-act-out="blast"]').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), scheme).toEqual([]);
    }
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    const audit = dialog.locator('[data-act-out="audit"]');
    await audit.waitFor();
    const appliedAt = Date.now();
    const auditId = (await audit.textContent()) ?? '';
    expect(await audit.getAttribute('href')).toBe(`/app/api/audit?id=${auditId}`);
    const refused = await until(
      'the API to refuse the revoked key',
      async () => {
        const answer = await callApi(server, demoSandboxKey());
        return answer.status === 401 ? answer : undefined;
      },
      { timeoutMs: 1000, everyMs: 50 },
    );
    expect(Date.now() - appliedAt).toBeLessThanOrEqual(1000);
    expect(refused.auditEntryId).toBe(auditId);
    const trail = await pageFetch(page, 'GET', `/audit?target=${demoKeyId}&limit=1`);
    expect((trail.body.data as { id: string; actor: unknown }[])[0]).toMatchObject({
      id: auditId,
      actor: { type: 'demo_visitor', name: 'demo visitor' },
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('[data-act-last] [data-act-out="audit"]').textContent()).toBe(auditId);

    await page.goto(`${server.baseUrl}/app/api`);
    await openAct(page, 'Reset demo');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.locator('[data-act-out="changes"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reset demo', exact: true }).click();
    await dialog.locator('[data-act-out="audit"]').waitFor();
    await until('the demo key to work again', async () => (await callApi(server)).status === 201);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('rolls the highest-blast production key with a 10 s overlap, its name typed: the old key answers 201 until the overlap ends, then 401', async () => {
    const { server, browser } = session();
    const [top] = await ws.query<{ key_id: string; name: string }>(
      `select k.key_id, k.name from keys k join v_blast_score b on b.target_type = 'key' and b.target_id = k.key_id
       where k.environment = 'production' and k.status in ('active', 'expiring') order by b.score desc limit 1`,
    );
    const material = world.keys.find((k) => k.key_id === top?.key_id)?.material;
    if (!top || !material) throw new Error('the workspace has no production key with known material');
    expect((await callApi(server, material)).status).toBe(201);
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/app/api/keys/${top.key_id}`);
    await openAct(page, 'Roll');
    const dialog = page.getByRole('dialog');
    // The rotate what-if is filled in with the overlap chosen (24 h by default: 1 day).
    expect(await page.locator('#what-if-rotate [data-what-if-input="rotateOverlapDays"]').inputValue()).toBe(
      '1',
    );
    await dialog.getByLabel('Another duration').check();
    await dialog.getByLabel(/^Duration/).fill('10 s');
    // The what-if models whole days: an overlap under one is one day of it, never "none".
    expect(await page.locator('#what-if-rotate [data-what-if-input="rotateOverlapDays"]').inputValue()).toBe(
      '1',
    );
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const confirm = dialog.getByLabel(/^Type .* to confirm/);
    await confirm.waitFor();
    const apply = dialog.getByRole('button', { name: 'Roll', exact: true });
    expect(await apply.isDisabled()).toBe(true);
    await confirm.fill(top.name.slice(0, -1));
    expect(await apply.isDisabled()).toBe(true);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), scheme).toEqual([]);
    }
    await confirm.fill(top.name);
    const answered = page.waitForResponse(
      (r) =>
        r.url().endsWith('/roll') &&
        r.request().method() === 'POST' &&
        !r.request().postData()?.includes('dry_run'),
    );
    await apply.click();
    const rolled = (await (await answered).json()) as {
      audit_entry_id: string;
      after: { rotation_ends_at: string };
    };
    const endsMs = Date.parse(rolled.after.rotation_ends_at);
    await dialog.locator('[data-act-out="audit"]').waitFor();
    expect(await dialog.locator('[data-act-out="secret"]').textContent()).toMatch(/^sk_live_/);

    // Poll the old key through the overlap: every answer finished before its end is 201; the
    // first sent a second after it (every server within a second) and later are 401.
    const seen: { sentMs: number; doneMs: number; status: number; auditEntryId?: string }[] = [];
    await until(
      'the old key to be refused after the overlap',
      async () => {
        const sentMs = Date.now();
        const answer = await callApi(server, material);
        seen.push({ sentMs, doneMs: Date.now(), ...answer });
        return answer.status === 401 && sentMs > endsMs + 1000;
      },
      { timeoutMs: 25_000, everyMs: 250 },
    );
    const during = seen.filter((s) => s.doneMs < endsMs);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((s) => s.status === 201)).toBe(true);
    const after = seen.filter((s) => s.sentMs > endsMs + 1000);
    expect(after.every((s) => s.status === 401 && s.auditEntryId === rolled.audit_entry_id)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('deprecates a route with a sunset date and a successor from its retire what-if, undoes it, and changes a consumer plan (a stale preview offers a new one)', async () => {
    const { server, browser } = session();
    const [route] = await ws.query<{ route_id: string }>(
      `select route_id from routes where method = 'GET' and path = '/v2/orders' and stage = 'prod'`,
    );
    const [consumer] = await ws.query<{ consumer_id: string; plan: string }>(
      `select consumer_id, plan from consumers where plan <> 'Enterprise' order by consumer_id limit 1`,
    );
    if (!route || !consumer) throw new Error('the workspace lacks GET /v2/orders on prod or a consumer');
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/app/api/routes/${route.route_id}`);
    await openAct(page, 'Deprecate');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Sunset date (UTC)').fill('2027-09-01');
    expect(await page.locator('[data-what-if-input="retireSunset"]').inputValue()).toBe('2027-09-01');
    await dialog.getByLabel('Successor route').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.locator('[data-act-out="changes"]').waitFor();
    // Each field's Now and After stack under it at 390 px, none off screen; 1440 px keeps the table.
    expect(await changesLayout(page)).toEqual({ scrolls: false, offScreen: 0, display: 'block' });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await changesLayout(page)).toEqual({ scrolls: false, offScreen: 0, display: 'table-cell' });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), scheme).toEqual([]);
    }
    await typeNameIfAsked(page);
    await dialog.getByRole('button', { name: 'Deprecate', exact: true }).click();
    expect(await dialog.locator('[data-act-out="done"]').textContent()).toMatch(
      /^Deprecated GET \/v2\/orders/,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The same deprecation again changes nothing: the dialog says so, with nothing to apply.
    await openAct(page, 'Deprecate');
    await dialog.getByLabel('Sunset date (UTC)').fill('2027-09-01');
    await dialog.getByLabel('Successor route').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    expect(await dialog.locator('[data-act-out="changes"]').textContent()).toMatch(/^Nothing changes/);
    expect(await dialog.getByRole('button', { name: 'Deprecate', exact: true }).isVisible()).toBe(false);
    await dialog.getByRole('button', { name: /^(Cancel|Close)$/ }).click();
    await openAct(page, 'Undo the deprecation');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.locator('[data-act-out="changes"]').waitFor();
    await typeNameIfAsked(page);
    await dialog.getByRole('button', { name: 'Undo the deprecation', exact: true }).click();
    expect(await dialog.locator('[data-act-out="done"]').textContent()).toMatch(/^Undid the deprecation/);

    await page.goto(`${server.baseUrl}/app/api/consumers/${consumer.consumer_id}`);
    await openAct(page, 'Change plan or quota');
    await dialog.getByLabel('Plan').selectOption('Enterprise');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.locator('[data-act-out="changes"]').waitFor();
    // Someone else changes the consumer after this preview: applying it is refused (412), the
    // dialog says so and offers a new preview.
    const path = `/consumers/${consumer.consumer_id}`;
    const other = await pageFetch(page, 'PATCH', path, { quota_requests_per_period: 4242, dry_run: true });
    await pageFetch(page, 'PATCH', path, {
      quota_requests_per_period: 4242,
      preview_token: other.body.preview_token,
    });
    await typeNameIfAsked(page);
    await dialog.getByRole('button', { name: 'Apply the change' }).click();
    await dialog.getByRole('button', { name: 'Preview again' }).waitFor();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/changed this since your preview/);
    await dialog.getByRole('button', { name: 'Preview again' }).click();
    await dialog.locator('[data-act-out="changes"]').waitFor();
    await typeNameIfAsked(page);
    await dialog.getByRole('button', { name: 'Apply the change' }).click();
    expect(await dialog.locator('[data-act-out="done"]').textContent()).toMatch(/plan Enterprise/);
    // Chromium logs the refused apply (412) itself; nothing else may fail.
    expect(errors.filter((e) => !e.includes('status of 412'))).toEqual([]);
    await page.close();
  });

  it('refuses a cross-site form POST and a cross-site JSON fetch to the management API', async () => {
    const { server, browser } = session();
    const context = await browser.newContext();
    const elsewhere = await context.newPage();
    await elsewhere.goto(attackerUrl);
    const refusedForm = elsewhere.waitForResponse((r) => r.url().endsWith('/revoke'));
    await elsewhere.getByRole('button', { name: 'Win a prize' }).click();
    expect((await refusedForm).status()).toBe(403);
    expect(await elsewhere.textContent('body')).toContain('cross_site_request');
    await elsewhere.goto(attackerUrl);
    const refusedFetch = elsewhere.waitForResponse((r) => r.url().endsWith('/revoke'));
    const sent = await elsewhere.evaluate(() =>
      (window as unknown as { sendJson(): Promise<string> }).sendJson(),
    );
    expect(sent).toBe('sent');
    expect((await refusedFetch).status()).toBe(403);
    // Nothing changed: the demo key still works.
    expect((await callApi(server)).status).toBe(201);
    await context.close();
  });

  it('a viewer cannot roll: the buttons are disabled with the reason, and the API refuses 403', async () => {
    const { server, browser } = session();
    const directory = journalOperators(join(server.apiDir, 'issued-keys.jsonl'));
    const { token } = await addOperator(directory, { name: 'Vera', role: 'viewer' }, testBy);
    const context = await browser.newContext();
    const page = await context.newPage();
    await until('the console to ask for a sign-in', async () => {
      await page.goto(`${server.baseUrl}/app/sign-in?next=%2Fapp%2Fapi%2Fkeys%2F${demoKeyId}`);
      return (await page.getByLabel('Operator or console token').count()) > 0;
    });
    await page.getByLabel('Operator or console token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/app/api/keys/${demoKeyId}`);
    await page.locator('[data-act-panel][data-ready="true"]').waitFor();
    const roll = page.getByRole('button', { name: 'Roll…' });
    expect(await roll.isDisabled()).toBe(true);
    expect(await page.locator('[data-act-reason]').textContent()).toMatch(/Vera, a viewer: viewers read/);
    for (const body of [
      { overlap: '1h', dry_run: true },
      { overlap: '1h', preview_token: 'pv_x' },
    ]) {
      const answer = await pageFetch(page, 'POST', `/keys/${demoKeyId}/roll`, body);
      expect(answer.status).toBe(403);
      expect(answer.body.detail).toMatch(/^Vera may not change this/);
    }
    await context.close();
  });
});
