// A segment's appends: lines go to disk as UTF-8, each with its newline, whether they fit the
// caller's scratch buffer or not, and the segment counts the bytes written.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  appendLines,
  closeSegment,
  openSegment,
  type Segment,
} from '../../../server/request-log/segments.ts';

describe('appendLines', () => {
  let dir = '';
  let segment: Segment;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'estate-segments-'));
    segment = openSegment(join(dir, 'segment.ndjson'), 1, 1);
  });
  afterEach(() => {
    closeSegment(segment);
    rmSync(dir, { recursive: true, force: true });
  });

  const append = (lines: string[], scratch: Buffer) =>
    new Promise<Error | null>((done) => {
      const bytes = lines.reduce((n, line) => n + Buffer.byteLength(line) + 1, 0);
      appendLines(segment, lines, bytes, scratch, done);
    });

  it('writes lines that fit the scratch buffer, and lines that do not, in order', async () => {
    const scratch = Buffer.alloc(64);
    const small = ['{"a":1}', '{"path":"/v2/café"}'];
    const large = ['{"note":"' + 'x'.repeat(100) + '"}', '{"emoji":"🚚"}'];
    expect(await append(small, scratch)).toBeNull();
    expect(await append(large, scratch)).toBeNull();
    const text = [...small, ...large].map((line) => `${line}\n`).join('');
    expect(readFileSync(segment.path, 'utf8')).toBe(text);
    expect(segment.written).toBe(Buffer.byteLength(text));
  });
});
