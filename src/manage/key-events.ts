// The events a key change raises (docs/events.md): `key.revoked` and `key.rolled`, built from the
// change's audit entry alone, so the event is as durable as the change (its journal line or row):
// a process that dies before raising it raises it when it next reads the trail.
import type { StoredEvent } from '../api/orders/deps.ts';
import type { AuditEntry } from './audit.ts';

/** The event type each key action raises. */
export const keyEventTypes: Readonly<Record<string, string>> = {
  'key.revoke': 'key.revoked',
  'key.roll': 'key.rolled',
};

const environments = new Set<string>(['production', 'sandbox', 'staging']);

/** The id of the event an audit entry raises: named after the entry (`aud_X` → `evt_X`). */
export function keyEventId(entry: Pick<AuditEntry, 'id'>): string {
  return `evt_${entry.id.slice('aud_'.length)}`;
}

/** The event a change raises (its key as the change left it), or null for a change that raises none. */
export function keyEventOf(entry: AuditEntry): StoredEvent | null {
  const type = keyEventTypes[entry.action];
  const after = entry.after as Record<string, unknown> | null;
  const environment = after?.environment;
  if (type === undefined || !after || typeof environment !== 'string' || !environments.has(environment))
    return null;
  return {
    id: keyEventId(entry),
    object: 'event',
    type,
    created: new Date(Date.parse(entry.time)).toISOString(),
    livemode: environment === 'production',
    environment: environment as StoredEvent['environment'],
    data: { object: { object: 'key', ...after } },
    request: { id: entry.request_id, idempotency_key: entry.idempotency_key },
  };
}
