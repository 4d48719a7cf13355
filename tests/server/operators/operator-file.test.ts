// The operators' file: appends are whole lines, owner-only; a reader skips a torn or foreign line
// and picks up what others append, within recheckMs or at once for an unknown token.
import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileOperatorDirectory, operatorsFile } from '../../../server/operators/operator-file.ts';
import { addOperator, changeRole, tokenHash } from '../../../server/operators/operators.ts';

const dir = mkdtempSync(join(tmpdir(), 'estate-operator-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('operatorsFile', () => {
  it.each([
    [{ ESTATE_OPERATORS: '/srv/ops.jsonl' }, '/srv/ops.jsonl'],
    [{ ESTATE_ISSUED_KEYS: '/srv/estate/keys.jsonl' }, '/srv/estate/operators.jsonl'],
  ])('%j → %s', (env, file) => {
    expect(operatorsFile(env)).toBe(file);
  });
});

describe('FileOperatorDirectory', () => {
  it('follows another writer: at once for an unknown token, within recheckMs for a role', async () => {
    const file = join(dir, 'follow.jsonl');
    const clock = { now: 0 };
    const reader = new FileOperatorDirectory(file, { now: () => clock.now });
    const writer = new FileOperatorDirectory(file, { recheckMs: 0 });
    expect(await reader.count()).toBe(0);
    const { token } = await addOperator(writer, { name: 'Ada', role: 'viewer' });
    expect(await reader.byTokenHash(tokenHash(token))).toMatchObject({ name: 'Ada', role: 'viewer' });
    await changeRole(writer, 'Ada', 'admin');
    clock.now += 999;
    expect((await reader.list())[0]?.role).toBe('viewer');
    clock.now += 1;
    expect((await reader.list())[0]?.role).toBe('admin');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('skips a line that is not a change, and waits for a line still being written', async () => {
    const file = join(dir, 'torn.jsonl');
    const writer = new FileOperatorDirectory(file, { recheckMs: 0 });
    await addOperator(writer, { name: 'Ada', role: 'viewer' });
    appendFileSync(file, 'not json\n{"event":"added","operator_id":"op_x"}\n{"event":"role_chan');
    const reader = new FileOperatorDirectory(file, { recheckMs: 0 });
    expect((await reader.list()).map((op) => op.name)).toEqual(['Ada']);
    const [ada] = await reader.list();
    appendFileSync(
      file,
      `ged","operator_id":"${ada?.operator_id}","role":"admin","at":"2026-11-26T09:00:00.000Z"}\n`,
    );
    expect((await reader.list())[0]?.role).toBe('admin');
  });
});
