// Locks across processes, held by a listening unix socket that the kernel closes when its holder
// ends, however it ends (kill -9 included). Nothing names a pid, so neither a reused pid nor a
// container's PID 1 can make a dead holder look alive. On Linux the socket lives in the abstract
// namespace, named after the folder's device and inode (so every path to the folder maps to one
// lock) and leaves nothing behind; elsewhere it is a `.lock.sock` file in the folder, and a socket
// file nobody answers on is a crashed holder's, removed and taken over. The holder answers a knock
// with its pid, to be named in a refusal. Two uses: one Orders API process per orders folder
// (lockFolder, held for the process's life), and one writer at a time on a journal file
// (withFileLock, held for the few milliseconds of one append: the management journal).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { connect, createServer, Server } from 'node:net';
import { basename, dirname, join } from 'node:path';

/** The socket address that stands for `dir`, or for the file named `file` in it. */
export function lockAddress(dir: string, file?: string): string {
  if (process.platform !== 'linux')
    return join(dir, file === undefined ? '.lock.sock' : `.${file}.lock.sock`);
  const { dev, ino } = statSync(dir);
  const [kind, key] = file === undefined ? ['orders', `${dev}:${ino}`] : ['manage', `${dev}:${ino}:${file}`];
  const id = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `\0estate-${kind}-lock-${id}`;
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

/** Takes the lock at `address` once: its socket (not keeping the process alive), or the error. */
async function take(address: string): Promise<Server | NodeJS.ErrnoException> {
  const server = createServer((socket) => socket.end(`${process.pid}\n`));
  const error = await listen(server, address);
  if (error !== null) return error;
  server.unref();
  return server;
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
    const taken = await take(address);
    if (taken instanceof Server) {
      // The pid files of older versions mean nothing.
      rmSync(join(dir, '.lock'), { force: true });
      return () => void taken.close();
    }
    if (taken.code !== 'EADDRINUSE' || attempt === 3) throw taken;
    const holder = await askHolder(address);
    if (holder !== null) throw new Error(inUse(dir, holder));
    // Nobody answers: the holder was just closing (try again), or left a socket file when it crashed.
    if (process.platform !== 'linux') rmSync(address, { force: true });
  }
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Runs `work` holding the lock on `file` (its folder is made if missing); waits for another holder
 * at most `waitMs`, then throws `busy()`. Released before the next taker tries.
 */
export async function withFileLock<T>(
  file: string,
  work: () => T,
  busy: () => Error,
  waitMs = 10_000,
): Promise<T> {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const address = lockAddress(dir, basename(file));
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const taken = await take(address);
    if (taken instanceof Server) {
      try {
        return work();
      } finally {
        // Released before the next taker tries: a close still under way would refuse it.
        await new Promise((done) => taken.close(done));
        if (process.platform !== 'linux') rmSync(address, { force: true });
      }
    }
    if (taken.code !== 'EADDRINUSE') throw taken;
    if (Date.now() - started > waitMs) throw busy();
    await pause(Math.min(20, 1 + attempt));
  }
}

/** How many servers may mark one build as served at once. */
const servingSlots = 16;

/**
 * Marks the build folder `dir` as served by this process, in one of a few slots (several servers may
 * serve one build), until the process ends, however it ends; `npm start` asks before it rebuilds
 * (servedBy). A process that finds every slot taken serves unmarked. Returns the release.
 */
export async function markServed(dir: string): Promise<() => void> {
  if (!existsSync(dir)) return () => {};
  for (let slot = 0; slot < servingSlots; slot++) {
    const taken = await take(lockAddress(dir, `served-${slot}`));
    if (taken instanceof Server) return () => void taken.close();
  }
  return () => {};
}

/** The pid of a live process serving the build folder `dir` (markServed), or null. */
export async function servedBy(dir: string): Promise<number | null> {
  if (!existsSync(dir)) return null;
  for (let slot = 0; slot < servingSlots; slot++) {
    const holder = await askHolder(lockAddress(dir, `served-${slot}`));
    if (holder !== null) return holder;
  }
  return null;
}
