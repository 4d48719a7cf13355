// Operators in the management journal: every change to one (added, re-roled, re-tokened, removed) is
// an audit entry in the same line as the change, chained with the rest of the trail; another
// process follows; the last-admin rule holds between two writers; and the operators of the file
// from before the trail are imported once, audited.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { journalOperators, testBy } from '../../../harness/operators.ts';
import { openEmbeddedManage, sha256Text } from '../../../server/manage/runtime.ts';
import { emptyManageReference } from '../../../server/manage/seed.ts';
import { LedgerOperatorDirectory } from '../../../server/operators/ledger-directory.ts';
import { verifyJournal } from '../../../server/manage/verify.ts';
import {
  addOperator,
  changeRole,
  reissueToken,
  removeOperator,
  tokenHash,
} from '../../../server/operators/operators.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-operator-trail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { entry: Record<string, unknown>; effects: unknown[] });
const console_ = {
  actor: { type: 'operator' as const, id: 'op_root', name: 'Root' },
  requestId: 'req_page1',
  sourceAddress: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
};

describe('each change to an operator', () => {
  it('is one journal line with its audit entry: who, what, before and after, never a token hash', async () => {
    const file = join(dir, 'audited.jsonl');
    const directory = journalOperators(file);
    const { operator: ada, token } = await addOperator(directory, { name: 'Ada', role: 'viewer' }, console_);
    await addOperator(directory, { name: 'Grace', role: 'admin' }, testBy);
    await changeRole(directory, 'Ada', 'admin', console_);
    const { token: next } = await reissueToken(directory, 'Ada', console_);
    await removeOperator(directory, 'Ada', console_);

    const written = lines(file);
    expect(written.map((line) => line.entry.action)).toEqual([
      'operator.add',
      'operator.add',
      'operator.change_role',
      'operator.reissue_token',
      'operator.remove',
    ]);
    const [added, , rerole, retoken, removed] = written;
    expect(added?.entry).toMatchObject({
      actor: console_.actor,
      target: { type: 'operator', id: ada.operator_id, name: 'Ada' },
      before: null,
      after: { operator_id: ada.operator_id, name: 'Ada', role: 'viewer', created_at: ada.created_at },
      request_id: 'req_page1',
      source_address: '203.0.113.9',
      user_agent: 'Mozilla/5.0',
      blast: { score: 0, dependents: 0, requests_per_day: 0 },
    });
    expect(added?.effects).toEqual([
      {
        event: 'operator',
        change: expect.objectContaining({ event: 'added', operator_id: ada.operator_id }) as unknown,
      },
    ]);
    expect(rerole?.entry).toMatchObject({ before: { role: 'viewer' }, after: { role: 'admin' } });
    expect(retoken?.entry.after).toMatchObject({ token_reissued_at: expect.any(String) as unknown });
    expect(removed?.entry).toMatchObject({ before: { name: 'Ada', role: 'admin' }, after: null });
    // The entries show no hash; only the effects carry one (as an issued key's do).
    const entries = JSON.stringify(written.map((line) => line.entry));
    for (const secret of [token, next, tokenHash(token), tokenHash(next)])
      expect(entries).not.toContain(secret);
    expect(verifyJournal(file, sha256Text)).toMatchObject({ ok: true, entries: 5 });
  });

  it('writes nothing for a role the operator has already, even when the caller looked a moment ago', async () => {
    const file = join(dir, 'same-role-stale.jsonl');
    const clock = { now: 0 };
    const frozen = journalOperators(file, { now: () => clock.now });
    const cli = journalOperators(file);
    await addOperator(cli, { name: 'Ada', role: 'admin' }, testBy);
    await addOperator(cli, { name: 'Bob', role: 'admin' }, testBy);
    clock.now += 1_000;
    expect((await frozen.list()).map((op) => op.role)).toEqual(['admin', 'admin']);
    await changeRole(cli, 'Ada', 'viewer', testBy);
    // Its look is a second old: it still sees Ada as admin, and asks for viewer again.
    await changeRole(frozen, 'Ada', 'viewer', testBy);
    expect(lines(file).map((line) => line.entry.action)).toEqual([
      'operator.add',
      'operator.add',
      'operator.change_role',
    ]);
  });

  it('writes nothing for a role the operator has already', async () => {
    const file = join(dir, 'same-role.jsonl');
    const directory = journalOperators(file);
    await addOperator(directory, { name: 'Ada', role: 'admin' }, testBy);
    await changeRole(directory, 'Ada', 'admin', testBy);
    expect(lines(file)).toHaveLength(1);
  });
});

