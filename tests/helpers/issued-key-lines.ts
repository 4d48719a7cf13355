// Lines of the issued-keys file for tests: an issued sandbox key, its revocation, a rotation and a
// restoration,
// each with its fields overridable.
import type { IssuedLine, RestoredLine, RevokedLine, RotatedLine } from '../../src/lib/issued-keys.ts';

/** A key issued on 2026-11-01: key_a, sandbox, hash "a…a". */
export function issuedLine(fields: Partial<IssuedLine> = {}): IssuedLine {
  return {
    event: 'issued',
    key_id: 'key_a',
    name: 'my app',
    environment: 'sandbox',
    status: 'active',
    plan: 'Sandbox',
    rpm_budget: 60,
    scopes: ['orders:write'],
    created_at: '2026-11-01T00:00:00.000Z',
    expires_at: null,
    key_hash_sha256: 'a'.repeat(64),
    key_prefix: 'sk_test',
    key_last4: 'abcd',
    ...fields,
  };
}

/** A revocation of a key (by id and hash) at an instant. */
export function revokedLine(key_id: string, key_hash_sha256: string, revoked_at: string): RevokedLine {
  return { event: 'revoked', key_id, key_hash_sha256, revoked_at };
}

/** A rotation of a key (by id and hash): replaced by `replaced_by`, working until `rotation_ends_at`. */
export function rotatedLine(
  key_id: string,
  key_hash_sha256: string,
  replaced_by: string,
  rotated_at: string,
  rotation_ends_at: string,
): RotatedLine {
  return { event: 'rotated', key_id, key_hash_sha256, replaced_by, rotated_at, rotation_ends_at };
}

/** A restoration of a key (by id and hash) to its simulated state at an instant. */
export function restoredLine(key_id: string, key_hash_sha256: string, restored_at: string): RestoredLine {
  return { event: 'restored', key_id, key_hash_sha256, restored_at };
}
