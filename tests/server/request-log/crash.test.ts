// kill -9 while the log is being written: every entry on disk before the kill is there after a
// restart, intact and in order, and the log still respects its size cap.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { FileRequestLog } from '../../../server/request-log/file-log.ts';
import { record } from './records.ts';

/** Runs crash-writer.ts, kills it with SIGKILL right after its checkpoint, and waits for it to die. */
async function writeThenKill(dir: string, checkpoint: number, maxBytes: number): Promise<void> {
  const child = spawn(
    process.execPath,
    ['tests/server/request-log/crash-writer.ts', dir, String(checkpoint), String(maxBytes)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise((done) => child.once('exit', done));
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('checkpoint')) break;
  }
  child.kill('SIGKILL');
  await exited;
}

describe('the request log through kill -9', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every entry written before the kill, in order, and starts again', async () => {
    dir = mkdtempSync(join(tmpdir(), 'estate-request-crash-'));
    await writeThenKill(dir, 2000, 64 << 20);
    const log = await FileRequestLog.open({ dir, maxBytes: 64 << 20 });
    const { rows, matched } = await log.page({ limit: 1_000_000 });
    expect(matched).toBeGreaterThanOrEqual(2000);
    const oldestFirst = rows.reverse();
    // The first 2000 were on disk at the checkpoint; whatever followed is a prefix of what was sent.
    oldestFirst.forEach((row, i) => expect(row).toEqual({ seq: i + 1, ...record(i) }));
    log.append(record(-1));
    expect((await log.page({ limit: 1 })).rows[0]?.seq).toBe(matched + 1);
    await log.close();
  });

  it('respects its cap across the crash', async () => {
    dir = mkdtempSync(join(tmpdir(), 'estate-request-crash-'));
    const cap = 256 * 1024;
    await writeThenKill(dir, 5000, cap);
    const log = await FileRequestLog.open({ dir, maxBytes: cap, segmentBytes: 64 * 1024 });
    const bytes = readdirSync(dir)
      .filter((f) => f.endsWith('.ndjson'))
      .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
    // The cap is applied at start, a whole segment at a time.
    expect(bytes).toBeLessThanOrEqual(cap);
    const { rows } = await log.page({ limit: 1_000_000 });
    const oldestFirst = rows.reverse();
    const first = Number(oldestFirst[0]?.request_id.slice(4));
    oldestFirst.forEach((row, i) => expect(row.request_id).toBe(record(first + i).request_id));
    await log.close();
  });
});
