// The management module as a server process (or the CLI) runs it: the journal store over the
// workspace's seed, node:crypto for hashing and the preview tokens' HMAC, the blast radii read at
// start, and what the Orders API reads of the state (keys by hash, routes' deprecation headers).
import { createHmac, hash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { deprecationHeaderFields, deprecationHeaders } from '../../src/api/deprecation.ts';
import type { KeyRecord, KeyStore, RouteRetirement } from '../../src/api/orders/deps.ts';
import type { RouteFinder } from '../../src/api/route-map.ts';
import { defaultAuditRetentionDays, type ManageDeps } from '../../src/manage/deps.ts';
import type { ChainSigner } from '../../src/manage/audit.ts';
import type { ManageStore } from '../../src/manage/ledger.ts';
import { blastFinder, type ManageReference } from './seed.ts';
import { JournalManageStore } from './journal-store.ts';
import { adoptLegacyOperators } from '../operators/legacy-import.ts';
import { operatorsFile, readOperatorsFile } from '../operators/operator-file.ts';

/** Hex SHA-256 of a text. */
export const sha256Text = (text: string): string => hash('sha256', text, 'hex');

/**
 * The preview tokens' secret: ESTATE_MANAGE_SECRET, else one made once beside the journal (mode
 * 0600), so every process sharing the journal (the server, the CLI) checks the same tokens.
 */
export function previewSecret(journalFile: string, env: NodeJS.ProcessEnv = process.env): string {
  const file = `${journalFile}.secret`;
  if (!env.ESTATE_MANAGE_SECRET?.trim() && !existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // Written whole under another name, then linked into place: no process ever reads it half made,
    // and of two processes making it at once, one's stands.
    const made = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(made, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(made, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(made);
    }
  }
  const secret = existingSecret(journalFile, env);
  // An empty file (emptied by hand, or made by a version that wrote it in place) signs nothing.
  if (secret === null)
    throw new Error(
      `${file} is empty: delete it and start again to make a new one (previews made before then must be made again)`,
    );
  return secret;
}

/**
 * Signs the audit trail's lines with the management secret (never in the journal nor the
 * database): HMAC-SHA256 of a line's hash, under a key derived from the secret for this use alone
 * (so a signature is never a preview token), marked `v1,` so a later scheme can sit beside it.
 */
export function auditSigner(secret: string): ChainSigner {
  const key = createHmac('sha256', secret).update('estate audit trail v1').digest();
  return (hash) => `v1,${createHmac('sha256', key).update(hash).digest('base64url')}`;
}

/**
 * The management secret as it stands, never made: ESTATE_MANAGE_SECRET, else the file beside the
 * journal; null when neither exists or the file is empty (audit:verify then checks the chain alone).
 */
export function existingSecret(journalFile: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const given = env.ESTATE_MANAGE_SECRET?.trim();
  if (given) return given;
  const file = `${journalFile}.secret`;
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return kept === '' ? null : kept;
}

/** The audit trail's retention: ESTATE_AUDIT_RETENTION_DAYS, else the documented default. */
export function retentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.ESTATE_AUDIT_RETENTION_DAYS);
  return Number.isInteger(days) && days > 0 ? days : defaultAuditRetentionDays;
}

/** The management deps over a store. */
export function manageDeps(store: ManageStore, reference: ManageReference, secret: string): ManageDeps {
  return {
    store,
    sha256: sha256Text,
    hmac: (text) => createHmac('sha256', secret).update(text).digest('base64url'),
    clock: { now: () => Date.now() },
    blastOf: blastFinder(reference.blast),
    whatIfOf: (action, target) =>
      action === 'key.roll' || action === 'key.revoke' || action === 'route.deprecate'
        ? (reference.whatIf.get(`${target.type}:${target.id}`) ?? null)
        : null,
    retentionDays: retentionDays(),
  };
}

/** Opens the embedded journal store and its deps. */
export function openJournalManage(
  journalFile: string,
  reference: ManageReference,
  options: { recheckMs?: number; now?: () => number } = {},
): { store: JournalManageStore; deps: ManageDeps } {
  const secret = previewSecret(journalFile);
  const store = new JournalManageStore(journalFile, reference.seed, sha256Text, {
    ...options,
    sign: auditSigner(secret),
  });
  return { store, deps: manageDeps(store, reference, secret) };
}

