// Signed audit lines: the server's and the CLI's stores sign each line's hash with the management
// secret, so an entry altered with the chain recomputed after it (which the chain alone cannot
// tell) is named, as is a signature stripped or made with another secret; lines from before
// signing still verify; audit:verify says how many entries it checked the signatures of.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { journalOperators, testBy } from '../../../harness/operators.ts';
import { JournalManageStore } from '../../../server/manage/journal-store.ts';
import { auditSigner, existingSecret, sha256Text } from '../../../server/manage/runtime.ts';
import { emptyManageReference } from '../../../server/manage/seed.ts';
import { verifyJournal } from '../../../server/manage/verify.ts';
import { LedgerOperatorDirectory } from '../../../server/operators/ledger-directory.ts';
import { addOperator, removeOperator } from '../../../server/operators/operators.ts';
import { chainText } from '../../../src/manage/audit.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

type Line = {
  prev: string;
  hash: string;
  sig?: string;
  entry: { id: string; seq: number };
  effects: unknown;
};
const read = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((text) => JSON.parse(text) as Line);
const write = (file: string, lines: Line[]) =>
  writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));

/** A journal with `count` changes, written as a server writes them (signed); returns its file. */
async function signedJournal(count: number): Promise<string> {
  const file = join(dir, `journal-${files++}.jsonl`);
  const operators = journalOperators(file);
  for (let i = 0; i < count; i++) await addOperator(operators, { name: `op ${i}`, role: 'admin' }, testBy);
  return file;
}

const signer = (file: string, unsignedThrough = 0) => ({
  sign: auditSigner(existingSecret(file) ?? ''),
  unsignedThrough,
});

describe('signed audit lines', () => {
  it('are what the server writes: every line signed, each signature verified', async () => {
    const file = await signedJournal(3);
    expect(read(file).map((line) => line.sig)).toEqual([
      expect.stringMatching(/^v1,[A-Za-z0-9_-]{43}$/),
      expect.stringMatching(/^v1,/),
      expect.stringMatching(/^v1,/),
    ]);
    expect(verifyJournal(file, sha256Text, signer(file))).toMatchObject({ ok: true, entries: 3, signed: 3 });
  });

  it('name an entry altered with the chain recomputed after it, which the chain alone cannot tell', async () => {
    const file = await signedJournal(4);
    const lines = read(file);
    const altered = lines[1] as Line;
    altered.entry = {
      ...altered.entry,
      actor: { type: 'cli', id: 'cli:someone', name: 'someone else' },
    } as Line['entry'];
    let prev = (lines[0] as Line).hash;
    for (const line of lines.slice(1)) {
      line.prev = prev;
      line.hash = sha256Text(chainText(prev, line.entry, line.effects));
      prev = line.hash;
    }
    write(file, lines);
    expect(verifyJournal(file, sha256Text)).toMatchObject({ ok: true });
    const report = verifyJournal(file, sha256Text, signer(file));
    expect(report).toMatchObject({ ok: false, entry_id: altered.entry.id, seq: 2 });
    expect(report.ok ? '' : report.problem).toContain('signature that does not match');
  });

  it('name a signature stripped after signed entries, and one made with another secret', async () => {
    const file = await signedJournal(3);
    const lines = read(file);
    delete (lines[2] as Line).sig;
    write(file, lines);
    const stripped = verifyJournal(file, sha256Text, signer(file));
    expect(stripped).toMatchObject({ ok: false, seq: 3 });
    expect(stripped.ok ? '' : stripped.problem).toContain('unsigned after signed entries');
    const other = verifyJournal(file, sha256Text, { sign: auditSigner('another secret') });
    expect(other).toMatchObject({ ok: false, seq: 1 });
  });

  it('still verify after lines from before signing, counting the signed ones', async () => {
    const file = join(dir, `journal-${files++}.jsonl`);
    const reference = emptyManageReference();
    const unsigned = new JournalManageStore(file, reference.seed, sha256Text);
    const before = new LedgerOperatorDirectory({
      store: unsigned,
      clock: { now: Date.now },
      blastOf: () => ({ score: 0, dependents: 0, requests_per_day: 0 }),
    });
    await addOperator(before, { name: 'before', role: 'admin' }, testBy);
    await addOperator(journalOperators(file), { name: 'after', role: 'admin' }, testBy);
    expect(read(file).map((line) => line.sig === undefined)).toEqual([true, false]);
    const strict = verifyJournal(file, sha256Text, signer(file));
    expect(strict).toMatchObject({ ok: false, seq: 1 });
    expect(strict.ok ? '' : strict.problem).toContain('--unsigned-through');
    expect(verifyJournal(file, sha256Text, signer(file, 1))).toMatchObject({
      ok: true,
      entries: 2,
      signed: 1,
    });
    const cli = spawnSync(process.execPath, ['scripts/manage/verify.ts', file, '--unsigned-through', '1'], {
      env: { ...process.env, DATABASE_URL: '', ESTATE_MANAGE_SECRET: '' },
      encoding: 'utf8',
    });
    expect(cli.stdout).toMatch(
      /2 audit entries, chain verified \(head [0-9a-f]{16}…\); entries 1–1 unsigned \(accepted: --unsigned-through\), the other 1 signed, signatures verified/,
    );
  });

  it('name every entry of a signed journal whose signatures were all stripped and its chain recomputed', async () => {
    const file = await signedJournal(3);
    const lines = read(file);
    let prev = lines[0]?.prev ?? '';
    for (const line of lines) {
      delete line.sig;
      line.prev = prev;
      line.hash = sha256Text(chainText(prev, line.entry, line.effects));
      prev = line.hash;
    }
    write(file, lines);
    const report = verifyJournal(file, sha256Text, signer(file));
    expect(report).toMatchObject({ ok: false, seq: 1 });
    expect(report.ok ? '' : report.problem).toMatch(/is unsigned: its signature was stripped/);
  });
});

