// A small append-only JSON-lines file (raised events, webhook endpoints, delivery attempts): read
// whole at start, a torn last line (kill -9 mid-write) cut off, then appended one line per write,
// synced (O_SYNC) when the caller's answer depends on it, or left to the page cache when a lost
// line only means a repeated delivery (at least once).
import { existsSync, statSync, truncateSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { scanLines } from '../../src/node/file-lines.ts';

/** Appends JSON lines to one file, one write at a time, in call order. */
export class JsonlFile {
  private readonly handle: FileHandle;
  private tail: Promise<unknown> = Promise.resolve();

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
    const line = JSON.stringify(value) + '\n';
    const written = this.tail.then(() => this.handle.write(line));
    this.tail = written.catch(() => undefined);
    return written.then(() => undefined);
  }

  /** Waits for pending appends, then closes the file. */
  async close(): Promise<void> {
    await this.tail;
    await this.handle.close();
  }
}