/**
 * Opens the embedded journal store (openJournalManage), adopting the operators' file from before
 * operators joined the trail, once (./../operators/legacy-import.ts): the server's and the CLI's.
 */
export async function openEmbeddedManage(
  journalFile: string,
  reference: ManageReference,
): Promise<{ store: JournalManageStore; deps: ManageDeps }> {
  const opened = openJournalManage(journalFile, reference);
  const file = operatorsFile(process.env, journalFile);
  await adoptLegacyOperators(opened.store, () => readOperatorsFile(file), file);
  return opened;
}

/**
 * The management store the stores select: the journal in Postgres with DATABASE_URL (the preview
 * secret then must be ESTATE_MANAGE_SECRET or the file beside the keys file, the same on every
 * machine), else the embedded journal file.
 */
export async function openManage(
  stores: {
    manage?: (
      seed: ManageReference['seed'],
      sha256: (text: string) => string,
      sign: ChainSigner,
    ) => Promise<ManageStore>;
  },
  journalFile: string,
  reference: ManageReference,
): Promise<{ store: ManageStore; deps: ManageDeps }> {
  if (!stores.manage) return openEmbeddedManage(journalFile, reference);
  const secret = previewSecret(journalFile);
  const store = await stores.manage(reference.seed, sha256Text, auditSigner(secret));
  return { store, deps: manageDeps(store, reference, secret) };
}

/** The Orders API's key store over the management state: a change counts within a second. */
export class ManagedKeyStore implements KeyStore {
  private readonly store: ManageStore;
  /**
   * An unknown hash after the store's catch-up read, on a store whose reads take a round trip
   * (Postgres: one read at a time, shared by the callers waiting, and a bounded number a second).
   */
  readonly findUnseen?: (hashHex: string) => Promise<KeyRecord | undefined>;

  constructor(store: ManageStore) {
    this.store = store;
    if (store.catchUp)
      this.findUnseen = async (hashHex) => {
        await store.catchUp?.();
        return store.current().state.recordByHash(hashHex);
      };
  }

  /**
   * The key for a hash; an unknown hash reads other writers' lines first (a key issued a moment
   * ago) where that is a local read. Where it takes a round trip, findUnseen does it.
   */
  findByHash(hashHex: string): KeyRecord | undefined {
    const found = this.store.current().state.recordByHash(hashHex);
    if (found || this.store.catchUp) return found;
    this.store.refresh?.();
    return this.store.current().state.recordByHash(hashHex);
  }
}

/**
 * The deprecation headers a request's route carries now, from the management state: null for a
 * route the state never changed (the workspace's own headers stand), {} for one restored.
 */
export function routeNotices(store: ManageStore, routeOf: RouteFinder) {
  return (
    method: string,
    target: string,
    environment: KeyRecord['environment'] | null,
  ): Record<string, string> | null => {
    const routeId = routeOf(method === 'HEAD' ? 'GET' : method, target, environment);
    const state = store.current().state;
    const route = routeId === null ? undefined : state.routes.get(routeId);
    if (!route || route.changed_by === null) return null;
    if (!route.deprecated || route.deprecated_at === null) return {};
    const successor =
      route.successor_route_id === null ? null : (state.routes.get(route.successor_route_id)?.path ?? null);
    return deprecationHeaderFields(
      deprecationHeaders({
        deprecatedAt: route.deprecated_at,
        sunsetAt: route.sunset_at,
        successor,
        infoUrl: `/app/api/routes/${route.route_id}`,
      }),
    );
  };
}

/**
 * Whether a request's route is past the sunset the management API set on it: then the Orders API
 * refuses it 410, naming the audit entry of that deprecation. Workspace deprecations that no
 * change made keep answering with their headers alone.
 */
export function routeRetirements(store: ManageStore, routeOf: RouteFinder) {
  return (
    method: string,
    target: string,
    environment: KeyRecord['environment'],
    now: number,
  ): RouteRetirement | null => {
    const routeId = routeOf(method === 'HEAD' ? 'GET' : method, target, environment);
    const state = store.current().state;
    const route = routeId === null ? undefined : state.routes.get(routeId);
    if (!route || route.changed_by === null || !route.deprecated || route.sunset_at === null) return null;
    if (Date.parse(route.sunset_at) > now) return null;
    const successor =
      route.successor_route_id === null ? null : (state.routes.get(route.successor_route_id)?.path ?? null);
    return { sunsetAt: route.sunset_at, successor, auditEntryId: route.changed_by };
  };
}
