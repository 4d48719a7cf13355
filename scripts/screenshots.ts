// `npm run screenshots`: builds the console, serves it, and captures the five screens, the request log and a request, and the
// error-budget view (light, 1440 px), a route's and the throttled consumer's detail, the Overview
// dark, Routes at 360 px, and the Overview, the consumers at risk and a shared throttle what-if on a
// phone (390 px), a roll's confirmation (390 px), the Audit screen after a few changes made
// through the management API, and the Events screen and a webhook endpoint's page after a few
// deliveries to a local receiver (some failed, then retried), into docs/screenshots/, with the
// browser-test harness. ESTATE_TEST_DIST picks the build folder (default .test-dist-screenshots);
// SKIP_BUILD=1 reuses it; SHOTS=events,webhook-endpoint captures only the shots named.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { managementKey } from '../harness/management-key.ts';
import { startReceiver } from '../harness/webhook-receiver.ts';
import { openJournalManage } from '../server/manage/runtime.ts';
import { emptyManageReference } from '../server/manage/seed.ts';
import { defaultDataFile } from '../src/node/data-file.ts';
import { openWorkspace } from '../src/node/db.ts';
import { demoSandboxKey } from '../src/mocks/demo-key.ts';
import { demoWorld } from '../src/mocks/demo-world.ts';

process.env.ESTATE_TEST_DIST ??= '.test-dist-screenshots';
const { launchBrowser, startConsoleServer, stopConsoleServer, testDist } =
  await import('../harness/browser.ts');

/** A capture: the page (with {orders}, {storm}, {throttled}, {refused}, {rolled} and {endpoint} filled in), whole, or only the screen it opens on. */
interface Shot {
  name: string;
  path: string;
  width: number;
  scheme: 'light' | 'dark';
  screenOnly?: boolean;
  /** What to do on the page before the capture (open a dialog). */
  act?: (page: Page) => Promise<void>;
}

/** Opens the roll dialog on a key page and previews a 24 h overlap (the typed name still asked). */
async function previewRoll(page: Page): Promise<void> {
  await page.locator('[data-act-panel][data-ready="true"]').first().waitFor();
  await page.getByRole('button', { name: 'Roll…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('dialog').locator('[data-act-out="blast"]').waitFor();
}

const shots: Shot[] = [
  { name: 'overview', path: '/app/api', width: 1440, scheme: 'light' },
  { name: 'keys', path: '/app/api/keys', width: 1440, scheme: 'light' },
  { name: 'routes', path: '/app/api/routes', width: 1440, scheme: 'light' },
  { name: 'functions', path: '/app/api/functions', width: 1440, scheme: 'light' },
  { name: 'consumers', path: '/app/api/consumers', width: 1440, scheme: 'light' },
  { name: 'consumer-detail', path: '/app/api/consumers/{throttled}', width: 1440, scheme: 'light' },
  { name: 'budget', path: '/app/api/budget', width: 1440, scheme: 'light' },
  { name: 'route-detail', path: '/app/api/routes/{orders}', width: 1440, scheme: 'light' },
  { name: 'request-log', path: '/app/api/logs', width: 1440, scheme: 'light' },
  { name: 'request-detail', path: '/app/api/logs/{refused}', width: 1440, scheme: 'light' },
  { name: 'audit', path: '/app/api/audit?id={rolled}', width: 1440, scheme: 'light' },
  { name: 'overview-dark', path: '/app/api', width: 1440, scheme: 'dark' },
  { name: 'routes-360', path: '/app/api/routes', width: 360, scheme: 'light' },
  { name: 'overview-390', path: '/app/api', width: 390, scheme: 'light' },
  { name: 'consumers-at-risk-390', path: '/app/api/consumers?chip=at-risk', width: 390, scheme: 'light' },
  {
    name: 'what-if-throttle-390',
    path: '/app/api/keys/{storm}?throttle_rpm=1800#what-if-throttle',
    width: 390,
    scheme: 'light',
    screenOnly: true,
  },
  { name: 'events', path: '/app/api/events', width: 1440, scheme: 'light' },
  { name: 'webhook-endpoint', path: '/app/api/events/endpoints/{endpoint}', width: 1440, scheme: 'light' },
  {
    name: 'roll-confirm-390',
    path: '/app/api/keys/{top}',
    width: 390,
    scheme: 'light',
    screenOnly: true,
    act: previewRoll,
  },
];

/** Calls the running API as a test-mode caller would, so the request log has something to show; the refused one's id. */
async function liveCalls(baseUrl: string): Promise<string> {
  const order = {
    customer: demoWorld.customers[0]?.customer_id,
    lines: [{ sku: demoWorld.skus[0]?.sku, qty: 2 }],
  };
  const call = async (path: string, init: { method?: string; key?: string | null; body?: unknown } = {}) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'curl/8.11.0',
    };
    if (init.key !== null) headers.authorization = `Bearer ${init.key ?? demoSandboxKey()}`;
    const res = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'POST',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    await res.arrayBuffer();
    return res.headers.get('request-id') ?? '';
  };
  for (let i = 0; i < 5; i++) await call('/v2/orders', { body: order });
  await call('/v1/orders', { body: order });
  await call('/v2/orders?limit=2', { method: 'GET' });
  await call('/v2/orders', { key: null, body: order });
  return call('/v2/orders', { body: { ...order, customer: 'cus_nobody' } });
}

