// The management secret: made whole once beside the journal and read by every process after; an
// empty one (emptied by hand) is refused rather than signing with an empty key, and audit:verify
// takes it as no secret at all.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { existingSecret, previewSecret } from '../../../server/manage/runtime.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = {};

describe('the management secret', () => {
  it('is made once, owner-only, and read back the same', () => {
    const journal = join(dir, 'made.jsonl');
    expect(existingSecret(journal, env)).toBeNull();
    const made = previewSecret(journal, env);
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(previewSecret(journal, env)).toBe(made);
    expect(existingSecret(journal, env)).toBe(made);
    expect(statSync(`${journal}.secret`).mode & 0o777).toBe(0o600);
  });

  it('is refused when its file is empty, and is no secret to audit:verify', () => {
    const journal = join(dir, 'empty.jsonl');
    writeFileSync(`${journal}.secret`, '\n');
    expect(() => previewSecret(journal, env)).toThrow(/empty\.jsonl\.secret is empty: delete it/);
    expect(existingSecret(journal, env)).toBeNull();
  });

  it('is ESTATE_MANAGE_SECRET when set', () => {
    expect(previewSecret(join(dir, 'given.jsonl'), { ESTATE_MANAGE_SECRET: ' s3cret ' })).toBe('s3cret');
  });
});
