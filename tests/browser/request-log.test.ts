// The request log as a tester reads it: each row's stage (a sandbox call is scored as the sandbox
// route, and says so), a Request-Id search box, routes filtered by method and path (old `rt_…`
// links land on that readable form), the key on a 404, and "latest 10 of 11" on a key's page.
import { describe, expect, it } from 'vitest';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { callApi, issueKey } from './live-helpers.ts';

describe.runIf(browserAvailable())('the request log', () => {
  const session = useConsole();

  it("shows each row's stage beside its route", async () => {
    const { server, browser } = session();
    const { requestId } = await callApi(server);
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/logs`);
    const row = page.locator(`tr[data-request-id="${requestId}"]`);
    expect(await row.locator('[data-stage]').textContent()).toBe('sandbox');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds a request by its Request-Id, and says so when the log has none', async () => {
    const { server, browser } = session();
    const { requestId } = await callApi(server);
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/logs`);
    await page.getByLabel('Request-Id').fill(requestId);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(`**/app/api/logs/${requestId}`);
    await page.goto(`${server.baseUrl}/app/api/logs`);
    await page.getByLabel('Request-Id').fill('req_NotInThisLog');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(/request=req_NotInThisLog/);
    expect(await page.locator('[data-request-search-result]').textContent()).toContain(
      'No request req_NotInThisLog',
    );
    await page.close();
  });

  it('filters routes by method and path, and reads an old route id as that', async () => {
    const { server, browser } = session();
    const created = await callApi(server);
    const read = await fetch(`${server.baseUrl}/v2/orders/ord_missing`, {
      headers: { authorization: `Bearer ${demoSandboxKey()}` },
    });
    await read.arrayBuffer();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/logs`);
    await page.getByLabel('Route').selectOption('POST /v2/orders');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/route=/);
    expect(new URL(page.url()).searchParams.get('route')).toBe('POST /v2/orders');
    const rows = page.locator('tbody tr[data-request-id]');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allTextContents()) expect(text).toMatch(/POST\s*\/v2\/orders/);
    expect(await page.locator(`tr[data-request-id="${read.headers.get('request-id')}"]`).count()).toBe(0);

    const routeHref = await page
      .locator(`tr[data-request-id="${created.requestId}"] a[href^="/app/api/routes/"]`)
      .getAttribute('href');
    const routeId = routeHref?.split('/').at(-1) ?? '';
    expect(routeId).toMatch(/^rt_/);
    await page.goto(`${server.baseUrl}/app/api/logs?route=${routeId}`);
    const landed = new URL(page.url()).searchParams;
    expect([landed.get('route'), landed.get('env')]).toEqual(['POST /v2/orders', 'sandbox']);
    await page.close();
  });

  it('names the key of a 404 answer', async () => {
    const { server, browser } = session();
    const answer = await fetch(`${server.baseUrl}/v2/nothing-here`, {
      headers: { authorization: `Bearer ${demoSandboxKey()}` },
    });
    await answer.arrayBuffer();
    expect(answer.status).toBe(404);
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/logs?status=404`);
    const row = page.locator(`tr[data-request-id="${answer.headers.get('request-id')}"]`);
    expect(await row.locator('a[href="/app/api/keys/key_demo_sandbox"]').count()).toBe(1);
    await page.close();
  });

  it("says a key page's live calls are the latest of more, and links to them all", async () => {
    const { server, browser } = session();
    const { material, keyId } = issueKey(server, 'eleven calls');
    for (let i = 0; i < 11; i++) await callApi(server, material);
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/keys/${keyId}`);
    const panel = page.locator('[data-live-calls]');
    expect(await panel.locator('tbody tr[data-request-id]').count()).toBe(10);
    expect(await panel.locator('header').textContent()).toContain('latest 10 of 11 calls');
    const all = panel.getByRole('link', { name: 'Open all 11 in the request log' });
    expect(await all.getAttribute('href')).toBe(`/app/api/logs?key=${keyId}`);
    await page.close();
  });
});
