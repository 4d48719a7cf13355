// The try-it panel: with the server running it reaches the real API and gets a 201 with the demo
// sandbox key; served as static files (no /v2 API) the MSW worker answers with the same contract and the
// live panels say there is no live API.
// The public demo key is prefilled (no other key is ever in the page), and the request shown masks it.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { browserAvailable, openPage, testDist } from '../../harness/browser.ts';
import { closeContexts, sharedBrowser, useConsole } from './use-console.ts';
import type { Browser } from 'playwright-core';

const key = demoSandboxKey();

async function sendDemoOrder(browser: Browser, url: string) {
  const { page, errors } = await openPage(browser);
  await page.goto(url);
  expect(await page.getByLabel('Sandbox key').inputValue()).toBe(key);
  await page.getByRole('button', { name: 'Send POST /v2/orders' }).click();
  const status = page.locator('[data-try="status"]');
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^\d{3}/);
  const result = {
    status: (await status.textContent()) ?? '',
    request: (await page.locator('[data-try="request"]').textContent()) ?? '',
    headers: (await page.locator('[data-try="headers"]').textContent()) ?? '',
    body: JSON.parse((await page.locator('[data-try="response-body"]').textContent()) ?? '{}') as Record<
      string,
      unknown
    >,
    mode: (await page.locator('[data-try="mode"]').textContent()) ?? '',
    errors,
  };
  await page.close();
  return result;
}

function expectCreated(result: Awaited<ReturnType<typeof sendDemoOrder>>) {
  expect(result.status).toMatch(/^201/);
  expect(result.body).toMatchObject({ invoice: null, events: ['order.created'], livemode: false });
  expect(result.headers).toMatch(/^location: \/v2\/orders\/ord_/m);
  expect(result.headers).toMatch(/^ratelimit-policy: "rpm";q=60;w=60$/m);
  expect(result.request).toContain(`authorization: Bearer sk_test…${key.slice(-4)}`);
  expect(result.request).not.toContain(key);
  expect(result.errors).toEqual([]);
}

describe.runIf(browserAvailable())('try-it panel at /app/api/try', () => {
  const ordersDir = mkdtempSync(join(tmpdir(), 'estate-try-'));
  const session = useConsole({ ESTATE_ORDERS_DIR: ordersDir });
  afterAll(() => rmSync(ordersDir, { recursive: true, force: true }));

  it('gets a 201 from the live API with the demo sandbox key', async () => {
    const { server, browser } = session();
    const result = await sendDemoOrder(browser, `${server.baseUrl}/app/api/try`);
    expect(result.mode).toBe('Live API');
    expectCreated(result);
  });

  it('clears the previous request and its answer when a live key is refused', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/try`);
    await page.getByRole('button', { name: 'Send POST /v2/orders' }).click();
    const status = page.locator('[data-try="status"]');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^201/);
    await page.getByLabel('Sandbox key').fill('sk_live_abcdefghijklmnopqrstuvwx');
    await page.getByRole('button', { name: 'Send POST /v2/orders' }).click();
    expect(await status.textContent()).toMatch(/^Not sent/);
    for (const out of ['request', 'headers', 'response-body'])
      expect(await page.locator(`[data-try="${out}"]`).textContent()).toBe('');
    expect(await page.locator('[data-try="log"]').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe.runIf(browserAvailable())('try-it panel on a static deployment', () => {
  let staticServer: Server;
  let baseUrl = '';
  let browser: Browser;
  beforeAll(async () => {
    const root = resolve(testDist, 'client');
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.json': 'application/json',
      '.svg': 'image/svg+xml',
    };
    staticServer = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = join(root, path);
      try {
        if (statSync(file).isDirectory()) file = join(file, 'index.html');
        const body = readFileSync(file);
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      }
    });
    await new Promise<void>((done) => staticServer.listen(0, '127.0.0.1', done));
    baseUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}`;
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    if (browser) await closeContexts(browser);
    await new Promise((done) => staticServer?.close(done));
  });

  it('says the live panels have no API to read there, rather than loading for ever', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/app/api/`);
    await expect
      .poll(() => page.locator('.live-loading p').first().textContent())
      .toContain('no live API here');
    await page.close();
  });

  it('starts the MSW worker and gets the same 201 from the mock', async () => {
    const result = await sendDemoOrder(browser, `${baseUrl}/app/api/try/`);
    expect(result.mode).toBe('Mock API (MSW in this browser)');
    expectCreated(result);
  });
});
