// The worker's shared Chromium: one per process while it lives, a new one once it has gone, and a
// file's contexts all closed at its end, so nothing of one file reaches the next.
import { describe, expect, it } from 'vitest';
import { browserAvailable } from '../../harness/browser.ts';
import { closeContexts, sharedBrowser } from './use-console.ts';

describe.runIf(browserAvailable())('the shared browser', () => {
  it('is one Chromium for every caller while it lives', async () => {
    const [a, b] = await Promise.all([sharedBrowser(), sharedBrowser()]);
    expect(a).toBe(b);
    expect(await sharedBrowser()).toBe(a);
    expect(a.isConnected()).toBe(true);
  });

  it('leaves no context open once a file closes its contexts, pages made with newPage included', async () => {
    const browser = await sharedBrowser();
    await browser.newContext();
    await (await browser.newContext()).newPage();
    await browser.newPage();
    expect(browser.contexts().length).toBeGreaterThanOrEqual(3);
    await closeContexts(browser);
    expect(browser.contexts()).toEqual([]);
  });

  it('is launched again once it has gone away', async () => {
    const gone = await sharedBrowser();
    await gone.close();
    const next = await sharedBrowser();
    expect(next).not.toBe(gone);
    expect(next.isConnected()).toBe(true);
    const page = await next.newPage();
    await page.setContent('<p>again</p>');
    expect(await page.textContent('p')).toBe('again');
    await closeContexts(next);
  });
});
