// The files a consumer project has beside the README's examples: TypeScript settings a team might
// use (strict, and loose), a module that touches every export with its types, and a Vite page that
// sends POST /v2/orders once the README's browser setup has started the worker.

/** Every export of the package used with its declared types (compiled, never run). */
export const apiUsage = `import {
  acceptAnyKey,
  createMockApi,
  createOrdersHandlers,
  demoSandboxKey,
  demoWorld,
  handlers,
  mockApi,
  type KeyStore,
  type MockApiOptions,
  type OrderStore,
  type StoredOrder,
} from '@estate-console/mocks';
import { server } from '@estate-console/mocks/node';
import { worker } from '@estate-console/mocks/browser';
import type { HttpHandler } from 'msw';

const orders = new Map<string, StoredOrder>();
const store: OrderStore = {
  create: async (order) => {
    orders.set(order.id, order);
  },
  get: (id) => orders.get(id),
  count: () => orders.size,
  list: (query) => {
    const mine = [...orders.values()].filter((o) => o.environment === query.environment).reverse();
    return { orders: mine.slice(0, query.limit), hasMore: mine.length > query.limit };
  },
};
const keys: KeyStore = acceptAnyKey({ environment: 'production', scopes: ['orders:read'] });
const options: MockApiOptions = {
  world: demoWorld,
  keys,
  customers: 'any',
  skus: ['sku_tea'],
  rateLimit: false,
  quota: true,
  orders: store,
  clock: { now: () => Date.parse('2026-11-01T00:00:00Z') },
  ids: { orderId: () => 'ord_fixed' },
};
const seeded = createMockApi({ keys: [{ material: 'sk_test_x', rpm_budget: 5 }, { key_hash_sha256: 'ab' }] });
export const all: HttpHandler[] = [...handlers, ...createOrdersHandlers(createMockApi(options), 'https://a.test')];
server.use(...all, ...createOrdersHandlers(seeded));
export const started: Promise<unknown> = worker.start({ quiet: true });
export const key: string = demoSandboxKey();
export const reset: Promise<void> = mockApi.reset();
`;

/**
 * Strict settings, as a Vite template has them and stricter. Libraries' declarations are skipped,
 * as in that template: checking them means checking msw's and zod's (and type-fest's, 400 files),
 * 20 to 30 s here; ours are emitted by tsc from sources that compile under strict settings.
 */
export const strictTsconfig = {
  compilerOptions: {
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2023', 'dom', 'dom.iterable'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noPropertyAccessFromIndexSignature: true,
    noImplicitOverride: true,
    verbatimModuleSyntax: true,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    noEmit: true,
  },
};

/**
 * Loose settings with Node's own module resolution. msw's own declarations fail to check under
 * strict: false (TS2344 in msw 3's interceptor-source.d.ts, msw 2's define-network.d.mts).
 */
export const looseTsconfig = {
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2023', 'dom'],
    strict: false,
    noPropertyAccessFromIndexSignature: true,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    noEmit: true,
  },
};

/** The Vite page: loads ./src/check.ts. */
export const indexHtml = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>consumer</title></head>
  <body><script type="module" src="/src/check.ts"></script></body>
</html>
`;

/** Runs the README's src/main.ts (which starts the worker), then sends an order and shows the answer. */
export const checkTs = `import './main.ts';
import { demoSandboxKey } from '@estate-console/mocks';

const response = await fetch('/v2/orders', {
  method: 'POST',
  headers: { authorization: \`Bearer \${demoSandboxKey()}\`, 'content-type': 'application/json' },
  body: JSON.stringify({ customer: 'cus_furvw57w2s', lines: [{ sku: 'sku_mkrlbjoqr3', qty: 1 }] }),
});
document.body.dataset['controlled'] = String(navigator.serviceWorker.controller !== null);
document.body.dataset['ratelimit'] = response.headers.get('ratelimit') ?? '';
document.body.dataset['body'] = await response.text();
document.body.dataset['status'] = String(response.status);
`;

/**
 * A Node test-runner script: the README's listen options, then an unmocked request to a receiver
 * on 127.0.0.1 that the script starts itself; it must fail without reaching the receiver.
 */
export const unhandledTest = `import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { server } from '@estate-console/mocks/node';

let received = 0;
const receiver = createServer((_req, res) => {
  received++;
  res.end('reached the network');
});
before(async () => {
  await new Promise((done) => receiver.listen(0, '127.0.0.1', done));
  server.listen({ onUnhandledFrame: 'error' });
});
after(() => {
  server.close();
  receiver.close();
});

test('an unmocked request fails and never reaches the network', async () => {
  const url = \`http://127.0.0.1:\${receiver.address().port}/unmocked\`;
  await assert.rejects(fetch(url));
  assert.equal(received, 0);
});
`;
