// `npm run keys:revoke`: a key issued here, or one of the workspace's own, stops working on a
// running server without a restart; every change is a new line, and the workspace file is only read.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureKeys } from '../../../harness/fixture-world.ts';
import { createOrder, issuedLines, keysCli, startKeysFixture, type KeysFixture } from './keys-cli.ts';
import { until } from '../../helpers/poll.ts';

let fixture: KeysFixture;
let workspaceDigest: string;
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
beforeAll(async () => {
  fixture = await startKeysFixture();
  workspaceDigest = digest(fixture.files.dataFile);
});
afterAll(() => fixture.stop());

const refusedAsRevoked = (response: { status: number; headers: Record<string, string> }) =>
  response.status === 401 &&
  /error="invalid_token".*revoked/.test(response.headers['www-authenticate'] ?? '');

describe('keys:revoke', () => {
  it('revokes a key issued on this server: the next calls get 401 invalid_token "revoked"', async () => {
    const material = keysCli(fixture, 'keys:issue', ['--name', 'to revoke']).stdout.trim();
    expect((await createOrder(fixture, material)).status).toBe(201);
    const keyId = issuedLines(fixture).at(-1)?.key_id as string;
    const result = keysCli(fixture, 'keys:revoke', [keyId]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      new RegExp(
        `^Revoked ${keyId} \\(to revoke, sandbox\\) at \\S+Z; a running server refuses it within a second\\.\\n$`,
      ),
    );
    expect(issuedLines(fixture).at(-1)).toEqual({
      event: 'revoked',
      key_id: keyId,
      key_hash_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      revoked_at: expect.stringMatching(/Z$/) as unknown,
    });
    const refused = await until('the revoked key refused', async () => {
      const answer = await createOrder(fixture, material);
      return refusedAsRevoked(answer) && answer;
    });
    expect(refusedAsRevoked(refused)).toBe(true);
  });

  it('revokes one of the workspace keys, and never writes the workspace file', async () => {
    expect((await createOrder(fixture, fixtureKeys.staging)).status).toBe(201);
    const result = keysCli(fixture, 'keys:revoke', ['key_staging']);
    expect(result.status).toBe(0);
    expect(issuedLines(fixture).at(-1)).toMatchObject({ event: 'revoked', key_id: 'key_staging' });
    await until('the revoked workspace key refused', async () =>
      refusedAsRevoked(await createOrder(fixture, fixtureKeys.staging)),
    );
    expect(digest(fixture.files.dataFile)).toBe(workspaceDigest);
  });

  it.each([
    // [key id, why it is refused]
    ['key_staging', /key_staging is already revoked \(at \S+Z\)/],
    ['key_revoked', /key_revoked is already revoked$/m],
    ['key_rotated', /key_rotated is already rotated$/m],
  ])('refuses %s with one line and exit 2, writing nothing', (keyId, message) => {
    const before = issuedLines(fixture).length;
    const result = keysCli(fixture, 'keys:revoke', [keyId]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(issuedLines(fixture)).toHaveLength(before);
  });
});
