// The request log's files: NDJSON segments named after the seq of their first line, appended a
// batch at a time and deleted oldest first to stay under a size cap. Writes are not synced: a
// batch reaches the page cache within `flushMs`, which survives the process (kill -9) but not the
// machine; docs/decisions.md, "Request log", says why that is enough for a log.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  write,
} from 'node:fs';
import { join } from 'node:path';
import { scanLines } from '../../src/node/file-lines.ts';

/** One segment file: its number (older is lower), first seq, descriptor and sizes. */
export interface Segment {
  no: number;
  firstSeq: number;
  path: string;
  fd: number;
  /** Bytes on disk (written and acknowledged by the OS). */
  written: number;
  /** Bytes on disk plus bytes waiting to be written. */
  size: number;
}

const namePattern = /^requests-(\d{12})\.ndjson$/;

/** The file name of a segment whose first line has `seq`. */
export function segmentName(seq: number): string {
  return `requests-${String(seq).padStart(12, '0')}.ndjson`;
}

/** The segment files in `dir`, oldest first, with their first seqs. */
export function listSegments(dir: string): { path: string; firstSeq: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => ({ name, match: namePattern.exec(name) }))
    .filter((f) => f.match !== null)
    .map((f) => ({ path: join(dir, f.name), firstSeq: Number(f.match?.[1]) }))
    .sort((a, b) => a.firstSeq - b.firstSeq);
}

/**
 * Calls `visit` with each complete line of a segment and where it lies, then cuts a torn last line
 * (a crash mid-write) so appends start on a line of their own. Returns the file's length after.
 */
export function replaySegment(path: string, visit: (line: Buffer, offset: number) => void): number {
  const end = scanLines(path, visit);
  if (statSync(path).size > end) truncateSync(path, end);
  return end;
}

/** Opens (creating) a segment for appending and reading; `size` is its replayed length. */
export function openSegment(path: string, no: number, firstSeq: number, size = 0): Segment {
  return { no, firstSeq, path, fd: openSync(path, 'a+'), written: size, size };
}

/** The path of a new segment in `dir` whose first line will have `seq`. */
export function newSegmentPath(dir: string, seq: number): string {
  mkdirSync(dir, { recursive: true });
  return join(dir, segmentName(seq));
}

/** Reads `length` bytes at `offset` of a segment, or null when they are not all on disk. */
export function readEntry(segment: Segment, offset: number, length: number): string | null {
  if (offset + length > segment.written) return null;
  const bytes = Buffer.allocUnsafe(length);
  return readSync(segment.fd, bytes, 0, length, offset) === length ? bytes.toString('utf8') : null;
}

/**
 * Appends lines, each with its newline (`bytes` in all, as UTF-8), to a segment: one write on the
 * libuv pool. They are encoded into `scratch` when they fit (the caller has one write in flight per
 * scratch buffer), so a busy batch makes no string or buffer of its size for the collector to copy
 * or promote. `done` gets the error, if any.
 */
export function appendLines(
  segment: Segment,
  lines: string[],
  bytes: number,
  scratch: Buffer,
  done: (error: Error | null) => void,
): void {
  const data = bytes <= scratch.length ? scratch : Buffer.allocUnsafe(bytes);
  let end = 0;
  for (const line of lines) {
    end += data.write(line, end);
    data[end++] = 0x0a;
  }
  write(segment.fd, data, 0, end, null, (error, wrote) => {
    if (error === null && wrote === bytes) {
      segment.written += bytes;
      done(null);
    } else done(error ?? new Error(`request log write stopped after ${wrote} of ${bytes} bytes`));
  });
}

/** Closes a segment's descriptor; its file stays. */
export function closeSegment(segment: Segment): void {
  closeSync(segment.fd);
}

/** Closes a segment's descriptor and deletes its file. */
export function deleteSegment(segment: Segment): void {
  closeSegment(segment);
  rmSync(segment.path, { force: true });
}
