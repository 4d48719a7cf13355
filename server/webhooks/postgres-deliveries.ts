// Postgres's EndpointDeliveries: an endpoint's attempts are rows of webhook_attempts, its backlog
// the rows of webhook_deliveries, and a resend an upsert of those rows (durable once answered;
// every worker then claims it as any other delivery).
import type {
  DeliveryAttempt,
  DeliveryBacklog,
  EndpointDeliveries,
} from '../../src/api/orders/events/endpoint-deliveries.ts';
import type { Clock } from '../../src/api/orders/deps.ts';
import type { PostgresDatabase } from '../stores/postgres/database.ts';
import { postgresSql } from '../stores/postgres/sql.ts';

/** One endpoint's deliveries in Postgres. */
export class PostgresEndpointDeliveries implements EndpointDeliveries {
  private readonly db: PostgresDatabase;
  private readonly clock: Clock;
  /** Told after a resend (the local worker looks for work at once). */
  private readonly onRequeue: () => void;

  constructor(db: PostgresDatabase, clock: Clock, onRequeue: () => void = () => undefined) {
    this.db = db;
    this.clock = clock;
    this.onRequeue = onRequeue;
  }

  /** The endpoint's latest attempts, newest first. */
  async attempts(endpointId: string, limit: number): Promise<DeliveryAttempt[]> {
    type Row = Omit<DeliveryAttempt, 'at' | 'next_at'> & { at: Date; next_at: Date | null };
    const rows = await this.db.query<Row>('endpoint_attempts', postgresSql('endpoint_attempts'), [
      endpointId,
      limit,
    ]);
    return rows.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      next_at: row.next_at?.toISOString() ?? null,
      latency_ms: Number(row.latency_ms),
    }));
  }

  /** How many deliveries wait, and when the soonest is due. */
  async backlog(endpointId: string): Promise<DeliveryBacklog> {
    const [row] = await this.db.query<{ waiting: number; next_at: Date | null }>(
      'endpoint_backlog',
      postgresSql('endpoint_backlog'),
      [endpointId],
    );
    return { waiting: row?.waiting ?? 0, next_attempt_at: row?.next_at?.toISOString() ?? null };
  }

  /** Of the events, those the endpoint received or waits for. */
  async deliveredOrWaiting(endpointId: string, eventIds: string[]): Promise<Set<string>> {
    const rows = await this.db.query<{ event_id: string }>(
      'endpoint_delivered_or_waiting',
      postgresSql('endpoint_delivered_or_waiting'),
      [endpointId, eventIds],
    );
    return new Set(rows.map((row) => row.event_id));
  }

  /** Sends the events again from attempt 1 (durable on resolve). */
  async requeue(endpointId: string, eventIds: string[]): Promise<void> {
    const due = new Date(this.clock.now()).toISOString();
    await this.db.query('requeue_deliveries', postgresSql('requeue_deliveries'), [endpointId, eventIds, due]);
    this.onRequeue();
  }
}
