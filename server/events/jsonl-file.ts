// A small append-only JSON-lines file (raised events, webhook endpoints, delivery attempts): read
// whole at start, a torn last line (kill -9 mid-write) cut off, then appended, whole lines per write,
// synced (O_SYNC) when the caller's answer depends on it, or left to the page cache when a lost
// line only means a repeated delivery (at least once).
import { existsSync, statSync, truncateSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { scanLines } from '../../src/node/file-lines.ts';

/**
 * Appends JSON lines to one file, in call order: lines appended while a write is in flight go out
 * together in the next write (one syscall, and one sync for a synced file, for all of them).
 */
export class JsonlFile {
  private readonly handle: FileHandle;
  private tail: Promise<unknown> = Promise.resolve();
  /** Lines waiting for the next write, and that write (null: none is waiting to start). */
  private lines: string[] = [];
  private next: Promise<unknown> | null = null;

  private constructor(handle: FileHandle) {
    this.handle = handle;
  }

  /**
   * Reads every complete line of `path` (parsed; unreadable ones skipped), cuts a torn tail, and
   * opens it for appends; `synced`: each append returns only once on disk.
   */
  static async open<T>(path: string, synced: boolean, visit: (value: T) => void): Promise<JsonlFile> {
    if (existsSync(path)) {
      const end = scanLines(path, (line) => {
        try {
          visit(JSON.parse(line.toString('utf8')) as T);
        } catch {
          // A line damaged by something other than a crash: skipped, as the journal skips them.
        }
      });
      if (statSync(path).size > end) truncateSync(path, end);
    }
    return new JsonlFile(await open(path, synced ? 'as' : 'a'));
  }

  /** Appends one value as a line; resolves once written (and synced, if the file is). */
  append(value: unknown): Promise<void> {
    this.lines.push(JSON.stringify(value) + '\n');
    if (this.next === null) {
      this.next = this.tail.then(() => {
        const text = this.lines.join('');
        this.lines = [];
        this.next = null;
        return this.handle.write(text);
      });
      this.tail = this.next.catch(() => undefined);
    }
    return this.next.then(() => undefined);
  }

  /** Waits for pending appends, then closes the file. */
  async close(): Promise<void> {
    await this.tail;
    await this.handle.close();
  }
}
