// The embedded request log on disk: it answers at once, survives a reopen with the same entries and
// seqs, stays under its cap by dropping the oldest segments, cuts a torn tail, and loses only the
// batch the disk refused.
import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileRequestLog } from '../../../server/request-log/file-log.ts';
import { record } from './records.ts';

/** Whether the log's next write fails (once); the writes asked for; writes held until released. */
const disk = vi.hoisted(() => ({
  failNext: false,
  writes: 0,
  held: null as (() => void)[] | null,
}));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  type Done = (error: NodeJS.ErrnoException | null, written: number) => void;
  const write = (fd: number, data: Buffer, at: number, length: number, position: null, done: Done) => {
    disk.writes++;
    const bytes = Buffer.from(data.subarray(at, at + length)); // the log may reuse its buffer once done
    if (disk.held !== null) return void disk.held.push(() => fs.write(fd, bytes, 0, length, position, done));
    if (!disk.failNext) return fs.write(fd, bytes, 0, length, position, done);
    disk.failNext = false;
    done(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }), 0);
  };
  return { ...fs, write };
});

const ids = (rows: { request_id: string }[]) => rows.map((r) => r.request_id);
const idsOf = (ns: number[]) => ns.map((n) => record(n).request_id);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('FileRequestLog', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'estate-request-log-'));
  });
  afterEach(() => {
    disk.failNext = false;
    disk.writes = 0;
    disk.held = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it('drops, quietly, what is appended after it closed (answers sent while the server stops)', async () => {
    const log = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    log.append(record(0));
    await log.close();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    log.append(record(1));
    await log.flushed();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    const reopened = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    expect(ids((await reopened.page({ limit: 10 })).rows)).toEqual(idsOf([0]));
    await reopened.close();
  });

  it('writes what was appended while it was closing before it closes its files', async () => {
    // A server stopping under load: answers keep coming while the first flush is in flight. They
    // were written to a closed file (EBADF, "could not write") and lost.
    const log = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    log.append(record(0));
    const closing = log.close();
    log.append(record(1));
    log.append(record(2));
    await closing;
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    const reopened = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    expect(ids((await reopened.page({ limit: 10 })).rows)).toEqual(idsOf([2, 1, 0]));
    await reopened.close();
  });

  it('shows an entry at once, on disk after flushing, and the same after a reopen', async () => {
    const log = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    for (const n of range(0, 25)) log.append(record(n));
    // Before any write: read back from the lines waiting in memory.
    const first = await log.page({ limit: 10 });
    expect(ids(first.rows)).toEqual(idsOf(range(15, 25).reverse()));
    expect(first).toMatchObject({ next: 16, matched: 25 });
    expect(await log.find(record(3).request_id)).toEqual({ seq: 4, ...record(3) });
    await log.flushed();
    expect(ids((await log.page({ limit: 10, before: 16 })).rows)).toEqual(idsOf(range(5, 15).reverse()));
    await log.close();

    const reopened = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    expect(await reopened.page({ limit: 30 })).toEqual(await pageOf(range(0, 25)));
    reopened.append(record(25));
    expect((await reopened.page({ limit: 1 })).rows[0]).toEqual({ seq: 26, ...record(25) });
    await reopened.close();
  });

  it('drops the oldest segments to stay under its cap, on disk and in the index', async () => {
    const line = JSON.stringify(record(0)).length + 1;
    const log = await FileRequestLog.open({ dir, maxBytes: line * 100, segmentBytes: line * 20 });
    for (const n of range(0, 500)) {
      log.append(record(n));
      if (n % 50 === 0) await log.flushed();
    }
    await log.flushed();
    const bytes = readdirSync(dir)
      .filter((f) => f.endsWith('.ndjson'))
      .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
    expect(bytes).toBeLessThanOrEqual(line * 100);
    const kept = await log.page({ limit: 1000 });
    expect(kept.matched).toBe(kept.rows.length);
    expect(kept.rows[0]?.seq).toBe(500);
    expect(kept.rows.length).toBeGreaterThanOrEqual(80);
    expect(await log.find(record(0).request_id)).toBeUndefined();
    await log.close();
    const reopened = await FileRequestLog.open({ dir, maxBytes: line * 100, segmentBytes: line * 20 });
    expect(await reopened.page({ limit: 1000 })).toEqual(kept);
    await reopened.close();
  });

  it('cuts a torn last line (a crash mid-write) and appends on a line of its own', async () => {
    const log = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    for (const n of range(0, 3)) log.append(record(n));
    await log.close();
    const [segment] = readdirSync(dir).filter((f) => f.endsWith('.ndjson'));
    appendFileSync(join(dir, segment ?? ''), '{"request_id":"req_torn","st');
    const reopened = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    reopened.append(record(3));
    await reopened.close();
    const again = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    expect(await again.page({ limit: 10 })).toEqual(await pageOf(range(0, 4)));
    await again.close();
  });

  it('writes what arrived during a write when its time comes, not as soon as that write returns', async () => {
    const log = await FileRequestLog.open({ dir, maxBytes: 1 << 20, flushMs: 60_000 });
    disk.held = [];
    log.append(record(0));
    const first = log.flushed();
    log.append(record(1));
    const [write] = disk.held;
    disk.held = null;
    write?.();
    await first;
    await new Promise((turn) => setImmediate(turn));
    expect(disk.writes).toBe(1);
    await log.flushed();
    expect(disk.writes).toBe(2);
    await log.close();
    const reopened = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    expect(ids((await reopened.page({ limit: 10 })).rows)).toEqual(idsOf([1, 0]));
    await reopened.close();
  });

  it('loses only the batch the disk refused, says so once, and keeps logging', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    log.append(record(0));
    await log.flushed();
    disk.failNext = true;
    log.append(record(1));
    await log.flushed();
    log.append(record(2));
    await log.close();
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
    const reopened = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
    expect(ids((await reopened.page({ limit: 10 })).rows)).toEqual(idsOf([2, 0]));
    await reopened.close();
  });
});

/** The page a log holding exactly records `ns` (seqs 1…) answers for `limit: 30`. */
async function pageOf(ns: number[]) {
  const rows = ns.map((n, i) => ({ seq: i + 1, ...record(n) })).reverse();
  return Promise.resolve({ rows, next: null, matched: ns.length });
}
