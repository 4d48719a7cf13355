// @estate-console/mocks on msw 2 and the system's Node 20, the oldest pair it supports: npm on
// Node 20 installs the packed tarball with msw 2.15 without an engine warning, the README's Node
// test runner example passes on Node 20, its `onUnhandledFrame: 'error'` keeps unmocked requests
// off the network on msw 2 too, and the package's types compile against msw 2's.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiUsage, strictTsconfig } from './consumer-files.ts';
import { createConsumer, registryAvailable, systemNode20, type Consumer } from './consumer.ts';
import { readmeFiles } from './readme.ts';
import { unhandledTest } from './consumer-files.ts';

const online = await registryAvailable();
const node20 = online ? systemNode20() : undefined;
const nodeTest = readmeFiles().get('test/orders.node-test.mjs') ?? '';

describe.skipIf(!node20)('a consumer on msw 2 and Node 20', () => {
  let consumer: Consumer;

  beforeAll(async () => {
    const tarball = inject('mocksPacked').tarball;
    consumer = await createConsumer(
      'msw2',
      { '@estate-console/mocks': `file:${tarball}`, msw: '2.15.0' },
      node20,
    );
    consumer.write('test/orders.node-test.mjs', nodeTest);
    consumer.write('test/unhandled.node-test.mjs', unhandledTest);
    consumer.write('src/api-usage.ts', apiUsage);
    const compilerOptions = { ...strictTsconfig.compilerOptions, types: [] };
    consumer.write('tsconfig.json', JSON.stringify({ compilerOptions, include: ['src'] }));
  });
  afterAll(() => consumer?.remove());

  it('installs on Node 20 without an engine warning', () => {
    expect(consumer.installLog).not.toMatch(/EBADENGINE/);
  });

  it("passes the README's script on Node's test runner, on Node 20", async () => {
    const run = await consumer.run(node20 ?? '', ['--test', 'test/orders.node-test.mjs']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(Number(/^# pass (\d+)$/m.exec(run.stdout)?.[1])).toBe(nodeTest.match(/^test\(/gm)?.length);
  });

  it("keeps an unmocked request off the network with the README's onUnhandledFrame: 'error'", async () => {
    const run = await consumer.run(node20 ?? '', ['--test', 'test/unhandled.node-test.mjs']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });

  it("compiles against msw 2's types with tsc --noEmit, strict", async () => {
    // the repo's TypeScript: the consumer has only the package and msw
    const run = await consumer.run(process.execPath, [
      `${process.cwd()}/node_modules/typescript/bin/tsc`,
      '-p',
      '.',
    ]);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});
