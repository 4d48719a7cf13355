// `npm run keys:issue`: prints the key once, stores only its hash, and a running server accepts
// the new key on its first use, without a restart.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/api/orders/auth.ts';
import { createOrder, issuedLines, keysCli, startKeysFixture, type KeysFixture } from './keys-cli.ts';

let fixture: KeysFixture;
beforeAll(async () => {
  fixture = await startKeysFixture();
});
afterAll(() => fixture.stop());

describe('keys:issue', () => {
  it('prints the key once and stores only its hash; the running server accepts it', async () => {
    const result = keysCli(fixture, 'keys:issue', [
      '--env',
      'staging',
      '--plan',
      'Sandbox',
      '--name',
      'test app',
    ]);
    expect(result.status).toBe(0);
    const key = result.stdout.trim();
    expect(key).toMatch(/^sk_stg_[A-Za-z0-9]{24}$/);
    expect(readFileSync(fixture.files.issuedKeysFile, 'utf8')).not.toContain(key);
    expect(issuedLines(fixture)).toEqual([
      expect.objectContaining({
        event: 'issued',
        environment: 'staging',
        status: 'active',
        plan: 'Sandbox',
        rpm_budget: 60,
        scopes: ['orders:write', 'orders:read'],
        expires_at: null,
        key_hash_sha256: await sha256Hex(key),
        key_prefix: 'sk_stg',
        key_last4: key.slice(-4),
      }),
    ]);
    const response = await createOrder(fixture, key);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ livemode: false });
  });

  it('issues with every option given', async () => {
    const result = keysCli(fixture, 'keys:issue', [
      '--name=ci',
      '--env',
      'production',
      '--plan',
      'Growth',
      '--rpm',
      '90',
      '--scopes',
      'orders:read, catalog:read',
      '--expires-at',
      '2099-01-01',
      '--quota',
      '5',
    ]);
    expect(result.stderr).toMatch(
      /^Issued key_\w+ \(production, Growth, 90 rpm, scopes orders:read catalog:read\)/,
    );
    expect(issuedLines(fixture).at(-1)).toMatchObject({
      name: 'ci',
      key_prefix: 'sk_live',
      rpm_budget: 90,
      scopes: ['orders:read', 'catalog:read'],
      expires_at: '2099-01-01T00:00:00.000Z',
      quota_orders_per_month: 5,
    });
    expect((await createOrder(fixture, result.stdout.trim())).status).toBe(403);
  });

  it.each(['2099-02-30', '2099-01-01T24:00:00Z', '2099-01-01T10:00:00'])(
    'refuses an --expires-at of %s (it does not exist, or has no offset) and issues nothing',
    (expiresAt) => {
      const before = issuedLines(fixture).length;
      const result = keysCli(fixture, 'keys:issue', ['--name', 'bad date', '--expires-at', expiresAt]);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`--expires-at must be a date YYYY-MM-DD or an ISO 8601 time`);
      expect(issuedLines(fixture)).toHaveLength(before);
    },
  );
});
