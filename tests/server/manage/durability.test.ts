// The audit trail is atomic with its change: management writes under concurrency, the server
// killed with SIGKILL at random points until 1,000 writes were acknowledged. Every acknowledged
// change has its entry, every entry has its change, the chain verifies, and an edited or removed
// entry is named by the verifier.
import { randomInt } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JournalManageStore } from '../../../server/manage/journal-store.ts';
import { sha256Text } from '../../../server/manage/runtime.ts';
import { verifyJournal } from '../../../server/manage/verify.ts';
import { fixtureSeed } from '../../manage/fixture.ts';
import { killServer, spawnServer, type SpawnedServer } from '../../../harness/spawn-server.ts';
import { change, manageWorkspace, writeManagementKey } from './helpers.ts';

let running: SpawnedServer | undefined;
const folders: string[] = [];
afterEach(async () => {
  if (running) await killServer(running, 'SIGKILL');
  running = undefined;
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An acknowledged write: its audit entry, and the key it issued or changed with the rpm it set. */
interface Acknowledged {
  entry: string;
  keyId: string;
  rpm: number | null;
}

/** Concurrent loops issuing a key, then changing its rpm, until stopped or the server dies. */
function writes(base: string, token: string, loops: number) {
  const acknowledged: Acknowledged[] = [];
  let stopped = false;
  const running = Array.from({ length: loops }, async (_, loop) => {
    try {
      while (!stopped) {
        const issued = await change(base, 'POST', '/keys', token, { name: `load ${loop}` });
        if (issued.status !== 201) continue;
        const keyId = (issued.body.after as { key_id: string }).key_id;
        acknowledged.push({ entry: String(issued.body.audit_entry_id), keyId, rpm: null });
        const rpm = 100 + acknowledged.length;
        const updated = await change(base, 'PATCH', `/keys/${keyId}`, token, { rpm_budget: rpm });
        if (updated.status === 200)
          acknowledged.push({ entry: String(updated.body.audit_entry_id), keyId, rpm });
      }
    } catch {
      // The server died mid-request: that write was never acknowledged.
    }
  });
  return { acknowledged, stop: () => ((stopped = true), Promise.all(running)) };
}

describe('management writes under kill -9', () => {
  it('every acknowledged change has its entry, no entry lacks its change, the chain verifies', async () => {
    const files = await manageWorkspace();
    folders.push(files.dir);
    const token = await writeManagementKey(files.issuedKeysFile);
    const acknowledged: Acknowledged[] = [];
    while (acknowledged.length < 1000) {
      running = await spawnServer(files);
      const load = writes(running.baseUrl, token, 8);
      const killAt = acknowledged.length + 100 + randomInt(200);
      while (acknowledged.length + load.acknowledged.length < killAt)
        await new Promise((done) => setTimeout(done, 2));
      await killServer(running, 'SIGKILL');
      running = undefined;
      await load.stop();
      acknowledged.push(...load.acknowledged);
    }

    const store = new JournalManageStore(files.issuedKeysFile, fixtureSeed(), sha256Text);
    const ledger = store.current();
    const entries = new Map(ledger.entries.map((e) => [e.id, e]));
    for (const ack of acknowledged) {
      expect(entries.has(ack.entry), ack.entry).toBe(true);
      const key = ledger.state.keys.get(ack.keyId);
      expect(key, ack.keyId).toBeDefined();
      if (ack.rpm !== null) expect(entries.get(ack.entry)?.after).toMatchObject({ rpm_budget: ack.rpm });
    }
    for (const entry of ledger.entries) {
      if (entry.action === 'key.issue') expect(ledger.state.keys.has(entry.target.id)).toBe(true);
    }
    expect(verifyJournal(files.issuedKeysFile, sha256Text)).toMatchObject({
      ok: true,
      entries: ledger.entries.length,
    });
  }, 180_000);
});

describe('audit:verify', () => {
  async function journalWith(count: number) {
    const files = await manageWorkspace();
    folders.push(files.dir);
    await writeManagementKey(files.issuedKeysFile);
    running = await spawnServer(files);
    const token = await writeManagementKey(files.issuedKeysFile);
    for (let i = 0; i < count; i++)
      expect((await change(running.baseUrl, 'POST', '/keys', token, { name: `key ${i}` })).status).toBe(201);
    await killServer(running);
    running = undefined;
    return files.issuedKeysFile;
  }

  it('names an edited entry', async () => {
    const file = await journalWith(4);
    const lines = readFileSync(file, 'utf8').split('\n');
    const target = lines.findIndex((line) => line.includes('"name":"key 1"'));
    const id = /"id":"(aud_[A-Za-z0-9]+)"/.exec(lines[target] ?? '')?.[1];
    lines[target] = (lines[target] ?? '').replace('"name":"key 1"', '"name":"key one"');
    writeFileSync(file, lines.join('\n'));
    const report = verifyJournal(file, sha256Text);
    expect(report).toMatchObject({ ok: false, entry_id: id });
    expect(report.ok ? '' : report.problem).toContain('altered');
  }, 60_000);

  it('names where an entry was removed', async () => {
    const file = await journalWith(4);
    const lines = readFileSync(file, 'utf8').split('\n');
    const removed = lines.findIndex((line) => line.includes('"name":"key 2"'));
    lines.splice(removed, 1);
    writeFileSync(file, lines.join('\n'));
    const report = verifyJournal(file, sha256Text);
    expect(report).toMatchObject({ ok: false });
    expect(report.ok ? '' : report.problem).toContain('removed');
  }, 60_000);

  /** A key line as the issued-keys file held them before the trail: no entry, no chain. */
  const outsideLine = (keyId: string) =>
    JSON.stringify({
      event: 'issued',
      key_id: keyId,
      name: 'outside',
      environment: 'production',
      status: 'active',
      plan: 'Growth',
      rpm_budget: 60,
      scopes: ['orders:write'],
      created_at: '2026-11-27T00:00:00.000Z',
      expires_at: null,
      key_hash_sha256: 'a'.repeat(64),
      key_prefix: 'sk_live',
      key_last4: 'aaaa',
    });

  it('names a key line written outside the trail once it has begun, and the server does not apply it', async () => {
    const file = await journalWith(2);
    writeFileSync(file, `${readFileSync(file, 'utf8')}${outsideLine('key_backdoor')}\n`);
    const report = verifyJournal(file, sha256Text);
    expect(report).toMatchObject({ ok: false });
    expect(report.ok ? -1 : report.seq).toBe(report.entries + 1);
    expect(report.ok ? '' : report.problem).toContain('outside the trail');
    const store = new JournalManageStore(file, fixtureSeed(), sha256Text);
    expect(store.current().state.keys.has('key_backdoor')).toBe(false);
  }, 60_000);

  it('says on stderr when a change line cannot be read, rather than skipping it without a word', async () => {
    const file = await journalWith(3);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    lines[1] = (lines[1] ?? '').slice(0, 120);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      new JournalManageStore(file, fixtureSeed(), sha256Text);
      expect(said.mock.calls.map((call) => String(call[0]))).toContainEqual(
        expect.stringMatching(/the change line after audit entry seq 1 cannot be read \(torn or altered\)/),
      );
    } finally {
      said.mockRestore();
    }
  }, 60_000);

  it('names an entry whose line no longer reads as a change as altered, not as removed', async () => {
    const file = await journalWith(4);
    const lines = readFileSync(file, 'utf8').split('\n');
    const target = lines.findIndex((line) => line.includes('"name":"key 1"'));
    lines[target] = (lines[target] ?? '').replace('"event":"change"', '"event":"change');
    writeFileSync(file, lines.join('\n'));
    const report = verifyJournal(file, sha256Text);
    expect(report).toMatchObject({ ok: false });
    expect(report.ok ? '' : report.problem).toContain('altered');
    expect(report.ok ? '' : report.problem).not.toContain('removed');
  }, 60_000);
});
