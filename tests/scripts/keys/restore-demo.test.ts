// `npm run keys:restore-demo`: the way back for the public demo key after a revocation or a
// rotation from the CLI. It appends one `restored` line (never edits a line, never writes the
// workspace), and a running server accepts the demo key again within a second.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSandboxKey } from '../../../src/mocks/demo-key.ts';
import { fixtureWorld } from '../../../harness/fixture-world.ts';
import { until } from '../../helpers/poll.ts';
import { createOrder, issuedLines, keysCli, startKeysFixture, type KeysFixture } from './keys-cli.ts';

const demoKeyId = 'key_demo_sandbox';
const sandboxKey = fixtureWorld.keys.find((k) => k.key_id === 'key_sandbox');
if (!sandboxKey) throw new Error('the fixture world has no key_sandbox');
/** The fixture world with the demo key in it (a sandbox key), as the default workspace has it. */
const world: typeof fixtureWorld = {
  ...fixtureWorld,
  keys: [...fixtureWorld.keys, { ...sandboxKey, key_id: demoKeyId, material: demoSandboxKey() }],
};

let fixture: KeysFixture;
let workspaceDigest: string;
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
beforeAll(async () => {
  fixture = await startKeysFixture(world);
  workspaceDigest = digest(fixture.files.dataFile);
});
afterAll(() => fixture.stop());

const created = (response: { status: number }) => response.status === 201;
const refused = (response: { status: number }) => response.status === 401;

describe('keys:restore-demo', () => {
  it('writes nothing when the demo key is as simulated', () => {
    const result = keysCli(fixture, 'keys:restore-demo', []);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/key_demo_sandbox is already as the workspace simulated it/);
    expect(readFileSync(fixture.files.issuedKeysFile, { flag: 'a+' }).toString()).toBe('');
  });

  it('brings the demo key back after a revocation, with one appended line', async () => {
    expect(keysCli(fixture, 'keys:revoke', [demoKeyId]).status).toBe(0);
    await until('the demo key refused', async () => refused(await createOrder(fixture, demoSandboxKey())));
    const before = issuedLines(fixture);
    const result = keysCli(fixture, 'keys:restore-demo', []);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Restored key_demo_sandbox \(.*\) to its simulated state/);
    const after = issuedLines(fixture);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual([
      {
        event: 'restored',
        key_id: demoKeyId,
        key_hash_sha256: createHash('sha256').update(demoSandboxKey()).digest('hex'),
        restored_at: expect.stringMatching(/Z$/) as unknown,
      },
    ]);
    await until('the demo key created', async () => created(await createOrder(fixture, demoSandboxKey())));
  });

  it('ends a rotation: the demo key works past the overlap, and the replacement is named', async () => {
    const rotated = keysCli(fixture, 'keys:rotate', [demoKeyId, '--overlap', '0']);
    expect(rotated.status).toBe(0);
    await until('the demo key refused', async () => refused(await createOrder(fixture, demoSandboxKey())));
    const replacement = issuedLines(fixture).find((l) => l.event === 'issued')?.key_id ?? '';
    const result = keysCli(fixture, 'keys:restore-demo', []);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(replacement);
    await until('the demo key created', async () => created(await createOrder(fixture, demoSandboxKey())));
    // Revoking it again works as the first time: the restoration undid the changes before it.
    expect(keysCli(fixture, 'keys:revoke', [demoKeyId]).status).toBe(0);
    await until('the demo key refused', async () => refused(await createOrder(fixture, demoSandboxKey())));
    expect(digest(fixture.files.dataFile)).toBe(workspaceDigest);
  });
});
