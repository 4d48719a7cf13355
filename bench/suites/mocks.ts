// The mocks package's size budgets (issue 15): the packed tarball (≤ 200 KB) against msw's own
// tarball, and the browser entry as a consumer's Vite build bundles it (minified, gzip, msw left
// out; ≤ 60 KB) against msw's own browser entry bundled the same way in the same run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { packageDir, packMocks } from '../../harness/pack-mocks.ts';
import type { BenchSuite } from '../run.ts';

const tarballBudgetKb = 200;
const browserBudgetKb = 60;
const kb = (bytes: number) => bytes / 1024;

/** The packed size of an installed package (npm pack --dry-run, its scripts not run). */
function packedSize(dir: string): number {
  const result = spawnSync('npm', ['pack', dir, '--dry-run', '--json', '--ignore-scripts'], {
    encoding: 'utf8',
    cwd: tmpdir(),
  });
  const [report] = JSON.parse(result.stdout) as { size: number }[];
  if (!report) throw new Error(`npm pack --dry-run ${dir} reported nothing: ${result.stderr}`);
  return report.size;
}

/** Bundles `entry` as a consumer's Vite production build would (minified; `external` left out). */
async function bundle(entry: string, external: RegExp): Promise<Rolldown.OutputChunk> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['es'], fileName: 'entry' },
      rolldownOptions: { external: [external] },
    },
  })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
  const [first] = Array.isArray(output) ? output : [output];
  const chunk = first?.output.find((o): o is Rolldown.OutputChunk => o.type === 'chunk' && o.isEntry);
  if (!chunk) throw new Error(`no entry chunk for ${entry}`);
  return chunk;
}

/** The rendered bytes of a chunk by package (or "the contract and mocks" for our own files). */
function byPackage(chunk: Rolldown.OutputChunk): [string, number][] {
  const totals = new Map<string, number>();
  for (const [id, info] of Object.entries(chunk.modules)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? 'the contract and mocks';
    totals.set(name, (totals.get(name) ?? 0) + info.renderedLength);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** `npm run bench -- mocks`. */
export const suite: BenchSuite = {
  name: 'mocks package (@estate-console/mocks): sizes against their budgets',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'estate-mocks-bench-'));
    try {
      const packed = packMocks(dir);
      const mswTarball = packedSize(resolve('node_modules/msw'));
      console.log('| what | KB | budget KB | within | baseline | KB | ratio |');
      console.log('|---|---:|---:|---|---|---:|---:|');
      const row = (what: string, bytes: number, budget: number, baseline: string, base: number) =>
        console.log(
          `| ${what} | ${kb(bytes).toFixed(1)} | ${budget} | ${kb(bytes) <= budget ? 'yes' : 'NO'} | ` +
            `${baseline} | ${kb(base).toFixed(1)} | ${(bytes / base).toFixed(2)} |`,
        );
      row('packed tarball', packed.size, tarballBudgetKb, "msw's tarball", mswTarball);

      const ours = await bundle(join(packageDir, 'dist/mocks/browser.js'), /^msw(\/.*)?$/);
      const msw = await bundle(resolve('node_modules/msw/lib/browser/index.js'), /^$/);
      const gzip = (chunk: Rolldown.OutputChunk) => gzipSync(chunk.code).length;
      row('browser entry, gzip, msw excluded', gzip(ours), browserBudgetKb, "msw's browser entry", gzip(msw));

      console.log(
        `\nunpacked tarball ${kb(packed.unpackedSize).toFixed(1)} KB in ${packed.files.length} files`,
      );
      console.log(
        `browser entry minified ${kb(ours.code.length).toFixed(1)} KB; before minifying, by source:`,
      );
      for (const [name, bytes] of byPackage(ours)) console.log(`  ${name}: ${kb(bytes).toFixed(1)} KB`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
