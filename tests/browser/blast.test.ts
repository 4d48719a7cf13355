// The blast radius in the browser: the Overview board lands on a detail page's what-if, the
// throttle preview re-predicts 429s as a budget is typed (no network: the same numbers as the SQL
// macro), and the retire preview lists who still calls POST /v1/orders with the headers they get.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../simulator/config.ts';
import { buildWorld } from '../../simulator/world/index.ts';
import { DEMO_SANDBOX_KEY_ID } from '../../simulator/world/keys.ts';
import type { Workspace } from '../../src/node/db.ts';
import { formatCount } from '../../src/lib/format.ts';
import { throttlePreview, throttleTotal } from '../../src/what-if/throttle/query.ts';
import { openTestWorkspace, axeViolations, whatIfPages } from './console-helpers.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';

describe.runIf(browserAvailable())('blast radius', () => {
  // Orders created here go to a temp folder, never to data/.
  const scratch = mkdtempSync(join(tmpdir(), 'blast-browser-'));
  const session = useConsole({
    ESTATE_ORDERS_DIR: join(scratch, 'orders'),
    ESTATE_ISSUED_KEYS: join(scratch, 'issued-keys.jsonl'),
  });
  let ws: Workspace;
  beforeAll(async () => {
    ws = await openTestWorkspace();
  });
  afterAll(() => ws.close());

  it('links the Overview board to the what-if preview of each target', async () => {
    const { server, browser } = session();
    const board = await ws.query<{ what_if_href: string }>(
      'select what_if_href from v_blast_board order by rank',
    );
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const first = board[0]?.what_if_href ?? '';
    await page.locator(`a[href="${first}"]`).first().click();
    await page.waitForURL(`**${first}`);
    await expect.poll(() => page.locator('#what-if [data-preview]').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('#what-if [data-blast-breakdown]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('re-predicts 429s in the page as a budget is typed, as the SQL macro does', async () => {
    const { server, browser } = session();
    const [storm] = await ws.query<{ key_id: string; rpm_budget: number }>(
      `select k.key_id, k.rpm_budget from v_alerts a join keys k on a.href = '/app/api/keys/' || k.key_id || '#what-if'
       where a.kind = 'throttle_storm' limit 1`,
    );
    if (!storm) throw new Error('the workspace plants no throttle storm');
    const { page, errors } = await openPage(browser);
    // No network for the what-if; the page's live panels (health probe, server island, the acts' read of
    // the key through the management API) still load.
    const live = /\/(healthz|_server-islands\/|app\/session|manage\/v1\/)/;
    await page.route('**/*', (route) =>
      ['fetch', 'xhr'].includes(route.request().resourceType()) && !live.test(route.request().url())
        ? route.abort()
        : route.continue(),
    );
    await page.goto(`${server.baseUrl}/app/api/keys/${storm.key_id}#what-if`);
    const total = page.locator('[data-throttle-total]');
    const today = page.locator('[data-what-if="throttle"] [data-today-after] [data-out="today"]');
    // Today's 429s: the replay at the key's current budget (the storm: far above 0), fixed as the
    // proposed budget changes.
    const todayExpected = formatCount(await throttleTotal(storm.key_id, storm.rpm_budget, ws));
    expect(todayExpected).not.toBe('0');
    const firstRow429 = page.locator('[data-throttle-rows] tr').first().locator('td').nth(3);
    for (const rpm of [storm.rpm_budget, storm.rpm_budget * 2, Math.floor(storm.rpm_budget / 2)]) {
      await page.locator('[data-throttle-rpm]').fill(String(rpm));
      const rows = await throttlePreview(storm.key_id, rpm, ws);
      const expected = await throttleTotal(storm.key_id, rpm, ws);
      await expect.poll(() => total.textContent()).toBe(formatCount(expected));
      expect(await today.textContent()).toBe(todayExpected);
      await expect.poll(() => firstRow429.textContent()).toBe(formatCount(rows[0]?.throttled_per_day ?? 0));
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows today’s figure beside the prediction in every what-if that predicts a change', async () => {
    const { server, browser } = session();
    const pages = await whatIfPages(ws);
    const { page, errors } = await openPage(browser);
    for (const [path, kinds] of [
      [pages.key, ['rotate', 'throttle']],
      [pages.route, ['retire']],
      [pages.fn, ['change']],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      for (const kind of kinds) {
        const answer = page.locator(`[data-what-if="${kind}"] [data-today-after]`);
        await answer.waitFor();
        expect(await answer.innerText()).toMatch(/today \S+ → after( the \w+)? \S+/);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists who still calls POST /v1/orders and the deprecation headers they receive', async () => {
    const { server, browser } = session();
    const [route] = await ws.query<{ route_id: string }>(
      `select route_id from routes where method = 'POST' and path = '/v1/orders' and stage = 'prod'`,
    );
    if (!route) throw new Error('the workspace has no POST /v1/orders');
    const callers = await ws.query<{ name: string }>(
      'select name from v_preview_retire_route_dependents where route_id = $route_id order by name',
      { route_id: route.route_id },
    );
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/routes/${route.route_id}#what-if`);
    const shown = await page.locator('[data-table="callers"] tbody th').allTextContents();
    expect(shown.sort()).toEqual(callers.map((c) => c.name));
    const headers = (await page.locator('[data-headers]').textContent()) ?? '';
    expect(headers).toMatch(/^Deprecation: @\d+$/m);
    expect(headers).toMatch(/^Sunset: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} 00:00:00 GMT$/m);
    expect(headers).toMatch(/rel="deprecation".*<\/v2\/orders>; rel="successor-version"/);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves POST /v1/orders with the v2 contract and the deprecation headers', async () => {
    const { server } = session();
    const world = buildWorld(defaultConfig);
    const demo = world.keys.find((k) => k.key_id === DEMO_SANDBOX_KEY_ID);
    const [customer] = world.customers;
    const [sku] = world.skus;
    if (!demo || !customer || !sku) throw new Error('the demo world lacks its demo key, a customer or a sku');
    const [route] = await ws.query<{ route_id: string }>(
      `select route_id from routes where method = 'POST' and path = '/v1/orders' and stage = 'prod'`,
    );
    const response = await fetch(`${server.baseUrl}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.material}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customer: customer.customer_id, lines: [{ sku: sku.sku, qty: 1 }] }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      customer: customer.customer_id,
      events: ['order.created'],
    });
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(response.headers.get('sunset')).toMatch(/ GMT$/);
    expect(response.headers.get('link')).toBe(
      `</app/api/routes/${route?.route_id}>; rel="deprecation"; type="text/html", </v2/orders>; rel="successor-version"`,
    );
  });
});
