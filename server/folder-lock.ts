// One Orders API process per orders folder, held by a listening unix socket that the kernel closes
// when the process ends, however it ends (kill -9 included). Nothing names a pid, so neither a
// reused pid nor a container's PID 1 can make a dead holder look alive. On Linux the socket lives
// in the abstract namespace, named after the folder's device and inode (so every path to the
// folder maps to one lock) and leaves nothing behind; elsewhere it is `.lock.sock` in the folder,
// and a socket file nobody answers on is a crashed holder's, removed and taken over. A second
// process asks the holder for its pid, to name it in the refusal.
import { createHash } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/** The socket address that stands for `dir`. */
export function lockAddress(dir: string): string {
  if (process.platform !== 'linux') return join(dir, '.lock.sock');
  const { dev, ino } = statSync(dir);
  const id = createHash('sha256').update(`${dev}:${ino}`).digest('hex').slice(0, 32);
  return `\0estate-orders-lock-${id}`;
}

/** Listens on `address`; resolves null once listening, or the error (EADDRINUSE: held). */
function listen(server: Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((done) => {
    server.once('error', done);
    server.listen({ path: address, exclusive: true }, () => {
      server.removeListener('error', done);
      done(null);
    });
  });
}

/** The pid the holder of `address` answers with, or null if nobody answers (a stale socket file). */
function askHolder(address: string): Promise<number | null> {
  return new Promise((done) => {
    let reply = '';
    const socket = connect({ path: address });
    socket.setEncoding('utf8');
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', () => done(null));
    socket.on('close', () => done(/^\d+\n$/.test(reply) ? Number(reply) : null));
  });
}

/** The message a second process gets for a folder `holder` holds. */
const inUse = (dir: string, holder: number) =>
  `${dir} is in use by process ${holder}: one Orders API process per orders folder`;

/**
 * Why `dir` cannot be taken now (another live process holds it, named), or null: a check before
 * slow work (`npm start` builds for 20 s), without taking the lock. A folder not yet made is free.
 */
export async function folderRefusal(dir: string): Promise<string | null> {
  if (!existsSync(dir)) return null;
  const holder = await askHolder(lockAddress(dir));
  return holder === null ? null : inUse(dir, holder);
}

/**
 * Takes the orders folder for this process, or throws naming the process that holds it: two writers
 * would split rate limits and idempotency records, and one's torn-tail repair could cut the other's
 * batch. Returns the release.
 */
export async function lockFolder(dir: string): Promise<() => void> {
  const address = lockAddress(dir);
  for (let attempt = 1; ; attempt++) {
    const server = createServer((socket) => socket.end(`${process.pid}\n`));
    const error = await listen(server, address);
    if (error === null) {
      // The lock must not keep the process alive, and the pid files of older versions mean nothing.
      server.unref();
      rmSync(join(dir, '.lock'), { force: true });
      return () => void server.close();
    }
    if (error.code !== 'EADDRINUSE' || attempt === 3) throw error;
    const holder = await askHolder(address);
    if (holder !== null) throw new Error(inUse(dir, holder));
    // Nobody answers: the holder was just closing (try again), or left a socket file when it crashed.
    if (process.platform !== 'linux') rmSync(address, { force: true });
  }
}
