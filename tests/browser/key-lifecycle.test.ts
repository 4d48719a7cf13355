// A key's live lifecycle in the console: a workspace key revoked or rotated from the CLI shows so on
// its (prerendered) page and in the Keys registry, Try it stops filling in a dead demo key and
// says how to bring it back, and `npm run keys:restore-demo` does. Keys issued here are named by
// id and last four, a replacement as the replacement of its key.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { until } from '../helpers/poll.ts';
import { browserAvailable, openPage, type ConsoleServer } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { callApi, issueKey, keysCli, loadedOnceRead } from './live-helpers.ts';

const demo = 'key_demo_sandbox';

/** Waits until the API answers the demo key with `status`. */
const demoAnswers = (server: ConsoleServer, status: number) =>
  until(`the demo key answered ${status}`, async () => (await callApi(server)).status === status);

/** The text of the first element matching `selector`, once it is not `unlike`. */
async function settled(page: Page, selector: string, unlike: RegExp): Promise<string> {
  const locator = page.locator(selector).first();
  await expect
    .poll(async () => (await locator.textContent())?.trim() ?? '', { timeout: 15_000 })
    .not.toMatch(unlike);
  return (await locator.textContent())?.trim() ?? '';
}

/**
 * The text of `selector` on `path` once the server has read a change the CLI made: the page is
 * loaded again (its live panels in) until the text is not `unlike`. The server rereads the
 * journal at most a second after a change, so a page loaded at once may still show the old state.
 */
function shownOnceRead(page: Page, url: string, selector: string, unlike: RegExp): Promise<string> {
  return until(
    `${selector} on ${url}`,
    async () => {
      await page.goto(url);
      await page.waitForFunction(() => document.querySelector('.live-loading') === null);
      const text = (await page.locator(selector).first().textContent())?.trim() ?? '';
      return unlike.test(text) ? undefined : text;
    },
    { timeoutMs: 15_000, everyMs: 250 },
  );
}

describe.runIf(browserAvailable())('a key lifecycle changed on this server', () => {
  const session = useConsole();

  it('shows the demo key revoked on its page, in the registry and in Try it, until restored', async () => {
    const { server, browser } = session();
    keysCli(server, 'revoke', [demo]);
    await demoAnswers(server, 401);
    const { page, errors } = await openPage(browser);

    await page.goto(`${server.baseUrl}/app/api/keys/${demo}`);
    expect(await settled(page, '[data-key-lifecycle] [data-fact="status"]', /^$/)).toBe('Revoked');
    expect(await page.locator('[data-key-lifecycle] [data-fact="revoked"]').textContent()).toMatch(/UTC$/);
    expect(await settled(page, `[data-key-status-of="${demo}"]`, /Active$/)).toMatch(/Revoked$/);

    await page.goto(`${server.baseUrl}/app/api/keys?chip=revoked`);
    const row = page.locator(`tr[data-id="${demo}"]`);
    expect(await settled(page, `tr[data-id="${demo}"] [data-key-status-of]`, /Active$/)).toMatch(/Revoked$/);
    expect(await row.isVisible()).toBe(true);

    await page.goto(`${server.baseUrl}/app/api/try`);
    const hint = page.locator('[data-try="key-hint"]');
    await expect.poll(() => hint.textContent(), { timeout: 15_000 }).toContain('npm run keys:restore-demo');
    expect(await hint.textContent()).toMatch(/revoked/);
    expect(await page.getByLabel('Sandbox key').inputValue()).toBe('');

    expect(keysCli(server, 'restore-demo')).toMatch(/Restored key_demo_sandbox/);
    await demoAnswers(server, 201);
    await page.goto(`${server.baseUrl}/app/api/try`);
    await page.locator('[data-try-it][data-demo-key="working"]').waitFor({ state: 'attached' });
    expect(await page.getByLabel('Sandbox key').inputValue()).toBe(demoSandboxKey());
    await page.goto(`${server.baseUrl}/app/api/keys/${demo}`);
    expect(await settled(page, '[data-key-lifecycle] [data-fact="status"]', /^$/)).toBe('Active');
    expect(await page.locator('[data-key-lifecycle] [data-fact="restored"]').textContent()).toMatch(/UTC$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a rotation of a workspace key: when, until when, and its replacement by id', async () => {
    const { server, browser } = session();
    keysCli(server, 'restore-demo'); // whatever an earlier test left
    const out = keysCli(server, 'rotate', [demo, '--overlap', '1h']);
    const replacement = /→ (key_[0-9A-Za-z]{16})/.exec(out)?.[1] ?? '';
    expect(replacement).not.toBe('');
    const { page, errors } = await openPage(browser);
    const url = `${server.baseUrl}/app/api/keys/${demo}`;
    const rotated = await shownOnceRead(
      page,
      url,
      '[data-key-lifecycle] [data-fact="rotated"]',
      /^(never)?$/,
    );
    expect(rotated).toMatch(/UTC$/);
    const lifecycle = page.locator('[data-key-lifecycle]');
    expect(await lifecycle.locator('[data-fact="status"]').textContent()).toMatch(
      /^Rotating, until \d{4}-\d{2}-\d{2} [\d:]+ UTC \(it works beside/,
    );
    expect(await lifecycle.locator('[data-fact="overlap-ends"]').textContent()).toMatch(/UTC$/);
    expect(await lifecycle.locator('[data-fact="replacement"]').textContent()).toContain(replacement);
    keysCli(server, 'restore-demo');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names keys issued here by id and last four, and a replacement as the replacement of its key', async () => {
    const { server, browser } = session();
    const { material, keyId } = issueKey(server, 'my app');
    const out = keysCli(server, 'rotate', [keyId, '--overlap', '1h']);
    const newMaterial = /sk_test_[0-9A-Za-z]+/.exec(out)?.[0] ?? '';
    const newId = /→ (key_[0-9A-Za-z]{16})/.exec(out)?.[1] ?? '';
    const { page } = await openPage(browser);
    const oldRow = page.locator(`[data-issued-keys] tr[data-key-id="${keyId}"]`);
    const newRow = page.locator(`[data-issued-keys] tr[data-key-id="${newId}"]`);
    await loadedOnceRead(
      page,
      `${server.baseUrl}/app/api/keys`,
      `[data-issued-keys] tr[data-key-id="${newId}"]`,
    );
    const [oldText, newText] = [(await oldRow.textContent()) ?? '', (await newRow.textContent()) ?? ''];
    expect(oldText).toContain(keyId);
    expect(oldText).toContain(material.slice(-4));
    expect(newText).toContain(newId);
    expect(newText).toContain(newMaterial.slice(-4));
    expect(newText).toContain(`replacement of ${keyId}`);
    expect(oldText).toContain(`replaced by ${newId}`);
    await page.close();
  });
});
