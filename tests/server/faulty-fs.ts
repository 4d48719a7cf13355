// A node:fs whose writes and truncates fail on demand, for the journal's fault tests. Use with
//   vi.mock('node:fs', async (original) => (await import('./faulty-fs.ts')).faultyFs(await original()));
// and set `disk` from the test. It imports no node:fs itself, so the mock can wrap the real one.

/** What the journal's next write does instead of writing all of its batch (once), and what keeps failing. */
export const disk = {
  next: undefined as 'full' | 'fills-mid-batch' | 'lands-then-fails' | undefined,
  /** Every cut (ftruncate) fails with EIO while set. */
  cutFails: false,
  /** Every write and every cut fails with EPERM while set (a file made immutable under the server). */
  blocked: false,
};

/** Puts `disk` back to a disk that works. */
export function healDisk(): void {
  Object.assign(disk, { next: undefined, cutFails: false, blocked: false });
}

type Fs = typeof import('node:fs');
type Done = (error: NodeJS.ErrnoException | null, written: number) => void;

const failure = (code: string, text: string) => Object.assign(new Error(`${code}: ${text}`), { code });

/** node:fs with the journal files' `write` and `ftruncate` obeying `disk`; other files' writes pass. */
export function faultyFs(fs: Fs): Fs {
  const journalWrite = (
    fd: number,
    data: Buffer,
    offset: number,
    length: number,
    position: null,
    done: Done,
  ) => {
    const next = disk.next;
    disk.next = undefined;
    if (disk.blocked) done(failure('EPERM', 'operation not permitted, write'), 0);
    else if (next === 'full') done(failure('ENOSPC', 'no space left on device'), 0);
    else if (next === 'fills-mid-batch') fs.write(fd, data, offset, 10, position, done);
    // The bytes are appended, then the sync fails: the write reports an error after all.
    else if (next === 'lands-then-fails')
      fs.write(fd, data, offset, length, position, () => done(failure('EIO', 'i/o error, write'), 0));
    else fs.write(fd, data, offset, length, position, done);
  };
  // Only the journal's files (orders-N.ndjson) fail: the request log and the others write as ever.
  const journalFds = new Set<number>();
  const open = (path: string, ...rest: unknown[]) => {
    const done = rest.pop() as (error: NodeJS.ErrnoException | null, fd: number) => void;
    (fs.open as (...a: unknown[]) => void)(
      path,
      ...rest,
      (error: NodeJS.ErrnoException | null, fd: number) => {
        if (error === null && /orders-\d+\.ndjson$/.test(path)) journalFds.add(fd);
        done(error, fd);
      },
    );
  };
  const close = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
    journalFds.delete(fd);
    fs.close(fd, done);
  };
  const write = (...args: Parameters<typeof journalWrite>) =>
    journalFds.has(args[0]) ? journalWrite(...args) : (fs.write as (...a: unknown[]) => void)(...args);
  const ftruncate = (fd: number, length: number, done: (error: NodeJS.ErrnoException | null) => void) => {
    if (!journalFds.has(fd)) fs.ftruncate(fd, length, done);
    else if (disk.blocked) done(failure('EPERM', 'operation not permitted, ftruncate'));
    else if (disk.cutFails) done(failure('EIO', 'i/o error, ftruncate'));
    else fs.ftruncate(fd, length, done);
  };
  return { ...fs, open, close, write, ftruncate } as Fs;
}
