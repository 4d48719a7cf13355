// `npm run keys:rotate`: the replacement has the old key's terms and works at once; the old key
// works through the overlap, then gets 401 "rotated; use its replacement". Both changes are lines
// in the issued-keys file, recording who replaced whom.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxRotationOverlapDays } from '../../../src/api/key-rotation.ts';
import { sha256Hex } from '../../../src/api/orders/auth.ts';
import { fixtureKeys, fixtureWorld } from '../../../harness/fixture-world.ts';
import { createOrder, issuedLines, keysCli, startKeysFixture, type KeysFixture } from './keys-cli.ts';
import { until } from '../../helpers/poll.ts';

let fixture: KeysFixture;
beforeAll(async () => {
  fixture = await startKeysFixture();
});
afterAll(() => fixture.stop());

const hourMs = 3_600_000;
const refusedAsRotated = (response: { status: number; headers: Record<string, string> }) =>
  response.status === 401 &&
  /error="invalid_token".*rotated; use its replacement/.test(response.headers['www-authenticate'] ?? '');

describe('keys:rotate', () => {
  it('issues a replacement with the same terms; the old key keeps working through the overlap', async () => {
    const result = keysCli(fixture, 'keys:rotate', ['key_production', '--overlap', '24h']);
    expect(result.status).toBe(0);
    const material = result.stdout.trim();
    expect(material).toMatch(/^sk_live_[A-Za-z0-9]{24}$/);
    expect(result.stderr).toMatch(
      /^Rotated key_production \(key_production, production\) → key_\w+: key_production keeps working until \S+Z \(overlap 1d\)\./,
    );
    const [replacement, rotation] = issuedLines(fixture);
    const old = fixtureWorld.keys.find((k) => k.key_id === 'key_production');
    expect(replacement).toMatchObject({
      event: 'issued',
      name: 'key_production',
      environment: old?.environment,
      plan: old?.plan,
      rpm_budget: old?.rpm_budget,
      scopes: old?.scopes,
      expires_at: old?.expires_at,
      key_hash_sha256: await sha256Hex(material),
      replaces: 'key_production',
    });
    expect(rotation).toMatchObject({
      event: 'rotated',
      key_id: 'key_production',
      key_hash_sha256: await sha256Hex(fixtureKeys.production),
      replaced_by: replacement?.key_id,
    });
    if (rotation?.event !== 'rotated') throw new Error('no rotated line');
    expect(Date.parse(rotation.rotation_ends_at) - Date.parse(rotation.rotated_at)).toBe(24 * hourMs);
    expect(await createOrder(fixture, material)).toMatchObject({ status: 201, body: { livemode: true } });
    expect((await createOrder(fixture, fixtureKeys.production)).status).toBe(201);
  });

  it('with no overlap, the old key gets 401 "rotated; use its replacement" at once', async () => {
    const issued = keysCli(fixture, 'keys:issue', [
      '--name',
      'short-lived',
      '--expires-at',
      '2099-06-01',
    ]).stdout.trim();
    const keyId = issuedLines(fixture).at(-1)?.key_id as string;
    const result = keysCli(fixture, 'keys:rotate', [keyId, '--overlap', '0']);
    expect(result.status).toBe(0);
    expect(issuedLines(fixture).at(-2)).toMatchObject({
      replaces: keyId,
      expires_at: '2099-06-01T00:00:00.000Z',
    });
    expect((await createOrder(fixture, result.stdout.trim())).status).toBe(201);
    const refused = await until('the rotated key refused', async () => {
      const answer = await createOrder(fixture, issued);
      return refusedAsRotated(answer) && answer;
    });
    expect(refusedAsRotated(refused)).toBe(true);
  });

  it('refuses an overlap longer than the what-if accepts, naming the one limit', () => {
    const before = issuedLines(fixture).length;
    const longest = keysCli(fixture, 'keys:rotate', [
      'key_sandbox',
      '--overlap',
      `${maxRotationOverlapDays + 1}d`,
    ]);
    expect(longest.status).not.toBe(0);
    expect(longest.stderr).toContain(`--overlap must be at most ${maxRotationOverlapDays}d`);
    expect(issuedLines(fixture)).toHaveLength(before);
  });

  it("defaults the overlap to the workspace's policy, 14 days without the blast views", () => {
    const result = keysCli(fixture, 'keys:rotate', ['key_sandbox']);
    expect(result.status).toBe(0);
    const rotation = issuedLines(fixture).at(-1);
    if (rotation?.event !== 'rotated') throw new Error('no rotated line');
    expect(Date.parse(rotation.rotation_ends_at) - Date.parse(rotation.rotated_at)).toBe(14 * 24 * hourMs);
  });

  it.each([
    // [key id, why it is refused]
    [
      'key_production',
      /^npm run keys:rotate: key_production is already being rotated: key_\w+ replaces it, and it works until \S+Z$/,
    ],
    ['key_revoked', /key_revoked is already revoked$/],
    ['key_rotated', /key_rotated is already rotated$/],
    ['key_expired', /key_expired expired at 2026-10-01T00:00:00.000Z; issue a new key instead$/],
  ])('refuses to rotate %s with one line and exit 2, writing nothing', (keyId, message) => {
    const before = issuedLines(fixture).length;
    const result = keysCli(fixture, 'keys:rotate', [keyId]);
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd()).toMatch(message);
    expect(issuedLines(fixture)).toHaveLength(before);
  });
});
