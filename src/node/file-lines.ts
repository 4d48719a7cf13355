// The complete lines of an append-only file (the orders journal, the issued-keys file), read from an
// offset a chunk at a time, never whole: a line still being written at the end is left for later.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Bytes read at a time. */
export const defaultChunkBytes = 1 << 20;

/**
 * Calls `visit` with every complete line of `file` from byte `from` on, oldest first, as bytes (a
 * view that the next chunk overwrites) and its offset. Returns where the complete lines end.
 */
export function scanLines(
  file: string,
  visit: (line: Buffer, offset: number) => void,
  from = 0,
  chunkBytes = defaultChunkBytes,
): number {
  const fd = openSync(file, 'r');
  try {
    // No larger than what is there to read: a few new lines need no megabyte.
    let buffer = Buffer.allocUnsafe(Math.max(1, Math.min(chunkBytes, fstatSync(fd).size - from)));
    let held = 0; // bytes at the start of `buffer` that belong to a line not yet complete
    let heldAt = from; // the file offset of buffer[0]
    for (;;) {
      if (held === buffer.length) {
        // One line longer than the buffer: make room for the rest of it.
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger);
        buffer = larger;
      }
      const read = readSync(fd, buffer, held, buffer.length - held, heldAt + held);
      if (read === 0) return heldAt;
      const chunk = buffer.subarray(0, held + read);
      let start = 0;
      for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
        visit(chunk.subarray(start, newline), heldAt + start);
        start = newline + 1;
      }
      chunk.copy(buffer, 0, start);
      held = chunk.length - start;
      heldAt += start;
    }
  } finally {
    closeSync(fd);
  }
}