describe('another process', () => {
  it('sees a new operator at once (a sign-in), and a role change within its recheck', async () => {
    const file = join(dir, 'follow.jsonl');
    const clock = { now: 0 };
    const server = journalOperators(file, { now: () => clock.now });
    const cli = journalOperators(file);
    expect(await server.count()).toBe(0);
    const { token } = await addOperator(cli, { name: 'Ada', role: 'viewer' }, testBy);
    expect(await server.byTokenHash(tokenHash(token))).toMatchObject({ name: 'Ada', role: 'viewer' });
    await changeRole(cli, 'Ada', 'admin', testBy);
    clock.now += 999;
    expect((await server.list())[0]?.role).toBe('viewer');
    clock.now += 1;
    expect((await server.list())[0]?.role).toBe('admin');
  });

  it('cannot leave no admin when two admins remove each other at once: the second is decided on the first', async () => {
    const file = join(dir, 'race.jsonl');
    const one = journalOperators(file);
    const other = journalOperators(file);
    await addOperator(one, { name: 'Ada', role: 'admin' }, testBy);
    await addOperator(one, { name: 'Bob', role: 'admin' }, testBy);
    await other.list();
    const outcomes = await Promise.allSettled([
      removeOperator(one, 'Bob', testBy),
      removeOperator(other, 'Ada', testBy),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(String((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason)).toMatch(
      /is the last admin/,
    );
    expect((await journalOperators(file).list()).map((op) => op.role)).toEqual(['admin']);
  });
});

describe('the operators file from before the trail', () => {
  it('is imported once, as one audited change; a line appended to it afterwards lets no one in', async () => {
    const keys = join(dir, 'legacy', 'issued-keys.jsonl');
    const legacy = join(dir, 'legacy', 'operators.jsonl');
    const at = '2026-11-20T09:00:00.000Z';
    const added = (id: string, name: string, hash: string) =>
      `${JSON.stringify({ event: 'added', operator_id: id, name, role: 'admin', token_hash_sha256: hash, at })}\n`;
    mkdirSync(join(dir, 'legacy'));
    writeFileSync(legacy, added('op_old', 'Olga', 'c'.repeat(64)));
    const opened = async () =>
      new LedgerOperatorDirectory((await openEmbeddedManage(keys, emptyManageReference())).deps);
    const directory = await opened();
    expect(await directory.byTokenHash('c'.repeat(64))).toMatchObject({
      operator_id: 'op_old',
      name: 'Olga',
    });
    expect(lines(keys)[0]?.entry).toMatchObject({
      action: 'operator.import',
      actor: { type: 'cli', id: 'cli:import' },
      target: { type: 'operator', name: legacy },
      after: { operators: [{ operator_id: 'op_old', name: 'Olga', role: 'admin', created_at: at }] },
    });
    await changeRole(directory, 'Olga', 'viewer', testBy, { leaveNoAdmin: true });
    expect(lines(keys)[1]?.entry).toMatchObject({
      action: 'operator.change_role',
      before: { role: 'admin' },
      after: { role: 'viewer' },
    });

    writeFileSync(legacy, added('op_eve', 'Eve', 'e'.repeat(64)), { flag: 'a' });
    const again = await opened();
    expect(await again.byTokenHash('e'.repeat(64))).toBeNull();
    expect((await again.list()).map((op) => [op.name, op.role])).toEqual([['Olga', 'viewer']]);
    expect(lines(keys)).toHaveLength(2);
    expect(verifyJournal(keys, sha256Text)).toMatchObject({ ok: true, entries: 2 });
  });
});
