// The Audit screen and what links to it, after changes made through the management API: the
// screen's filters and cursor pages live in the URL and `?id=` opens an entry; a key's page shows
// its history and, after a revoke, the 401s that followed (after a roll, old and new key traffic);
// the request log names the cause of each refusal, linked to its entry; the Overview's rotation-lag
// alert shows the roll started on its key. axe finds nothing on the screen at 390 px, light and dark.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../simulator/config.ts';
import { buildWorld } from '../../simulator/world/index.ts';
import { browserAvailable, openPage, type ConsoleServer } from '../../harness/browser.ts';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { change, writeManagementKey } from '../server/manage/helpers.ts';
import { axeViolations, openTestWorkspace } from './console-helpers.ts';
import { useConsole } from './use-console.ts';

/** What the changes made: the entries and the keys they touched. */
interface Made {
  updates: string[];
  revoke: string;
  roll: string;
  rolledKey: string;
  replacement: string;
}

/** An answer's status to GET /v2/orders with a key. */
async function listWith(server: ConsoleServer, key: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/v2/orders`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return res.status;
}

describe.runIf(browserAvailable())('the Audit screen', () => {
  const session = useConsole();
  let made: Made;

  beforeAll(async () => {
    const { server } = session();
    const token = await writeManagementKey(join(server.apiDir, 'issued-keys.jsonl'));
    const ws = await openTestWorkspace();
    const [alert] = await ws.query<{ target_id: string }>(
      `select target_id from v_alerts where kind = 'rotation_lag' order by alert_id limit 1`,
    );
    ws.close();
    const rolledKey = alert?.target_id ?? '';
    const material = buildWorld(defaultConfig).keys.find((k) => k.key_id === rolledKey)?.material ?? '';
    const apply = async (method: string, path: string, body: Record<string, unknown> = {}) => {
      const answer = await change(server.baseUrl, method, path, token, body);
      expect(answer.status, `${method} ${path}`).toBe(200);
      return answer.body;
    };
    const updates: string[] = [];
    for (const rpm of [61, 62, 63])
      updates.push(
        String((await apply('PATCH', '/keys/key_demo_sandbox', { rpm_budget: rpm })).audit_entry_id),
      );
    expect(await listWith(server, demoSandboxKey())).toBe(200);
    const revoke = String((await apply('POST', '/keys/key_demo_sandbox/revoke')).audit_entry_id);
    expect(await listWith(server, demoSandboxKey())).toBe(401);
    const rolled = await apply('POST', `/keys/${rolledKey}/roll`, { overlap: '1h' });
    const replacement = (rolled.after as { replacement: { key_id: string } }).replacement.key_id;
    expect(await listWith(server, material)).toBe(200);
    expect(await listWith(server, String(rolled.secret))).toBe(200);
    made = { updates, revoke, roll: String(rolled.audit_entry_id), rolledKey, replacement };
  }, 60_000);

  it('filters by actor type, action and target in the URL, pages both ways, and opens an entry', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    const shown = () =>
      page
        .locator('tr[data-audit-entry]')
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.auditEntry));
    await page.goto(`${server.baseUrl}/app/api/audit?target=key_demo_sandbox&limit=2`);
    expect(await shown()).toEqual([made.revoke, made.updates[2]]);
    await page.getByRole('link', { name: 'Older 2 →' }).click();
    await page.waitForURL(/before=/);
    expect(await shown()).toEqual([made.updates[1], made.updates[0]]);
    await page.getByRole('link', { name: '← Newer' }).click();
    await page.waitForURL(/after=/);
    expect(await shown()).toEqual([made.revoke, made.updates[2]]);
    // The form writes its filters into the URL.
    await page.goto(`${server.baseUrl}/app/api/audit`);
    await page.getByLabel('Action').selectOption('key.roll');
    await page.getByLabel('Actor type').selectOption('management_key');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/action=key\.roll/);
    expect(new URL(page.url()).searchParams.get('type')).toBe('management_key');
    expect(await shown()).toEqual([made.roll]);
    await page.goto(`${server.baseUrl}/app/api/audit?type=cli`);
    expect(await page.locator('tr[data-audit-entry]').getAttribute('data-action')).toBe(
      'management_key.create',
    );
    // One entry: before and after, the blast radius then, the request id and the source.
    await page.goto(`${server.baseUrl}/app/api/audit?action=key.revoke`);
    await page.getByRole('link', { name: made.revoke }).first().click();
    await page.waitForURL(`**/app/api/audit?id=${made.revoke}`);
    const detail = page.locator(`[data-audit-entry-detail="${made.revoke}"]`);
    await expect
      .poll(() => detail.locator('tr[data-field="status"]').textContent())
      .toMatch(/active\s*revoked/);
    expect(await detail.locator('[data-blast-then]').textContent()).toMatch(/^\d+\.\d$/);
    expect(await detail.locator('[data-request-id]').textContent()).toMatch(/^req_/);
    expect(await detail.textContent()).toContain('127.0.0.1');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a key's history and, after a revoke, the 401s that followed, linked to the entry", async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/keys/key_demo_sandbox`);
    const history = page.locator('[data-target-history="key_demo_sandbox"]');
    await history.waitFor();
    expect(await history.locator('tr[data-audit-entry]').count()).toBe(4);
    const effect = history.locator(`[data-action-effect="revoke"][data-effect-entry="${made.revoke}"]`);
    expect(await effect.locator('[data-refused]').getAttribute('data-refused')).toBe('1');
    const cause = effect.locator(`a[data-refusal-cause="${made.revoke}"]`);
    expect(await cause.textContent()).toMatch(/^refused: key revoked by test key at 20\d\d-/);
    await history.locator('a[data-history-link]').click();
    await page.waitForURL('**/app/api/audit?target=key_demo_sandbox');
    // After a roll: the old and the new key's traffic side by side while the overlap runs.
    await page.goto(`${server.baseUrl}/app/api/keys/${made.rolledKey}`);
    const roll = page.locator(`[data-action-effect="roll"][data-effect-entry="${made.roll}"]`);
    await roll.waitFor();
    expect(await roll.locator('[data-overlap]').getAttribute('data-overlap')).toBe('running');
    for (const keyId of [made.rolledKey, made.replacement])
      expect(await roll.locator(`tr[data-key-traffic="${keyId}"] [data-accepted]`).textContent()).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names the cause of a refusal in the request log, linked to its audit entry', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/logs?status=401&key=key_demo_sandbox`);
    const cause = page.locator(`a[data-refusal-cause="${made.revoke}"]`);
    expect(await cause.count()).toBe(1);
    expect(await cause.textContent()).toMatch(/^refused: key revoked by test key at /);
    await cause.click();
    await page.waitForURL(`**/app/api/audit?id=${made.revoke}`);
    expect(await page.locator(`[data-audit-entry-detail="${made.revoke}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the roll started on a rotation-lag alert's key under the alert on the Overview", async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const action = page.locator(
      `[data-alert-id="rotation_lag:${made.rolledKey}"] [data-alert-action="${made.roll}"]`,
    );
    await action.waitFor();
    expect(await action.textContent()).toMatch(/Action taken: Roll started by test key at /);
    expect(await action.getByRole('link').getAttribute('href')).toBe(`/app/api/audit?id=${made.roll}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no axe violations at 390 px, light and dark, with an entry open', async () => {
    const { server, browser } = session();
    for (const scheme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(browser, { width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${server.baseUrl}/app/api/audit?id=${made.roll}`);
      expect(await axeViolations(page), scheme).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
