// The operators' file from before operators joined the audit trail: where it is, and what it leaves
// (a torn or foreign line skipped). The management store starts from it: ./ledger-directory.test.ts.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorsFile, readOperatorsFile } from '../../../server/operators/operator-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-operator-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const hashOf = (c: string) => c.repeat(64);

describe('operatorsFile', () => {
  it.each([
    [{ ESTATE_OPERATORS: '/srv/ops.jsonl' }, '/srv/ops.jsonl'],
    [{ ESTATE_ISSUED_KEYS: '/srv/estate/keys.jsonl' }, '/srv/estate/operators.jsonl'],
  ])('%j → %s', (env, file) => {
    expect(operatorsFile(env)).toBe(file);
  });
});

describe('readOperatorsFile', () => {
  it('folds the changes, skipping a line that is not one and a line still torn', () => {
    const file = join(dir, 'ops.jsonl');
    const at = '2026-11-26T09:00:00.000Z';
    const line = (change: object) => `${JSON.stringify(change)}\n`;
    writeFileSync(
      file,
      line({
        event: 'added',
        operator_id: 'op_a',
        name: 'Ada',
        role: 'viewer',
        token_hash_sha256: hashOf('a'),
        at,
      }) +
        'not json\n{"event":"added","operator_id":"op_x"}\n' +
        line({
          event: 'added',
          operator_id: 'op_b',
          name: 'Bob',
          role: 'admin',
          token_hash_sha256: hashOf('b'),
          at,
        }) +
        line({ event: 'role_changed', operator_id: 'op_a', role: 'admin', at }) +
        line({ event: 'removed', operator_id: 'op_b', at }),
    );
    appendFileSync(file, '{"event":"removed","operator_id":"op_a","at":"2026');
    expect(readOperatorsFile(file)).toEqual([
      { operator_id: 'op_a', name: 'Ada', role: 'admin', token_hash_sha256: hashOf('a'), created_at: at },
    ]);
    expect(readOperatorsFile(join(dir, 'none.jsonl'))).toEqual([]);
  });
});
