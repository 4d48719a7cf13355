// @estate-console/mocks as a frontend team on msw 3 installs it: the packed tarball in a scratch
// project (with msw, vitest, vite and typescript from the registry), then the README's examples
// run verbatim: vitest, Node's test runner, strict and loose tsc, and a Vite app in Chromium. On
// the system's Node 20 the same project fails at import with a message that says what to change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserAvailable, launchBrowser } from '../../../harness/browser.ts';
import { apiUsage, checkTs, indexHtml, looseTsconfig, strictTsconfig } from './consumer-files.ts';
import { createConsumer, registryAvailable, rootVersion, systemNode20, type Consumer } from './consumer.ts';
import { readmeFiles } from './readme.ts';

const online = await registryAvailable();
const examples = readmeFiles();

/** How many tests the README's examples of one kind declare (`it(` or `test(` at line start). */
const declared = (pattern: RegExp, test: RegExp) =>
  [...examples]
    .filter(([path]) => pattern.test(path))
    .reduce((n, [, code]) => n + (code.match(test)?.length ?? 0), 0);

describe.skipIf(!online)('a consumer on msw 3 (Node 24)', () => {
  let consumer: Consumer;
  const node = process.execPath;

  beforeAll(async () => {
    consumer = await createConsumer('msw3', {
      '@estate-console/mocks': `file:${inject('mocksPacked').tarball}`,
      msw: rootVersion('msw'),
      typescript: rootVersion('typescript'),
      vite: rootVersion('vite'),
      vitest: rootVersion('vitest'),
    });
    for (const [path, code] of examples) consumer.write(path, code);
    consumer.write('src/api-usage.ts', apiUsage);
    consumer.write('src/check.ts', checkTs);
    consumer.write('index.html', indexHtml);
    const app = { include: ['src', 'vitest.setup.ts'] };
    const types = ['vite/client'];
    for (const [name, { compilerOptions }] of Object.entries({
      strict: strictTsconfig,
      loose: looseTsconfig,
    })) {
      consumer.write(
        `tsconfig.${name}.json`,
        JSON.stringify({ compilerOptions: { ...compilerOptions, types }, ...app }),
      );
    }
  });
  afterAll(() => consumer?.remove());

  it("passes the README's vitest setup and tests", async () => {
    // plain `vitest run`, as a user runs it: the Node test runner's example must not be collected
    const args = ['run', '--reporter=json', '--outputFile=vitest-report.json'];
    const run = await consumer.run(node, ['node_modules/vitest/vitest.mjs', ...args]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(consumer.dir, 'vitest-report.json'), 'utf8')) as {
      numPassedTests: number;
    };
    expect(report.numPassedTests).toBe(declared(/\.test\.ts$/, /^it\(/gm));
  });

  it("passes the README's script on Node's test runner", async () => {
    const run = await consumer.run(node, ['--test', 'test/orders.node-test.mjs']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const passed = Number(/^[#ℹ] pass (\d+)$/m.exec(run.stdout)?.[1]);
    expect(passed).toBe(declared(/\.node-test\.mjs$/, /^test\(/gm));
  });

  it.each(['strict', 'loose'])('compiles with tsc --noEmit under %s settings', async (name) => {
    const run = await consumer.run(node, ['node_modules/typescript/bin/tsc', '-p', `tsconfig.${name}.json`]);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  const node20 = systemNode20();
  it.skipIf(!node20)('refuses to start on Node 20, saying what to change', async () => {
    const run = await consumer.run(node20 ?? '', ['--test', 'test/orders.node-test.mjs']);
    const output = run.stdout + run.stderr;
    expect(run.code).not.toBe(0);
    expect(output).toContain('msw 3 needs Node 22.12.0 or later; this is Node 20.');
    expect(output).toContain('msw@^2.15.0');
    expect(output).not.toContain('withResolvers');
  });

  describe.skipIf(!browserAvailable())('a Vite app with the browser entry, in Chromium', () => {
    it('answers POST /v2/orders from the service worker', async () => {
      const init = await consumer.run('npx', ['msw', 'init', 'public', '--save']);
      expect(init.code, init.stdout + init.stderr).toBe(0);
      const worker = readFileSync(join(consumer.dir, 'public/mockServiceWorker.js'), 'utf8');
      expect(worker).toContain(`PACKAGE_VERSION = '${rootVersion('msw')}'`);
      const vite = await consumer.start(
        node,
        ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', '0'],
        /(http:\/\/127\.0\.0\.1:\d+)\//,
      );
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(vite.url);
        const body = page.locator('body[data-status]');
        await body.waitFor({ state: 'attached', timeout: 60_000 });
        expect(errors).toEqual([]);
        expect(await body.getAttribute('data-status')).toBe('201');
        expect(await body.getAttribute('data-controlled')).toBe('true');
        expect(await body.getAttribute('data-ratelimit')).toMatch(/^"rpm";r=59;t=\d+$/);
        expect(JSON.parse((await body.getAttribute('data-body')) ?? '')).toMatchObject({
          id: expect.stringMatching(/^ord_/) as unknown,
          livemode: false,
        });
      } finally {
        await browser.close();
        await vite.stop();
      }
    });

    it('answers from the service worker in a built app (vite build --mode demo, vite preview)', async () => {
      const build = await consumer.run(node, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'demo']);
      expect(build.code, build.stdout + build.stderr).toBe(0);
      const preview = await consumer.start(
        node,
        ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', '0'],
        /(http:\/\/127\.0\.0\.1:\d+)\//,
      );
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        await page.goto(preview.url);
        const body = page.locator('body[data-status]');
        await body.waitFor({ state: 'attached', timeout: 60_000 });
        expect(await body.getAttribute('data-status')).toBe('201');
        expect(await body.getAttribute('data-controlled')).toBe('true');
      } finally {
        await browser.close();
        await preview.stop();
      }
    });
  });
});
