// The issued-keys file on disk: appended in whole lines, followed a complete line at a time, so a
// reader (the API's key store, the console) never folds half a line.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appendIssuedKeysLines,
  issuedKeysFile,
  IssuedKeysReader,
  readIssuedKeys,
} from '../../src/node/issued-keys-file.ts';
import { formatIssuedKeysLine } from '../../src/lib/issued-keys.ts';
import { issuedLine, revokedLine } from '../helpers/issued-key-lines.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-issued-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const issued = issuedLine();
const revoked = revokedLine('key_a', 'a'.repeat(64), '2026-11-02T00:00:00.000Z');

describe('issuedKeysFile', () => {
  it('is ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl, as an absolute path', () => {
    expect(issuedKeysFile({ ESTATE_ISSUED_KEYS: '/x/keys.jsonl' })).toBe('/x/keys.jsonl');
    expect(issuedKeysFile({})).toBe(join(process.cwd(), 'data/issued-keys.jsonl'));
  });
});

describe('appendIssuedKeysLines', () => {
  it('creates the file (and its folder) readable by its owner only, and appends whole lines', () => {
    const file = join(dir, 'new', 'issued-keys.jsonl');
    appendIssuedKeysLines(file, [issued, revoked]);
    expect(readFileSync(file, 'utf8')).toBe(formatIssuedKeysLine(issued) + formatIssuedKeysLine(revoked));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('IssuedKeysReader', () => {
  it('has nothing to read while there is no file', () => {
    expect(new IssuedKeysReader(join(dir, 'none.jsonl')).catchUp()).toEqual([]);
    expect(readIssuedKeys(join(dir, 'none.jsonl')).all()).toEqual([]);
  });

  it('folds complete lines only, leaves a line still being written for later, and skips foreign lines', () => {
    const file = join(dir, 'follow.jsonl');
    const reader = new IssuedKeysReader(file);
    const revokedText = formatIssuedKeysLine(revoked);
    appendFileSync(file, `${formatIssuedKeysLine(issued)}not json\n${revokedText.slice(0, 20)}`);
    expect(reader.catchUp().map((k) => [k.key_id, k.revoked_at])).toEqual([['key_a', null]]);
    expect(reader.catchUp()).toEqual([]);
    appendFileSync(file, revokedText.slice(20));
    expect(reader.catchUp().map((k) => [k.key_id, k.revoked_at])).toEqual([['key_a', revoked.revoked_at]]);
    expect(readIssuedKeys(file).get('key_a')?.changes).toEqual([issued, revoked]);
  });
});
