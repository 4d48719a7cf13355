// The request log through `kill -9` under load, on the production server: every 201'd order is
// still in the journal, every complete log line is a whole record, the older entries a restart finds
// are the ones it keeps (byte for byte), and the log never outgrows its cap by more than the one
// segment being written (docs/decisions.md, "Request log").
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listSegments } from '../../../server/request-log/segments.ts';
import { journalFiles } from '../../../server/journal-read.ts';
import { post, validOrder } from '../../api/orders/contract-cases.ts';
import { fixtureWorld } from '../../../harness/fixture-world.ts';
import { fetchAnswer } from '../../api/orders/runners.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../../harness/fixture-workspace.ts';
import { killServer, spawnServer, type SpawnedServer } from '../../../harness/spawn-server.ts';
import { startLoad } from '../load.ts';

const capMb = 0.25;
const cap = capMb * 2 ** 20;
// FileRequestLog.open: an eighth of the cap, at least 64 KiB.
const segmentBytes = Math.max(2 ** 16, cap / 8);
const maxLineBytes = 4096;

let running: SpawnedServer | undefined;
let files: ServerFiles | undefined;
afterEach(async () => {
  if (running) await killServer(running, 'SIGKILL');
  running = undefined;
  if (files) rmSync(files.dir, { recursive: true, force: true });
});

/** Every segment's bytes, by file name. */
function snapshot(dir: string): Map<string, string> {
  return new Map(listSegments(dir).map((s) => [s.path, readFileSync(s.path, 'utf8')]));
}

/** The complete lines of a segment's text (a torn last line is not one). */
function completeLines(text: string): string[] {
  return text.split('\n').slice(0, -1);
}

function bytesOnDisk(dir: string): number {
  return readdirSync(dir).reduce((n, name) => n + statSync(join(dir, name)).size, 0);
}

describe('the request log through kill -9', () => {
  it('keeps every order, every older entry whole, and its size cap', async () => {
    files = await writeFixtureWorkspace(fixtureWorld);
    const requestsDir = join(files.dir, 'requests');
    const env = { ESTATE_REQUEST_LOG_MAX_MB: String(capMb), ESTATE_REQUEST_LOG_DIR: requestsDir };
    running = await spawnServer(files, { env });
    const { baseUrl } = running;
    const traffic = startLoad(() => fetchAnswer(`${baseUrl}/v2/orders`, post('fuzz', validOrder)), 16, {
      endOnFailure: true,
    });
    // Enough answers to fill the cap several times over, so the oldest segments have gone.
    await traffic.progress('1500 acknowledged orders', 1500);
    await killServer(running, 'SIGKILL');
    await traffic.stop();

    const crashed = snapshot(requestsDir);
    expect(crashed.size).toBeGreaterThan(1);
    expect(bytesOnDisk(requestsDir)).toBeLessThanOrEqual(cap + segmentBytes + maxLineBytes);
    for (const text of crashed.values())
      for (const line of completeLines(text)) expect(JSON.parse(line)).toHaveProperty('request_id');

    running = await spawnServer(files, { env });
    for (let i = 0; i < 5; i++)
      expect((await fetchAnswer(`${running.baseUrl}/v2/orders`, post('fuzz', validOrder))).status).toBe(201);
    await killServer(running, 'SIGTERM');
    running = undefined;

    const journaled = new Set(
      journalFiles(files.ordersDir).flatMap((file) =>
        completeLines(readFileSync(file, 'utf8')).map((line) => (JSON.parse(line) as { id: string }).id),
      ),
    );
    expect(traffic.acknowledged.filter((id) => !journaled.has(id))).toEqual([]);

    const after = snapshot(requestsDir);
    expect(bytesOnDisk(requestsDir)).toBeLessThanOrEqual(cap + segmentBytes + maxLineBytes);
    let kept = 0;
    for (const [path, text] of after) {
      for (const line of completeLines(text)) expect(JSON.parse(line)).toHaveProperty('request_id');
      expect(text.endsWith('\n')).toBe(true);
      const before = crashed.get(path);
      if (before === undefined) continue;
      const whole = completeLines(before).join('\n');
      expect(text.startsWith(whole)).toBe(true);
      kept += completeLines(before).length;
    }
    expect(kept).toBeGreaterThan(0);
  });
});