/** Changes made through the management API (as a script would), so the Audit screen has entries; the roll's entry. */
async function auditedChanges(
  server: { baseUrl: string; apiDir: string },
  stormKey: string,
): Promise<string> {
  const { store, deps } = openJournalManage(join(server.apiDir, 'issued-keys.jsonl'), emptyManageReference());
  const token = await managementKey(deps, undefined, 'screenshots');
  await store.close();
  const change = async (method: string, path: string, body: Record<string, unknown>) => {
    const send = async (extra: Record<string, unknown>) => {
      const res = await fetch(`${server.baseUrl}/manage/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, ...extra }),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    return send({ preview_token: (await send({ dry_run: true })).preview_token });
  };
  const ws = await openWorkspace(defaultDataFile());
  const [lagging] = await ws.query<{ target_id: string }>(
    "select target_id from v_alerts where kind = 'rotation_lag' order by blast_score desc limit 1",
  );
  ws.close();
  await change('PATCH', `/keys/${stormKey}`, { rpm_budget: 1800 });
  return String(
    (await change('POST', `/keys/${lagging?.target_id ?? ''}/roll`, { overlap: '24h' })).audit_entry_id,
  );
}

/**
 * A sandbox key with the webhooks scopes (`npm run keys:issue`), an endpoint at a local receiver
 * that fails its first two deliveries, and five orders: the endpoint's page then shows two failed
 * attempts, their retries 5 s later, and the rest delivered. Answers the endpoint id and a close.
 */
async function webhookDeliveries(server: { baseUrl: string; apiDir: string }) {
  const issued = spawnSync(
    process.execPath,
    ['scripts/keys/issue.ts', '--name', 'webhooks demo', '--scopes', 'orders:write,webhooks:write'],
    {
      env: { ...process.env, ESTATE_ISSUED_KEYS: join(server.apiDir, 'issued-keys.jsonl') },
      encoding: 'utf8',
    },
  );
  const key = /sk_test_[0-9A-Za-z]+/.exec(`${issued.stdout}${issued.stderr}`)?.[0];
  if (!key) throw new Error(`screenshots: keys:issue printed no key: ${issued.stderr}`);
  const receiver = await startReceiver((n) => ({ status: n < 2 ? 500 : 204 }));
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { id: string };
  };
  const endpoint = await post('/v2/webhooks', {
    url: receiver.url,
    enabled_events: ['order.created'],
    description: 'fulfilment worker (local)',
  });
  const order = {
    customer: demoWorld.customers[1]?.customer_id,
    lines: [{ sku: demoWorld.skus[1]?.sku, qty: 1 }],
  };
  for (let i = 0; i < 5; i++) await post('/v2/orders', order);
  // Five first attempts, then the two failed ones again on the schedule (5 s).
  const deadline = Date.now() + 30_000;
  while (receiver.received.length < 7 && Date.now() < deadline)
    await new Promise((done) => setTimeout(done, 200));
  return { endpointId: endpoint.id, close: () => receiver.close() };
}

if (process.env.SKIP_BUILD !== '1') {
  for (const args of [
    ['scripts/ensure-data.ts'],
    ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', testDist],
  ]) {
    const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`screenshots: node ${args.join(' ')} failed`);
  }
}

mkdirSync('docs/screenshots', { recursive: true });
const ws = await openWorkspace(defaultDataFile());
const [orders] = await ws.query<{ route_id: string }>(
  "select route_id from v_route_stats where method = 'POST' and path = '/v2/orders' order by requests_per_day desc limit 1",
);
const [storm] = await ws.query<{ key_id: string; consumer_id: string }>(
  'select key_id, consumer_id from traffic_daily group by all order by sum(throttled_429) desc, key_id limit 1',
);
const [top] = await ws.query<{ key_id: string }>(
  "select k.key_id from keys k join v_blast_score b on b.target_type = 'key' and b.target_id = k.key_id where k.environment = 'production' order by b.score desc limit 1",
);
ws.close();
const server = await startConsoleServer();
const refused = await liveCalls(server.baseUrl);
const rolled = await auditedChanges(server, storm?.key_id ?? '');
const hooks = await webhookDeliveries(server);
const only = process.env.SHOTS?.split(',');
const browser = await launchBrowser();
try {
  for (const shot of shots.filter((s) => !only || only.includes(s.name))) {
    const page = await browser.newPage({
      viewport: { width: shot.width, height: shot.width < 600 ? 844 : 900 },
      colorScheme: shot.scheme,
    });
    const path = shot.path
      .replace('{orders}', orders?.route_id ?? '')
      .replace('{storm}', storm?.key_id ?? '')
      .replace('{throttled}', storm?.consumer_id ?? '')
      .replace('{refused}', refused)
      .replace('{top}', top?.key_id ?? '')
      .replace('{rolled}', rolled)
      .replace('{endpoint}', hooks.endpointId);
    await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
    await shot.act?.(page);
    const file = `docs/screenshots/${shot.name}.png`;
    await page.screenshot({ path: file, fullPage: !shot.screenOnly });
    console.log(`wrote ${file}`);
    await page.close();
  }
} finally {
  await browser.close();
  await stopConsoleServer(server);
  await hooks.close();
}
