// Helpers for the live console's browser tests: calls to the running server's API, and keys issued,
// revoked and rotated with the keys CLIs against that server's issued-keys file.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { demoWorld } from '../../src/mocks/demo-world.ts';
import type { Page } from 'playwright-core';
import type { ConsoleServer } from '../../harness/browser.ts';
import { until } from '../helpers/poll.ts';

/** A valid order for the demo world. */
export const demoOrder = {
  customer: demoWorld.customers[0]?.customer_id,
  lines: [{ sku: demoWorld.skus[0]?.sku, qty: 1 }],
};

/** Sends POST /v2/orders to the server with a key (the demo key by default); its status and Request-Id. */
export async function callApi(
  server: ConsoleServer,
  key: string = demoSandboxKey(),
  body: unknown = demoOrder,
): Promise<{ status: number; requestId: string; auditEntryId?: string }> {
  const response = await fetch(`${server.baseUrl}/v2/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  // a refusal a management change caused names its audit entry
  const entry = /"audit_entry_id":"(aud_[A-Za-z0-9]+)"/.exec(text)?.[1];
  return {
    status: response.status,
    requestId: response.headers.get('request-id') ?? '',
    ...(entry === undefined ? {} : { auditEntryId: entry }),
  };
}

/** Runs a keys CLI script (scripts/keys/<name>.ts) against the server's issued-keys file; what it printed. */
export function keysCli(
  server: ConsoleServer,
  name: 'issue' | 'revoke' | 'rotate' | 'restore-demo',
  args: string[] = [],
): string {
  const result = spawnSync(process.execPath, [`scripts/keys/${name}.ts`, ...args], {
    env: { ...process.env, ESTATE_ISSUED_KEYS: join(server.apiDir, 'issued-keys.jsonl') },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`keys:${name} failed: ${result.stderr}`);
  return `${result.stdout}\n${result.stderr}`;
}

/** Issues a sandbox key with `npm run keys:issue`'s script; its material and id. */
export function issueKey(server: ConsoleServer, name: string): { material: string; keyId: string } {
  const out = keysCli(server, 'issue', ['--name', name]);
  const material = /sk_test_[0-9A-Za-z]+/.exec(out)?.[0];
  const keyId = /key_[0-9A-Za-z]{16}/.exec(out)?.[0];
  if (!material || !keyId) throw new Error(`keys:issue printed no key: ${out}`);
  return { material, keyId };
}

/** The live pages worth checking, each with something to show: the log, a request, an issued key. */
export async function livePages(
  server: ConsoleServer,
): Promise<{ log: string; request: string; issuedKey: string }> {
  const { material, keyId } = issueKey(server, 'live page check');
  const { requestId } = await callApi(server, material, { customer: 'cus_nobody', lines: [] });
  return { log: '/app/api/logs', request: `/app/api/logs/${requestId}`, issuedKey: `/app/api/keys/${keyId}` };
}

/**
 * Loads `url` until `selector` is on it: the server rereads a change the CLI made at most a second
 * later (its journal's recheck), so a page loaded at once may still show the state before it.
 */
export function loadedOnceRead(page: Page, url: string, selector: string): Promise<void> {
  return until(
    `${selector} on ${url}`,
    async () => {
      await page.goto(url);
      return (await page.locator(selector).count()) > 0;
    },
    { timeoutMs: 15_000, everyMs: 250 },
  ).then(() => undefined);
}
