// Page-side helpers of the console-acts browser test: opening an act's dialog, typing the target's
// name when asked, calling the management API as the console's page does, and a page on another
// site that tries to change a key.
import type { Page } from 'playwright-core';

/** A page on another site (localhost; the console is 127.0.0.1) that tries to revoke a key. */
export function attackerPage(target: string): string {
  return `<!doctype html><title>elsewhere</title>
<form method="post" action="${target}"><input name="dry_run" value="false"><button>Win a prize</button></form>
<script>
window.sendJson = () => fetch(${JSON.stringify(target)}, {
  method: 'POST', mode: 'no-cors', credentials: 'include', body: JSON.stringify({ dry_run: true }),
}).then(() => 'sent', () => 'failed');
</script>`;
}

/** Opens an act's dialog on a detail page once the panel knows who is acting. */
export async function openAct(page: Page, label: string): Promise<void> {
  await page.locator('[data-act-panel][data-ready="true"]').first().waitFor();
  await page.getByRole('button', { name: `${label}…` }).click();
  await page.locator('[data-act-dialog][open]').waitFor();
}

/** Types the target's name when the confirmation asks for it (a high blast score, production). */
export async function typeNameIfAsked(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  const typed = dialog.getByLabel(/^Type .* to confirm/);
  if (await typed.isVisible())
    await typed.fill((await dialog.locator('[data-act-name]').textContent()) ?? '');
}

/** The management API as the browser's page calls it: status and body. */
export function pageFetch(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const r = await fetch(`/manage/v1${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

/**
 * How the dry run's "What changes" table sits in the page: whether its frame scrolls sideways, how
 * many of its cells end off screen, and how a value cell is laid out (`table-cell` as a table,
 * `block` stacked under its field).
 */
export function changesLayout(page: Page) {
  return page.locator('.act-table').evaluate((frame) => {
    const offScreen = [...frame.querySelectorAll('th, td')].filter((cell) => {
      const box = cell.getBoundingClientRect();
      return box.width > 1 && (box.left < 0 || box.right > window.innerWidth);
    });
    const value = frame.querySelector('tbody td');
    return {
      scrolls: frame.scrollWidth > frame.clientWidth,
      offScreen: offScreen.length,
      display: value ? getComputedStyle(value).display : null,
    };
  });
}
