// The console offers only acts the management API takes for the target's live state, at 390 and
// 1440 px: a revoked key no Roll, Revoke or change, an expired key (its badge "Expired") no Roll, a
// key mid-rotation no second Roll, a route not deprecated no Undo, each with one line saying why;
// the roll dialog refuses an overlap past the API's limit before sending it; and the keys issued
// here read "Rotating, until …" mid-rotation, naming the replacement by its key_… id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Workspace } from '../../src/node/db.ts';
import { manageLimits } from '../../src/manage/contract.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { openAct } from './act-helpers.ts';
import { openTestWorkspace } from './console-helpers.ts';
import { issueKey, keysCli, loadedOnceRead } from './live-helpers.ts';
import { useConsole } from './use-console.ts';

const viewports = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** The act buttons shown once the panel knows who acts and the target's live state. */
async function offered(page: Page): Promise<string[]> {
  await page.locator('[data-act-panel][data-ready="true"]').first().waitFor();
  return page
    .locator('[data-act-open]:visible')
    .evaluateAll((all) => all.map((b) => b.textContent?.trim() ?? ''));
}

const unavailable = (page: Page) => page.locator('[data-act-unavailable]').textContent();

describe.runIf(browserAvailable())('acts offered for the live state', () => {
  const session = useConsole();
  let ws: Workspace;
  beforeAll(async () => {
    ws = await openTestWorkspace();
  });
  afterAll(() => ws.close());

  it.each(viewports)(
    'a revoked key, an expired key and a route not deprecated ($width px)',
    async (viewport) => {
      const { server, browser } = session();
      const [revoked] = await ws.query<{ key_id: string }>(
        `select key_id from keys where status = 'revoked' order by key_id limit 1`,
      );
      const [expired] = await ws.query<{ key_id: string }>(
        `select key_id from keys where status = 'expiring' and expires_at < now() order by key_id limit 1`,
      );
      const [route] = await ws.query<{ route_id: string }>(
        `select route_id from routes where not deprecated order by route_id limit 1`,
      );
      if (!revoked || !expired || !route)
        throw new Error('the workspace lacks a revoked or expired key or a live route');
      const { page, errors } = await openPage(browser, viewport);

      await page.goto(`${server.baseUrl}/app/api/keys/${revoked.key_id}`);
      expect(await offered(page)).toEqual([]);
      expect(await unavailable(page)).toBe(
        'Roll, Revoke and Change rpm and quota are not offered: this key was revoked.',
      );

      await page.goto(`${server.baseUrl}/app/api/keys/${expired.key_id}`);
      expect(await offered(page)).toEqual(['Revoke…', 'Change rpm and quota…']);
      expect(await unavailable(page)).toMatch(
        /^Roll is not offered: this key expired at .* UTC; issue a new key instead\.$/,
      );
      const badge = page.locator(
        `[data-key-status-of="${expired.key_id}"][data-status-source="live"] .badge`,
      );
      await badge.waitFor();
      expect((await badge.textContent())?.trim()).toMatch(/Expired$/);

      await page.goto(`${server.baseUrl}/app/api/routes/${route.route_id}`);
      expect(await offered(page)).toEqual(['Deprecate…']);
      expect(await unavailable(page)).toBe(
        'Undo the deprecation is not offered: this route is not deprecated.',
      );
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('the roll dialog says an overlap past the API limit is refused, and sends nothing', async () => {
    const { server, browser } = session();
    const { keyId } = issueKey(server, 'long overlap');
    const { page, errors } = await openPage(browser, viewports[0]);
    await loadedOnceRead(page, `${server.baseUrl}/app/api/keys/${keyId}`, `[data-issued-key="${keyId}"]`);
    // The loads before the server read the new key answered 404; only what follows counts.
    errors.splice(0);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/roll')) sent.push(r.url());
    });
    await openAct(page, 'Roll');
    const dialog = page.getByRole('dialog');
    const limitDays = manageLimits.maxOverlapMs / 86_400_000;
    await dialog.getByLabel('Another duration').check();
    await dialog.getByLabel(/^Duration/).fill(`${limitDays + 1} days`);
    const alert = dialog.getByRole('alert');
    expect(await alert.textContent()).toBe(
      `An overlap is at most ${limitDays} days: the management API refuses a longer one.`,
    );
    await dialog.getByRole('button', { name: 'Preview' }).click();
    expect(await alert.isVisible()).toBe(true);
    expect(sent).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(viewports)(
    'a key mid-rotation reads "Rotating, until", names its replacement by id and offers no Roll ($width px)',
    async (viewport) => {
      const { server, browser } = session();
      const { keyId } = issueKey(server, `rotating ${viewport.width}`);
      const out = keysCli(server, 'rotate', [keyId, '--overlap', '24h']);
      const replacement = /→ (key_[0-9A-Za-z]{16})/.exec(out)?.[1] ?? '';
      expect(replacement).not.toBe('');
      const { page, errors } = await openPage(browser, viewport);
      const row = `[data-issued-keys] tr[data-key-id="${keyId}"]`;
      await loadedOnceRead(
        page,
        `${server.baseUrl}/app/api/keys`,
        `${row} a[href="/app/api/keys/${replacement}"]`,
      );
      const cells = page.locator(`${row} td`);
      expect((await cells.nth(2).textContent())?.trim()).toMatch(
        /^\W?Rotating, until \d{4}-\d{2}-\d{2} [\d:]+ UTC$/,
      );
      expect(
        (await page.locator(`${row} a[href="/app/api/keys/${replacement}"]`).textContent())?.trim(),
      ).toBe(replacement);

      await page.goto(`${server.baseUrl}/app/api/keys/${keyId}`);
      expect(await offered(page)).toEqual(['Revoke…', 'Change rpm and quota…']);
      expect(await unavailable(page)).toMatch(
        new RegExp(
          `^Roll is not offered: this key is already being rotated: ${replacement} replaces it, and it works until .* UTC\\.$`,
        ),
      );
      expect((await page.locator(`[data-fact="rotated"] a`).textContent())?.trim()).toBe(replacement);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
