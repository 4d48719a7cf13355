// The Keys, Routes and Consumers lists after a console act, against the real server in the open
// demo: a route deprecated, a key's rpm budget changed and a consumer's plan changed through the
// management API (as the console's dialogs do) show on the prerendered lists as the API enforces
// them, at 390 and 1440 px, the table's chips following; after a demo reset the lists are the
// simulated workspace's again, nothing patched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Workspace } from '../../src/node/db.ts';
import { formatInteger } from '../../src/lib/format.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { pageFetch } from './act-helpers.ts';
import { openTestWorkspace } from './console-helpers.ts';
import { useConsole } from './use-console.ts';

/** Previews a change, then applies it with its token, as the console's dialog does. */
async function change(page: Page, method: string, path: string, body: Record<string, unknown>) {
  const preview = await pageFetch(page, method, path, { ...body, dry_run: true });
  expect(preview.status).toBe(200);
  const applied = await pageFetch(page, method, path, { ...body, preview_token: preview.body.preview_token });
  expect(applied.status, JSON.stringify(applied.body)).toBeLessThan(300);
}

/** The text of a list row's live cell once the page's live fragment has patched it. */
async function liveCell(page: Page, id: string, cell: string): Promise<string> {
  const el = page.locator(`tr[data-id="${id}"] [data-live-cell="${cell}"][data-live-source="live"]`);
  await el.waitFor({ state: 'attached' });
  return ((await el.textContent()) ?? '').trim();
}

describe.runIf(browserAvailable())('the lists after a console act', () => {
  const session = useConsole();
  let ws: Workspace;
  beforeAll(async () => {
    ws = await openTestWorkspace();
  });
  afterAll(() => ws.close());

  it('show the live route deprecation, key rpm and consumer plan, and nothing after a reset', async () => {
    const { server, browser } = session();
    const [route] = await ws.query<{ route_id: string }>(
      `select route_id from routes where not deprecated order by route_id limit 1`,
    );
    const [key] = await ws.query<{ key_id: string; rpm_budget: number }>(
      `select key_id, rpm_budget from keys where environment = 'sandbox' order by key_id limit 1`,
    );
    const [consumer] = await ws.query<{ consumer_id: string }>(
      `select consumer_id from consumers where plan <> 'Enterprise' order by consumer_id limit 1`,
    );
    if (!route || !key || !consumer)
      throw new Error('the workspace lacks a live route, a sandbox key or a consumer');
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/app/api`);
    await change(page, 'POST', `/routes/${route.route_id}/deprecate`, { sunset_at: '2027-09-01' });
    const rpm = key.rpm_budget + 1234;
    await change(page, 'PATCH', `/keys/${key.key_id}`, { rpm_budget: rpm });
    await change(page, 'PATCH', `/consumers/${consumer.consumer_id}`, { plan: 'Enterprise' });

    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      // The deprecated chip keeps the route: the row's values follow its cells.
      await page.goto(`${server.baseUrl}/app/api/routes?flag=deprecated`);
      expect(await liveCell(page, route.route_id, 'deprecated')).toBe('▲Deprecated');
      await expect.poll(() => page.locator(`tr[data-id="${route.route_id}"]`).isVisible()).toBe(true);
      await page.goto(`${server.baseUrl}/app/api/keys`);
      expect(await liveCell(page, key.key_id, 'rpm')).toBe(formatInteger(rpm));
      await page.goto(`${server.baseUrl}/app/api/consumers`);
      expect(await liveCell(page, consumer.consumer_id, 'plan')).toBe('Enterprise');
    }

    await change(page, 'POST', '/demo/reset', {});
    await page.goto(`${server.baseUrl}/app/api/routes`);
    await page.locator('script[data-live-list]').waitFor({ state: 'attached' });
    expect(await page.locator('[data-live-source="live"]').count()).toBe(0);
    expect(
      (await page.locator(`tr[data-id="${route.route_id}"] [data-live-cell]`).textContent())?.trim(),
    ).toBe('No');
    expect(errors).toEqual([]);
    await page.close();
  });
});
