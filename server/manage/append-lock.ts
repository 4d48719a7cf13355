// One writer at a time on the management journal, across processes (the server, the keys CLI,
// another server sharing the file): a listening unix socket named after the file, which the kernel
// frees when its holder ends, however it ends (kill -9 included), as server/folder-lock.ts does
// for the orders folder. Held only for the few milliseconds of one append.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { StoreUnavailableError } from '../../src/api/orders/deps.ts';

/** The socket address that stands for the journal `file`. */
function lockAddress(file: string): string {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  if (process.platform !== 'linux') return join(dir, `.${basename(file)}.lock.sock`);
  const { dev, ino } = statSync(dir);
  const id = createHash('sha256')
    .update(`${dev}:${ino}:${basename(file)}`)
    .digest('hex')
    .slice(0, 32);
  return `\0estate-manage-lock-${id}`;
}

function listen(server: Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((done) => {
    server.once('error', done);
    server.listen({ path: address, exclusive: true }, () => {
      server.removeListener('error', done);
      done(null);
    });
  });
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Runs `work` holding the journal's lock; waits for another holder at most `waitMs` (then 503). */
export async function withAppendLock<T>(file: string, work: () => T, waitMs = 10_000): Promise<T> {
  const address = lockAddress(file);
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const server = createServer((socket) => socket.destroy());
    const error = await listen(server, address);
    if (error === null) {
      server.unref();
      try {
        return work();
      } finally {
        // Released before the next taker tries: a close still under way would refuse it.
        await new Promise((done) => server.close(done));
        if (process.platform !== 'linux') rmSync(address, { force: true });
      }
    }
    if (error.code !== 'EADDRINUSE') throw error;
    if (Date.now() - started > waitMs)
      throw new StoreUnavailableError('the management journal is locked by another writer');
    await pause(Math.min(20, 1 + attempt));
  }
}
