// One Orders API process per orders folder: a second opener is refused with the holder named, and a
// lock left by a process that died (kill -9) is taken over.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalOrderStore } from '../../server/order-journal.ts';

describe('the orders folder lock', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'estate-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second store on the same folder, naming the holder, until the first closes', async () => {
    const first = await JournalOrderStore.open(dir);
    await expect(JournalOrderStore.open(dir)).rejects.toThrow(`in use by process ${process.pid}`);
    await first.close();
    const second = await JournalOrderStore.open(dir);
    await second.close();
  });

  it('takes over a lock whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(join(dir, '.lock'), `${gone.stdout}\n`);
    const store = await JournalOrderStore.open(dir);
    await store.close();
  });
});
