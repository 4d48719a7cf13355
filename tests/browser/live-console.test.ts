// The live console against the real server: a call sent from Try it lands in the request log; a key
// issued with the CLI appears in the Keys registry and on its own page; revoked, its next call gets
// 401 and the console shows it revoked. Plus the log's filters in the URL and its pages.
import { describe, expect, it } from 'vitest';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { until } from '../helpers/poll.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { callApi, issueKey, keysCli, loadedOnceRead } from './live-helpers.ts';

describe.runIf(browserAvailable())('live console', () => {
  const session = useConsole();

  it('sends from Try it, then follows the link to the request in the log', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/try`);
    expect(await page.getByLabel('Sandbox key').inputValue()).toBe(demoSandboxKey());
    await page.getByRole('button', { name: 'Send POST /v2/orders' }).click();
    const link = page.getByRole('link', { name: 'Open this request in the log' });
    await link.waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-try="status"]').textContent()).toMatch(/^201/);
    const requestId = (await page.locator('[data-try="request-id"]').textContent()) ?? '';
    expect(requestId).toMatch(/^req_/);
    await link.click();
    await page.waitForURL(`**/app/api/logs/${requestId}`);
    expect(await page.locator('[data-request-id]').textContent()).toBe(requestId);
    const sent = (await page.locator('[data-response-headers]').textContent()) ?? '';
    expect(sent).toContain(`request-id: ${requestId}`);
    // One header a line, as sent: no indentation from the page's markup.
    for (const line of sent.split('\n')) expect(line).toMatch(/^[a-z-]+: \S/);
    await page.goto(`${server.baseUrl}/app/api/logs`);
    expect(await page.locator(`tr[data-request-id="${requestId}"]`).count()).toBe(1);
    // The demo key's own (prerendered) page shows the call live.
    await page.goto(`${server.baseUrl}/app/api/keys/key_demo_sandbox`);
    await page.locator(`[data-live-calls] tr[data-request-id="${requestId}"]`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a live key before sending', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/try`);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v2/orders') sent.push(request.url());
    });
    await page.getByLabel('Sandbox key').fill('sk_live_abcdefghijklmnopqrstuvwx');
    await page.getByRole('button', { name: 'Send POST /v2/orders' }).click();
    expect(await page.locator('[data-try="status"]').textContent()).toMatch(/live \(production\) key/);
    expect(sent).toEqual([]);
    await page.close();
  });

  it('lists a key issued with the CLI, live, and shows it revoked once its next call gets 401', async () => {
    const { server, browser } = session();
    const { material, keyId } = issueKey(server, 'browser test app');
    expect((await callApi(server, material)).status).toBe(201);
    const { page, errors } = await openPage(browser);
    const row = page.locator(`[data-issued-keys] tr[data-key-id="${keyId}"]`);
    await page.goto(`${server.baseUrl}/app/api/keys`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('active');
    expect(await row.textContent()).toContain('Issued here');
    await row.getByRole('link', { name: 'browser test app' }).click();
    await page.waitForURL(`**/app/api/keys/${keyId}`);
    expect(await page.locator('[data-fact="requests"]').textContent()).toBe('1');
    expect(await page.getByRole('heading', { name: 'What does not apply' }).count()).toBe(1);

    keysCli(server, 'revoke', [keyId]);
    const refused = await until('the revoked key refused', async () => {
      const answer = await callApi(server, material);
      return answer.status === 401 && answer;
    });
    await page.goto(`${server.baseUrl}/app/api/keys`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('revoked');
    await page.goto(`${server.baseUrl}/app/api/keys/${keyId}`);
    expect(await page.locator('[data-fact="status"]').textContent()).toBe('Revoked');
    expect(await page.locator(`tr[data-request-id="${refused.requestId}"]`).textContent()).toContain('401');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names both keys of a rotation on their pages, linking each to the other', async () => {
    const { server, browser } = session();
    const { keyId } = issueKey(server, 'rotating app');
    const out = keysCli(server, 'rotate', [keyId, '--overlap', '1h']);
    const replacement = new RegExp(`${keyId} \\(.*\\) → (key_[0-9A-Za-z]{16})`).exec(out)?.[1] ?? '';
    const { page, errors } = await openPage(browser);
    await loadedOnceRead(
      page,
      `${server.baseUrl}/app/api/keys/${keyId}`,
      `a[href="/app/api/keys/${replacement}"]`,
    );
    const toReplacement = page.locator(`a[href="/app/api/keys/${replacement}"]`);
    // By id, as the keys CLIs take them: both keys of a rotation share the name.
    expect((await toReplacement.textContent())?.trim()).toBe(replacement);
    expect(await page.locator('[data-fact="status"]').textContent()).toMatch(/^Rotating, until \d{4}-/);
    await toReplacement.click();
    await page.waitForURL(`**/app/api/keys/${replacement}`);
    expect((await page.locator(`a[href="/app/api/keys/${keyId}"]`).textContent())?.trim()).toBe(keyId);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps filters in the URL, ignoring unknown values, and pages through older requests', async () => {
    const { server, browser } = session();
    // 60 unauthenticated calls: 401s, one more than a page.
    const calls: string[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await fetch(`${server.baseUrl}/v2/orders/ord_missing${i}`);
      await response.arrayBuffer();
      calls.push(response.headers.get('request-id') ?? '');
    }
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/logs?status=401&env=mars&colour=red`);
    expect(new URL(page.url()).search).toBe('?status=401');
    const ids = () =>
      page
        .locator('tbody tr[data-request-id]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-request-id')));
    const first = await ids();
    expect(first).toEqual(calls.slice(-50).reverse());
    await page.getByRole('link', { name: /^Older/ }).click();
    const second = await ids();
    expect(second.slice(0, 10)).toEqual(calls.slice(0, 10).reverse());
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('401');
    await page.getByRole('link', { name: 'Newest' }).click();
    expect(await ids()).toEqual(first);

    await page.getByLabel('Status class').selectOption('2xx');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/class=2xx/);
    expect(new URL(page.url()).search).toBe('?class=2xx&status=401');
    expect(await page.locator('tbody tr[data-request-id]').count()).toBe(0);
    await page.close();
  });

  it('shows the live strip on the Overview, apart from the simulated figures', async () => {
    const { server, browser } = session();
    await callApi(server);
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const requests = page.locator('[data-live-strip] [data-live="requests"]');
    await requests.waitFor();
    expect(Number((await requests.textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await page.locator('[data-live-strip]').textContent()).toContain(
      'Not part of the simulated 30 days',
    );
    await page.close();
  });

  // Lighthouse found the Overview's headline figures pushed down when the strip replaced its
  // one-line placeholder (CLS 0.115 on a phone): the placeholder now keeps the strip's shape.
  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ])('moves nothing on the Overview when the live strip arrives (%s)', async (_, viewport) => {
    const { server, browser } = session();
    await callApi(server);
    const { page } = await openPage(browser, viewport);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.baseUrl}/app/api`);
    await page.locator('[data-live-strip] [data-live="requests"]').waitFor();
    // Two frames after the strip is in, every shift it caused has been reported.
    const shifts = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve((window as unknown as { shifts: number[] }).shifts)),
          ),
        ),
    );
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    await page.close();
  });
});
