// What the console reads of the running API, as one typed interface: its request log, its events,
// the keys issued or changed through the management module, and the audit trail. The server
// installs a source when it starts; a page asks for it at request time and gets null on a static
// deployment or at build time, where nothing is live. Pages never import server/ and never read the
// server's files: the server hands its source over through a global, because the console's build
// bundles its own copy of every src/ module.
import type { EventStore } from '../api/orders/deps.ts';
import type { RequestLogReader } from '../api/request-log.ts';
import type { IssuedKeys } from '../lib/issued-keys.ts';
import type { AuditEntry, AuditPage } from '../manage/audit.ts';
import type { AuditQuery } from '../manage/contract.ts';
import type { WebhookEndpointsConsole } from './webhook-endpoints.ts';

/** What the console reads of the running API's events (the store GET /v2/events reads). */
export type EventsReader = Pick<EventStore, 'list'>;

/** The running API, as the console sees it. */
export interface LiveSource {
  /** When this server process started, epoch ms. */
  startedAtMs: number;
  log: RequestLogReader;
  /** The key lines of the management journal (issued, revoked, rotated), folded by key. */
  keys(): IssuedKeys;
  /** A page of the audit trail, newest first (the management API's GET /audit). */
  audit(query: AuditQuery): AuditPage;
  /** One entry of the audit trail by id (`aud_…`), whatever its age; undefined when there is none. */
  auditEntry(id: string): AuditEntry | undefined;
  /** The events this server raised; absent when it serves no events. */
  events?: EventsReader;
  /** Its webhook endpoints, their deliveries, Resend and Recover; absent when it delivers none. */
  endpoints?: WebhookEndpointsConsole;
}

const slot = Symbol.for('estate-console.live-source');

/** Hands the running API to the console (the server, at start; tests). */
export function installLiveSource(source: LiveSource | null): void {
  (globalThis as Record<symbol, LiveSource | null>)[slot] = source;
}

/** The running API, or null when pages are built or served without it. */
export function liveSource(): LiveSource | null {
  return (globalThis as Record<symbol, LiveSource | null | undefined>)[slot] ?? null;
}