describe('a journal line', () => {
  it('whose members are in another order is one change to the server and to audit:verify alike', async () => {
    const file = await signedJournal(2);
    await removeOperator(journalOperators(file), 'op 1', testBy);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const { prev, ...rest } = JSON.parse(lines[2] ?? '{}') as Line;
    lines[2] = JSON.stringify({ prev, ...rest });
    writeFileSync(file, `${lines.join('\n')}\n`);
    expect(verifyJournal(file, sha256Text, signer(file))).toMatchObject({ ok: true, entries: 3 });
    expect((await journalOperators(file).list()).map((op) => op.name)).toEqual(['op 0']);
  });

  it('that is neither a change nor a key line is named, and key lines before the trail are counted', async () => {
    const file = await signedJournal(1);
    const key = JSON.stringify({
      event: 'revoked',
      key_id: 'key_x',
      key_hash_sha256: 'a'.repeat(64),
      revoked_at: '2026-11-01T00:00:00.000Z',
    });
    writeFileSync(file, `${key}\n${readFileSync(file, 'utf8')}`);
    // Its first entry was written before the key line was there, as in a journal whose first entry
    // came before the binding: the line is counted, and said to be unbound.
    expect(verifyJournal(file, sha256Text, signer(file))).toMatchObject({
      ok: true,
      keyLinesBefore: 1,
      keyLinesBound: false,
    });
    writeFileSync(file, `${readFileSync(file, 'utf8')}not a line\n`);
    const report = verifyJournal(file, sha256Text, signer(file));
    expect(report.ok ? '' : report.problem).toBe(
      'line 3 is neither a change nor a key line (altered, torn or foreign)',
    );
  });
});

describe('key lines from before the trail', () => {
  const revoked = (keyId: string) =>
    JSON.stringify({
      event: 'revoked',
      key_id: keyId,
      key_hash_sha256: 'a'.repeat(64),
      revoked_at: '2026-11-01T00:00:00.000Z',
    });

  /** A file of two key lines from before the trail, then entries appended by the server's store. */
  async function upgradedJournal(): Promise<string> {
    const file = join(dir, `journal-${files++}.jsonl`);
    writeFileSync(file, `${revoked('key_a')}\n${revoked('key_b')}\n`);
    const operators = journalOperators(file);
    await addOperator(operators, { name: 'first', role: 'admin' }, testBy);
    await addOperator(operators, { name: 'second', role: 'admin' }, testBy);
    return file;
  }

  it('are bound by the first entry written after them', async () => {
    const file = await upgradedJournal();
    expect(verifyJournal(file, sha256Text, signer(file))).toMatchObject({
      ok: true,
      entries: 2,
      keyLinesBefore: 2,
      keyLinesBound: true,
    });
  });

  it.each([
    ['altered', (lines: string[]) => [lines[0]?.replace('key_a', 'key_c'), ...lines.slice(1)]],
    ['removed', (lines: string[]) => lines.slice(1)],
    ['added', (lines: string[]) => [revoked('key_z'), ...lines]],
  ])('that were %s are named, with the entry that binds them', async (_, change) => {
    const file = await upgradedJournal();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    writeFileSync(file, `${change(lines).join('\n')}\n`);
    const first = JSON.parse(lines[2] ?? '{}') as Line;
    expect(verifyJournal(file, sha256Text, signer(file))).toEqual({
      ok: false,
      entries: 0,
      problem: `the key lines before entry ${first.entry.id} (seq 1) are not the ones it binds: one was altered, added or removed`,
      seq: 1,
      entry_id: first.entry.id,
    });
  });
});

describe('npm run audit:verify', () => {
  it('refuses a journal named that does not exist, rather than verifying nothing', () => {
    const cli = spawnSync(process.execPath, ['scripts/manage/verify.ts', join(dir, 'typo.jsonl')], {
      env: { ...process.env, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toMatch(/typo\.jsonl: no such journal/);
  });
});
