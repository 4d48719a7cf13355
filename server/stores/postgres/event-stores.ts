// Events and webhook endpoints on Postgres: raised events in `events` (inserted with their
// deliveries in one statement), endpoints in `webhook_endpoints`, and whether an event's deliveries
// succeeded read from webhook_deliveries and webhook_attempts. Order events are the orders' rows. An
// attempt that disables its endpoint commits with the disabling and its endpoint.disabled.
import type {
  StoredEvent,
  WebhookAddOutcome,
  WebhookEndpoint,
  WebhookStore,
} from '../../../src/api/orders/deps.ts';
import type { RaisedEvents } from '../../../src/api/orders/events/derived-events.ts';
import type { PostgresDatabase } from './database.ts';
import { postgresSql } from './sql.ts';

const q = <Row extends object>(db: PostgresDatabase, name: string, values: unknown[]) =>
  db.query<Row>(name, postgresSql(name), values);

/** insert_event's values: an event and, in the same statement, its deliveries. */
const eventRow = (event: StoredEvent) => [
  event.id,
  event.type,
  event.created,
  event.environment,
  JSON.stringify(event),
];

/** save_webhook's values. */
const webhookRow = (e: WebhookEndpoint) => [
  e.id,
  e.environment,
  e.status,
  e.enabled_events,
  e.created,
  JSON.stringify(e),
];

/** Raised events in the `events` table. */
export class PostgresRaisedEvents implements RaisedEvents {
  private readonly db: PostgresDatabase;

  constructor(db: PostgresDatabase) {
    this.db = db;
  }

  /** Inserts an event and its deliveries (one statement: one transaction). */
  async add(event: StoredEvent): Promise<void> {
    await q(this.db, 'insert_event', eventRow(event));
  }

  /** A raised event by id. */
  async get(id: string): Promise<StoredEvent | undefined> {
    const [row] = await q<{ body: StoredEvent }>(this.db, 'event_by_id', [id]);
    return row?.body;
  }

  /** An environment's raised events, newest first. */
  async newestFirst(environment: StoredEvent['environment']): Promise<StoredEvent[]> {
    const rows = await q<{ body: StoredEvent }>(this.db, 'events_newest', [environment]);
    return rows.map((row) => row.body);
  }
}

/** Webhook endpoints in `webhook_endpoints`, shared by every worker. */
export class PostgresWebhookStore implements WebhookStore {
  private readonly db: PostgresDatabase;

  constructor(db: PostgresDatabase) {
    this.db = db;
  }

  /** Adds or replaces an endpoint. */
  async save(e: WebhookEndpoint): Promise<void> {
    await q(this.db, 'save_webhook', webhookRow(e));
  }

  /** Adds a new endpoint unless its environment is full or its Idempotency-Key was used, under a lock per environment. */
  add(e: WebhookEndpoint, max: number, sinceMs: number): Promise<WebhookAddOutcome> {
    return this.db.transaction('add_webhook', async (query): Promise<WebhookAddOutcome> => {
      await query(postgresSql('add_webhook_lock'), [e.environment]);
      if (e.idempotency) {
        const [row] = await query(postgresSql('webhook_by_idempotency_key'), [
          e.environment,
          e.key_id,
          e.idempotency.key,
          new Date(sinceMs).toISOString(),
        ]);
        if (row) return { kind: 'existing', endpoint: row.body as WebhookEndpoint };
      }
      const [count] = await query(postgresSql('count_webhooks_of_environment'), [e.environment]);
      if (Number(count?.n ?? 0) >= max) return { kind: 'full' };
      await query(postgresSql('save_webhook'), webhookRow(e));
      return { kind: 'added' };
    });
  }

  /** Changes an endpoint with its row locked (WebhookStore.update). */
  update(
    id: string,
    change: (current: WebhookEndpoint) => WebhookEndpoint | null,
  ): Promise<WebhookEndpoint | null | undefined> {
    return this.db.transaction('update_webhook', async (query) => {
      const [row] = await query(postgresSql('webhook_for_update'), [id]);
      if (!row) return undefined;
      const next = change(row.body as WebhookEndpoint);
      if (next === null) return null;
      await query(postgresSql('update_webhook'), [
        id,
        next.status,
        next.enabled_events,
        JSON.stringify(next),
      ]);
      return next;
    });
  }

  /** An endpoint by id. */
  async get(id: string): Promise<WebhookEndpoint | undefined> {
    const [row] = await q<{ body: WebhookEndpoint }>(this.db, 'webhook_by_id', [id]);
    return row?.body;
  }

  /** An environment's endpoints, oldest first. */
  async list(environment: WebhookEndpoint['environment']): Promise<WebhookEndpoint[]> {
    const rows = await q<{ body: WebhookEndpoint }>(this.db, 'webhooks_of_environment', [environment]);
    return rows.map((row) => row.body);
  }

  /** Forgets an endpoint and its waiting deliveries. */
  async remove(id: string): Promise<boolean> {
    return (await q(this.db, 'delete_webhook', [id])).length > 0;
  }
}

/**
 * A failed attempt that disables its endpoint, in one transaction, so a kill -9 leaves all of it or
 * none: the attempt recorded and its delivery settled (attempt_settled, `settled` its values), the
 * endpoint `id` disabled for `reason` if it is still enabled, its waiting deliveries dropped, and the
 * `endpoint.disabled` that `announce` makes of it inserted with its deliveries. Returns the endpoint
 * disabled, or undefined when it was disabled already or is gone: of several servers refused at
 * once, the first to lock its row disables it and says so, and the others find it disabled. Locks
 * are taken in the order of every writer of these tables, the delivery before its endpoint, and
 * nothing is waited for once the endpoint is held (its other deliveries are dropped SKIP LOCKED).
 */
export function settleDisabling(
  db: PostgresDatabase,
  settled: unknown[],
  id: string,
  reason: string,
  announce: (disabled: WebhookEndpoint) => StoredEvent,
): Promise<WebhookEndpoint | undefined> {
  return db.transaction('settle_disabling', async (query) => {
    await query(postgresSql('attempt_settled'), settled);
    const [row] = (await query(postgresSql('disable_webhook'), [id, reason])) as { body: WebhookEndpoint }[];
    if (!row) return undefined;
    await query(postgresSql('drop_endpoint_deliveries'), [id]);
    await query(postgresSql('insert_event'), eventRow(announce(row.body)));
    return row.body;
  });
}

/** Whether an event's deliveries all succeeded (true), some wait or failed (false), or it had none. */
export async function postgresDeliveryOutcome(
  db: PostgresDatabase,
  eventId: string,
): Promise<boolean | undefined> {
  const [row] = await q<{ pending: number; failed: number; attempts: number }>(db, 'event_delivery_state', [
    eventId,
  ]);
  if (!row || (row.pending === 0 && row.attempts === 0)) return undefined;
  return row.pending === 0 && row.failed === 0;
}
