import { describe, expect, it } from 'vitest';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';

describe.runIf(browserAvailable())('console shell at /app/api', () => {
  const session = useConsole();

  it('loads with no console errors and offers navigation to the five screens and the request log', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    const response = await page.goto(`${server.baseUrl}/app/api`);
    expect(response?.status()).toBe(200);
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    const links = await nav.getByRole('link').allTextContents();
    expect(links.map((l) => l.trim())).toEqual([
      'Overview',
      'Keys',
      'Routes',
      'Functions',
      'Consumers',
      'Logs',
      'Events',
      'Audit',
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['Keys', '/app/api/keys', 'Keys'],
    ['Routes', '/app/api/routes', 'Routes'],
    ['Functions', '/app/api/functions', 'Functions'],
    ['Consumers', '/app/api/consumers', 'Consumers'],
    ['Logs', '/app/api/logs', 'Request log'],
    ['Events', '/app/api/events', 'Events'],
    ['Audit', '/app/api/audit', 'Audit'],
  ])('navigates to %s', async (label, path, heading) => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: label })
      .click();
    await page.waitForURL(`**${path}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(heading);
    expect(errors).toEqual([]);
    await page.close();
  });
});
