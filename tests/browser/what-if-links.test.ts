// Shareable what-ifs: every input lives in the URL, "Copy link" gives that URL, and the link opened
// in a fresh browser context (the static build, no server-side state) shows the same result. The
// Overview's alerts open the what-if that answers them, already filled in.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { throttleTotal } from '../../src/what-if/throttle/query.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { openTestWorkspace, whatIfPages } from './console-helpers.ts';

/** A what-if's answer as a reader sees it: the text of its result, tables included. */
const resultOf = (page: Page, kind: string) =>
  page.locator(`[data-what-if="${kind}"] [data-what-if-result]`).innerText();

/** Waits until a page's what-if island has applied the URL. */
const ready = (page: Page, kind: string) =>
  page.locator(`[data-what-if="${kind}"][data-ready="true"]`).waitFor({ state: 'attached' });

/** Opens a page in a context of its own that may use the clipboard. */
async function clipboardPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  return context.newPage();
}

describe.runIf(browserAvailable())('shareable what-ifs', () => {
  const session = useConsole();
  let ws: Workspace;
  const targets = new Map<string, string>();
  beforeAll(async () => {
    ws = await openTestWorkspace();
    const detail = await whatIfPages(ws);
    targets.set('rotate', detail.key);
    targets.set('throttle', detail.key);
    targets.set('retire', detail.route);
    targets.set('change', detail.fn);
  });
  afterAll(() => ws.close());

  it.each<[string, Record<string, string>, RegExp]>([
    ['rotate', { rotateOverlapDays: '5' }, /\?rotate_overlap_days=5#what-if-rotate$/],
    ['throttle', { throttleRpm: '900' }, /\?throttle_rpm=900#what-if-throttle$/],
    ['retire', { retireSunset: '2027-03-01' }, /\?retire_sunset=2027-03-01#what-if-retire$/],
    [
      'change',
      { changeErrorPct: '25', changeRolloutPct: '10' },
      /\?change_error_pct=25&change_rollout_pct=10#what-if-change$/,
    ],
  ])(
    'copies a link to the %s what-if that shows the same result in a fresh page',
    async (kind, inputs, link) => {
      const { server, browser } = session();
      const page = await clipboardPage(browser, server.baseUrl);
      await page.goto(`${server.baseUrl}${targets.get(kind)}`);
      await ready(page, kind);
      const before = await resultOf(page, kind);
      for (const [name, value] of Object.entries(inputs))
        await page.locator(`[data-what-if-input="${name}"]`).fill(value);
      const answer = await resultOf(page, kind);
      expect(answer).not.toBe(before);
      await page.locator(`[data-what-if="${kind}"] [data-copy-link]`).click();
      await expect
        .poll(() => page.locator(`[data-what-if="${kind}"] [data-copy-status]`).textContent())
        .toBe('Link copied');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(link);
      // the address bar carries the same inputs as the copied link
      expect(new URL(page.url()).search).toBe(new URL(copied).search);
      await page.context().close();

      const { page: fresh, errors } = await openPage(browser);
      await fresh.goto(copied);
      await ready(fresh, kind);
      expect(await resultOf(fresh, kind)).toBe(answer);
      for (const [name, value] of Object.entries(inputs))
        expect(await fresh.locator(`[data-what-if-input="${name}"]`).inputValue()).toBe(value);
      expect(errors).toEqual([]);
      await fresh.close();
    },
  );

  it('opens the throttle storm at the smallest budget that ends its 429s', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const alert = page.locator('.alert', { hasText: 'Throttle storm' }).locator('a[data-what-if-link]');
    const href = new URL((await alert.getAttribute('href')) ?? '', server.baseUrl);
    const keyId = href.pathname.split('/').at(-1) ?? '';
    // the peak demand recorded through the key, from the raw per-minute histogram
    const [peak] = await ws.query<{ rpm: number }>(
      'select max(requests_per_minute)::INTEGER as rpm from key_demand_minute where key_id = $key_id',
      { key_id: keyId },
    );
    expect(href.searchParams.get('throttle_rpm')).toBe(String(peak?.rpm));
    expect(href.hash).toBe('#what-if-throttle');
    await alert.click();
    await ready(page, 'throttle');
    expect(await page.locator('[data-throttle-total]').textContent()).toBe('0');
    // one request per minute less, and the peak minutes are refused again (the SQL macro)
    expect(await throttleTotal(keyId, peak?.rpm ?? 0, ws)).toBe(0);
    expect(await throttleTotal(keyId, (peak?.rpm ?? 1) - 1, ws)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('explains an input it cannot use instead of showing a stale result', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}${targets.get('retire')}?retire_sunset=2020-01-01#what-if-retire`);
    await ready(page, 'retire');
    const problem = page.locator('[data-what-if="retire"] [data-what-if-problem]');
    expect(await problem.textContent()).toMatch(/cannot be in the past/);
    expect(await page.locator('[data-what-if="retire"] [data-what-if-result]').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
