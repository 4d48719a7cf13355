// The management module without a running server, for the CLIs (npm run keys:*, manage:key): the
// same journal, validation, dry run, preview token and audit entry as the HTTP API, with the actor
// `cli` (the user and host running it).
import { hostname, userInfo } from 'node:os';
import type { z } from 'zod';
import { Refusal, UsageError } from '../lib/cli-args.ts';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { openWorkspace } from '../../src/node/db.ts';
import { issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import type { Actor } from '../../src/manage/actor.ts';
import { runChange, type ChangeRequest } from '../../src/manage/apply.ts';
import type { ManageDeps } from '../../src/manage/deps.ts';
import { existsSync } from 'node:fs';
import { validationErrors } from '../../src/api/orders/validation.ts';
import { emptyManageReference, readManageReference } from '../../server/manage/seed.ts';
import {
  auditSigner,
  manageDeps,
  openEmbeddedManage,
  previewSecret,
  sha256Text,
} from '../../server/manage/runtime.ts';
import { engineUrls } from '../../server/stores/select.ts';

/** The CLI's actor: the user and host running it. */
export function cliActor(): Actor {
  const user = userInfo().username;
  return { type: 'cli', id: `cli:${user}`, name: `${user}@${hostname()}` };
}

/**
 * The management deps over the journal (Postgres with DATABASE_URL, else ESTATE_ISSUED_KEYS) and
 * the workspace (read-only; left unread with `workspace: false`, for changes that need none of it:
 * the console's operators).
 */
export async function openLocalManage({ workspace = true } = {}): Promise<{
  deps: ManageDeps;
  file: string;
  close(): Promise<void>;
}> {
  const dataFile = defaultDataFile();
  let reference = emptyManageReference();
  if (workspace && existsSync(dataFile)) {
    const db = await openWorkspace(dataFile);
    try {
      reference = await readManageReference(db);
    } finally {
      db.close();
    }
  }
  const file = issuedKeysFile();
  const { databaseUrl } = engineUrls();
  if (databaseUrl !== undefined) {
    const engines = await import('../../server/stores/engines.ts');
    const db = new engines.PostgresDatabase(databaseUrl);
    const secret = previewSecret(file);
    const store = await engines.PostgresManageStore.open(
      db,
      reference.seed,
      sha256Text,
      undefined,
      auditSigner(secret),
    );
    const deps = manageDeps(store, reference, secret);
    return { deps, file: 'Postgres', close: () => store.close().then(() => db.close()) };
  }
  const { store, deps } = await openEmbeddedManage(file, reference);
  return { deps, file, close: () => store.close() };
}

/** Validates CLI options with the API's own schema; a UsageError names each bad field. */
export function validated<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const errors = validationErrors(result.error.issues);
  throw new UsageError(errors.map((e) => `${e.pointer.slice(1) || 'input'}: ${e.detail}`).join('; '));
}

/** What an applied change answered. */
export interface Applied {
  /** null for a change of nothing (none of the CLI's changes can be one). */
  audit_entry_id: string | null;
  after: Record<string, unknown>;
  secret?: string;
}

/** Previews then applies a change as the CLI; a refusal becomes a Refusal naming the problem. */
export async function applyLocally(
  deps: ManageDeps,
  change: Omit<ChangeRequest, 'dryRun' | 'previewToken'>,
): Promise<Applied> {
  const meta = {
    actor: cliActor(),
    requestId: null,
    idempotencyKey: null,
    requestSha256: null,
    sourceAddress: null,
    userAgent: 'estate-cli',
  };
  const preview = await runChange(deps, meta, { ...change, dryRun: true, previewToken: undefined });
  const previewBody = JSON.parse(preview.body) as { preview_token?: string; detail?: string };
  if (preview.status !== 200 || previewBody.preview_token === undefined)
    throw new Refusal(previewBody.detail ?? `refused (${preview.status})`);
  const applied = await runChange(deps, meta, {
    ...change,
    dryRun: false,
    previewToken: previewBody.preview_token,
  });
  const body = JSON.parse(applied.body) as Applied & { detail?: string };
  if (applied.status >= 300) throw new Refusal(body.detail ?? `refused (${applied.status})`);
  return body;
}
