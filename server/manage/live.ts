// The live source the server hands the console (src/live/source.ts): its request log, the keys
// the management journal holds, and the audit trail, all read from this process's ledger (the
// embedded journal or Postgres alike), never from files the pages would open themselves.
import type { RequestLogReader } from '../../src/api/request-log.ts';
import { IssuedKeys } from '../../src/lib/issued-keys.ts';
import type { LiveSource } from '../../src/live/source.ts';
import { pageOf } from '../../src/manage/audit.ts';
import { defaultAuditRetentionDays, type ManageDeps } from '../../src/manage/deps.ts';
import type { OrdersDeps } from '../../src/api/orders/deps.ts';
import { endpointsConsole, type WebhookEndpointsConsole } from '../../src/live/webhook-endpoints.ts';

/** The console's live source over a request log and the management deps. */
export function liveSourceOf(
  log: RequestLogReader,
  manage: ManageDeps,
  startedAtMs = Date.now(),
): LiveSource {
  let folded = new IssuedKeys();
  let foldedLines = 0;
  return {
    startedAtMs,
    log,
    keys() {
      const lines = manage.store.current().keyLines;
      // The fold is cached until the journal has more key lines.
      if (lines.length !== foldedLines) {
        folded = new IssuedKeys();
        for (const line of lines) folded.apply(line);
        foldedLines = lines.length;
      }
      return folded;
    },
    audit(query) {
      const oldestMs = manage.clock.now() - (manage.retentionDays ?? defaultAuditRetentionDays) * 86_400_000;
      return pageOf(manage.store.current().entries, query, oldestMs);
    },
    auditEntry(id) {
      return manage.store.current().entries.findLast((entry) => entry.id === id);
    },
  };
}

/** The console's view of the webhook endpoints, each named after the consumer its key belongs to. */
export function liveEndpoints(deps: OrdersDeps, manage: ManageDeps): WebhookEndpointsConsole | undefined {
  const { events, webhooks, deliveries } = deps;
  if (!events || !webhooks || !deliveries) return undefined;
  return endpointsConsole({
    events,
    webhooks,
    deliveries,
    clock: deps.clock,
    consumerOfKey: (keyId) => {
      const state = manage.store.current().state;
      const consumerId = state.keys.get(keyId)?.consumer_id ?? null;
      const consumer = consumerId === null ? undefined : state.consumers.get(consumerId);
      return consumer ? { consumer_id: consumer.consumer_id, name: consumer.name } : null;
    },
  });
}
