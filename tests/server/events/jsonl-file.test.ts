// The small JSON-lines files (events, endpoints, attempts): every line in call order, a torn tail
// cut at reopen, and lines appended while a write is in flight sent together in one write.
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JsonlFile } from '../../../server/events/jsonl-file.ts';

/** How many writes the files made. */
const counted = vi.hoisted(() => ({ writes: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof fs.open = async (...args) => {
    const handle = await fs.open(...args);
    const write = handle.write.bind(handle) as (...a: unknown[]) => Promise<unknown>;
    return Object.assign(handle, {
      write: (...a: unknown[]) => {
        counted.writes++;
        return write(...a);
      },
    });
  };
  return { ...fs, open };
});

describe('JsonlFile', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'estate-jsonl-'));
    counted.writes = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the lines appended while a write is in flight together, in call order', async () => {
    const path = join(dir, 'attempts.jsonl');
    const file = await JsonlFile.open(path, false, () => undefined);
    const first = file.append({ n: 0 });
    const rest = Array.from({ length: 99 }, (_, i) => file.append({ n: i + 1 }));
    await Promise.all([first, ...rest]);
    await file.close();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { n: number }).n)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
    // one write per append before; now the first, then everything that queued behind it
    expect(counted.writes).toBeLessThanOrEqual(2);
  });

  it('reads back every complete line and cuts a torn tail before appending', async () => {
    const path = join(dir, 'events.jsonl');
    appendFileSync(path, '{"n":1}\n{"n":2}\n{"n":');
    const seen: unknown[] = [];
    const file = await JsonlFile.open(path, true, (v) => seen.push(v));
    await file.append({ n: 3 });
    await file.close();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
  });
});
