// Management writes per second: 8 concurrent callers, each change previewed then applied (two
// requests per write), issuing keys for a few seconds. Measured on the production server over HTTP
// on its embedded journal (one fsync'd line per change), and as a baseline in this process on the
// in-memory store (no HTTP, no disk) in the same run; the ratio is what HTTP and durability cost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handleManage } from '../../src/manage/handler.ts';
import type { ManageDeps } from '../../src/manage/deps.ts';
import { MemoryManageStore } from '../../src/manage/ledger.ts';
import { startServer } from '../../server/server.ts';
import { emptyManageReference } from '../../server/manage/seed.ts';
import { manageDeps, openJournalManage, sha256Text } from '../../server/manage/runtime.ts';
import { managementKey } from '../../harness/management-key.ts';
import type { BenchSuite } from '../run.ts';
import { benchServerFiles } from '../workspace-copy.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const callers = 8;

/** A write: preview then apply; resolves true when applied. */
type Write = (body: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>;

/** Applied writes per second from `callers` loops of preview-then-apply for `seconds`. */
async function writesPerSecond(send: Write): Promise<number> {
  let applied = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, i) => {
      while (performance.now() < until) {
        const preview = await send({ name: `bench ${i}`, dry_run: true });
        const done = await send({ name: `bench ${i}`, preview_token: preview.body.preview_token });
        if (done.status === 201) applied++;
      }
    }),
  );
  return applied / seconds;
}

/** In this process, on the in-memory store. */
async function inMemory(): Promise<number> {
  const store = new MemoryManageStore(emptyManageReference().seed, sha256Text);
  const deps: ManageDeps = manageDeps(store, emptyManageReference(), 'bench');
  const token = await managementKey(deps);
  return writesPerSecond(async (body) => {
    const res = await handleManage(
      {
        method: 'POST',
        path: '/manage/v1/keys',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        sourceAddress: null,
        crossSite: null,
      },
      deps,
    );
    return { status: res.status, body: JSON.parse(res.body) as Record<string, unknown> };
  });
}

/** On the production server, over HTTP, on the embedded journal. */
async function overHttp(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-manage-'));
  try {
    const files = await benchServerFiles(null, dir);
    const local = openJournalManage(files.issuedKeysFile, emptyManageReference());
    const token = await managementKey(local.deps);
    await local.store.close();
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      console: false,
      api: { ...files, requestLog: { off: true } },
    });
    try {
      return await writesPerSecond(async (body) => {
        const res = await fetch(`http://127.0.0.1:${server.port}/manage/v1/keys`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      });
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The suite. */
export const suite: BenchSuite = {
  name: 'Management writes (preview + apply, 8 callers)',
  async run() {
    const baseline = await inMemory();
    const server = await overHttp();
    console.log('| target                                   | writes/s | vs in-memory |');
    console.log('| ---------------------------------------- | -------: | -----------: |');
    console.log(
      `| in-memory store, in process (baseline)   | ${baseline.toFixed(0).padStart(8)} |        1.00× |`,
    );
    console.log(
      `| production server, embedded journal     | ${server.toFixed(0).padStart(8)} | ${(server / baseline).toFixed(2).padStart(11)}× |`,
    );
  },
};
