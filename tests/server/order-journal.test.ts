// The journal as a store, in process: orders gathered over several loop turns all reach disk, close
// waits for every one still gathering or in flight, and a reopened store reads them back. When the
// disk refuses a write, its batch is refused whole and cut off, and the next batch is stored.
import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isStoreUnavailable, type StoredOrder } from '../../src/api/orders/deps.ts';
import { journalFiles, readJournal } from '../../server/journal-read.ts';
import { groupCommit, JournalOrderStore } from '../../server/order-journal.ts';
import { disk, healDisk } from './faulty-fs.ts';

vi.mock('node:fs', async (original) => (await import('./faulty-fs.ts')).faultyFs(await original()));

const order = (n: number): StoredOrder => ({
  id: `ord_${String(n).padStart(6, '0')}`,
  customer: 'cus_a',
  lines: [{ sku: 'sku_a', qty: 1 + (n % 5) }],
  livemode: false,
  created_at: new Date(Date.UTC(2026, 10, 1, 0, 0, 0, n)).toISOString(),
  key_id: 'key_a',
  environment: 'sandbox',
  idempotency_key: n % 2 === 0 ? `idem-${n}` : null,
  request_sha256: n % 2 === 0 ? 'ab'.repeat(32) : null,
});

describe('JournalOrderStore', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'estate-journal-'));
  });
  afterEach(() => {
    healDisk();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a lone order without waiting for others to gather', async () => {
    const store = await JournalOrderStore.open(dir);
    await store.create(order(1));
    expect(store.get('ord_000001')).toEqual(order(1));
    expect(readJournal(dir)).toEqual([order(1)]);
    await store.close();
  });

  it('writes every order of a burst, whichever turn it arrived on', async () => {
    const store = await JournalOrderStore.open(dir);
    const created: Promise<void>[] = [];
    // Bursts on successive turns, smaller and larger than a batch's target.
    for (let turn = 0, n = 0; turn < 6; turn++) {
      for (let i = 0; i < groupCommit.batchTarget + turn * 3 - 10; i++)
        created.push(store.create(order(n++)));
      await new Promise((done) => setImmediate(done));
    }
    await Promise.all(created);
    expect(store.count()).toBe(created.length);
    // Each order reads back from its own place, whichever batch and lane wrote it.
    for (let n = 0; n < created.length; n++) expect(store.get(order(n).id)).toEqual(order(n));
    expect(readJournal(dir).map((o) => o.id)).toEqual(
      Array.from({ length: created.length }, (_, n) => order(n).id),
    );
    await store.close();
  });

  it('closes only after every order still gathering is on disk, and reopens with all of them', async () => {
    const store = await JournalOrderStore.open(dir);
    const created = Array.from({ length: 40 }, (_, n) => store.create(order(n)));
    await store.close();
    await Promise.all(created);
    const reopened = await JournalOrderStore.open(dir);
    expect(reopened.count()).toBe(40);
    expect(reopened.get('ord_000007')).toEqual(order(7));
    expect(readJournal(dir)).toEqual(Array.from({ length: 40 }, (_, n) => order(n)));
    for (let n = 0; n < 40; n++) expect(reopened.get(order(n).id)).toEqual(order(n));
    await reopened.close();
  });

  it('reads back lines with characters of every UTF-8 width, before and after a reopen', async () => {
    const wide = (n: number): StoredOrder => ({ ...order(n), customer: `cus_é€😀_${n}` });
    const store = await JournalOrderStore.open(dir);
    await Promise.all([0, 1, 2, 3].map((n) => store.create(wide(n))));
    for (const n of [0, 1, 2, 3]) expect(store.get(wide(n).id)).toEqual(wide(n));
    await store.close();
    const reopened = await JournalOrderStore.open(dir);
    for (const n of [0, 1, 2, 3]) expect(reopened.get(wide(n).id)).toEqual(wide(n));
    await reopened.close();
  });

  it('serves orders from a journal file that is no longer a lane (fewer lanes than before)', async () => {
    writeFileSync(join(dir, 'orders-7.ndjson'), `${JSON.stringify(order(70))}\n`);
    const store = await JournalOrderStore.open(dir);
    await store.create(order(1));
    expect(store.count()).toBe(2);
    expect(store.get(order(70).id)).toEqual(order(70));
    expect(store.get(order(1).id)).toEqual(order(1));
    await store.close();
    expect(readFileSync(join(dir, 'orders-7.ndjson'), 'utf8')).toBe(`${JSON.stringify(order(70))}\n`);
  });

  it.each(['full', 'fills-mid-batch', 'lands-then-fails'] as const)(
    'refuses a whole batch the disk refuses (%s), keeps none of it, and stores the next',
    async (refusal) => {
      const store = await JournalOrderStore.open(dir);
      await store.create(order(0));
      disk.next = refusal;
      const refused = Array.from({ length: 3 }, (_, n) => store.create(order(1 + n)));
      for (const create of refused) await expect(create).rejects.toThrow();
      expect(store.get(order(1).id)).toBeUndefined();
      await store.create(order(9));
      expect(store.count()).toBe(2);
      expect(store.get(order(9).id)).toEqual(order(9));
      await store.close();
      // Cut off, not torn: the journal is the two stored lines, whole, and they read back.
      const written = journalFiles(dir).map((file) => readFileSync(file, 'utf8'));
      for (const content of written) expect(content === '' || content.endsWith('\n')).toBe(true);
      expect(written.join('').split('\n').filter(Boolean).sort()).toEqual(
        [order(0), order(9)].map((o) => JSON.stringify(o)).sort(),
      );
      expect(readJournal(dir)).toEqual([order(0), order(9)]);
    },
  );

  it('answers a refused batch as a store that is out (503), not as a failure (500)', async () => {
    const store = await JournalOrderStore.open(dir);
    disk.next = 'full';
    const refused: unknown = await store.create(order(1)).catch((error: unknown) => error);
    expect(isStoreUnavailable(refused)).toBe(true);
    expect((refused as Error).cause).toMatchObject({ code: 'ENOSPC' });
    await store.close();
  });

  it('takes a lane whose refused batch cannot be cut off out of service, and serves from the other', async () => {
    const log: string[] = [];
    const store = await JournalOrderStore.open(dir, { probeMs: 60_000, log: (line) => log.push(line) });
    disk.cutFails = true;
    disk.next = 'lands-then-fails';
    await expect(store.create(order(1))).rejects.toSatisfy(isStoreUnavailable);
    disk.cutFails = false;
    await store.create(order(5));
    expect(store.get(order(5).id)).toEqual(order(5));
    expect(store.health()).toEqual({ ready: true, detail: '1 of 2 lanes in service' });
    expect(log).toEqual([
      expect.stringMatching(/^Orders journal: lane \d out of service: EIO: i\/o error, ftruncate/),
    ]);
    await store.close();
  });

  it('with every lane out: refuses at once as unavailable, logs each fault once, and takes lanes back once the disk works', async () => {
    const log: string[] = [];
    const store = await JournalOrderStore.open(dir, { probeMs: 20, log: (line) => log.push(line) });
    disk.blocked = true;
    // Each refused batch that cannot be cut off takes its lane out: two creates, two lanes.
    for (const n of [1, 2]) await expect(store.create(order(n))).rejects.toSatisfy(isStoreUnavailable);
    expect(store.health()).toMatchObject({ ready: false, detail: '0 of 2 lanes in service' });
    const refused: unknown = await store.create(order(3)).catch((error: unknown) => error);
    expect(isStoreUnavailable(refused) && refused.retryAfterSeconds).toBe(1);
    // Probes keep failing while the disk refuses, and say nothing more.
    await new Promise((done) => setTimeout(done, 100));
    expect(log).toHaveLength(2);
    expect(log.every((line) => /out of service: EPERM: operation not permitted, ftruncate/.test(line))).toBe(
      true,
    );

    healDisk();
    await vi.waitFor(() => expect(store.health().ready).toBe(true), { timeout: 5_000, interval: 20 });
    await vi.waitFor(() => expect(store.health().detail).toBe('2 of 2 lanes in service'), { timeout: 5_000 });
    await store.create(order(4));
    expect(store.get(order(4).id)).toEqual(order(4));
    expect(log.filter((line) => /back in service/.test(line))).toHaveLength(2);
    await store.close();
    // Cut back to what was acknowledged: only order 4 is on disk.
    expect(readJournal(dir)).toEqual([order(4)]);
  });

  it('never answers with another order than the one asked for, even if the file changed under it', async () => {
    const store = await JournalOrderStore.open(dir);
    await store.create(order(1));
    // Another order's line, of the same length, where order 1's was.
    for (const file of journalFiles(dir))
      writeFileSync(file, readFileSync(file, 'utf8').replace(order(1).id, order(2).id));
    expect(() => store.get(order(1).id)).toThrow('not where the index says');
    await store.close();
  });

  it('writes a backlog larger than the reused buffer of a lane as one batch, each order in its place', async () => {
    const store = await JournalOrderStore.open(dir);
    // 2,000 orders in one turn: one batch of several hundred KB.
    await Promise.all(Array.from({ length: 2000 }, (_, n) => store.create(order(n))));
    for (const n of [0, 999, 1999]) expect(store.get(order(n).id)).toEqual(order(n));
    await store.close();
    expect(readJournal(dir)).toHaveLength(2000);
  });

  it('closes once however often it is asked, and reads nothing after', async () => {
    const store = await JournalOrderStore.open(dir);
    await store.create(order(1));
    await store.close();
    // Files opened now take the descriptor numbers the journal gave back; a second close must not
    // close them again.
    const others = Array.from({ length: 4 }, (_, n) => openSync(join(dir, `other-${n}`), 'w'));
    await store.close();
    for (const fd of others) expect(() => fstatSync(fd)).not.toThrow();
    for (const fd of others) closeSync(fd);
    expect(() => store.get(order(1).id)).toThrow('closed');
    const reopened = await JournalOrderStore.open(dir);
    expect(reopened.get(order(1).id)).toEqual(order(1));
    await reopened.close();
  });
});
