// Orders in Postgres with group commit: creates gather over a few turns of the event loop (as the
// journal's do), then each batch is one multi-row INSERT, which commits on its own, and every
// create in it resolves only after that commit. Up to `inFlight` batches run at once (one per
// connection); creates that arrive meanwhile form the next batch, so a busy server sends fewer,
// larger INSERTs. A batch Postgres refuses for one bad row is retried order by order, so one
// order's failure never refuses its neighbours. The request log's records go in statements of their
// own (./request-log.ts), never in an order's: see docs/decisions.md, "Order batches carry only orders".
import {
  isStoreUnavailable,
  type OrderListPage,
  type OrderListQuery,
  type OrderStore,
  type StoredOrder,
} from '../../../src/api/orders/deps.ts';
import { gatherThenFlush, type GatherPolicy } from '../../gather.ts';
import { postgresLimits, type PostgresDatabase } from './database.ts';
import type { IdempotentOrder } from '../order-lookups.ts';
import { postgresSql } from './sql.ts';

/** How creates are batched: gathering, the largest batch, and how many batches run at once. */
export type GroupCommitPolicy = GatherPolicy & { maxBatch: number; inFlight: number };

/** Group commit for Postgres: the journal's gathering, larger batches, a batch per pooled connection. */
export const postgresGroupCommit: GroupCommitPolicy = {
  gatherTurns: 3,
  batchTarget: 32,
  maxBatch: 1_000,
  inFlight: postgresLimits.poolSize - 2,
};

interface Pending {
  order: StoredOrder;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** An order's row as `orders` holds it (the driver's types). */
export interface OrderRow {
  id: string;
  customer: string;
  lines: StoredOrder['lines'];
  livemode: boolean;
  created_at: Date;
  key_id: string;
  environment: StoredOrder['environment'];
  idempotency_key: string | null;
  request_sha256: string | null;
  request_id: string | null;
}

/** An order store on Postgres; `create` resolves once the order's batch is committed. */
export class PostgresOrderStore implements OrderStore {
  private pending: Pending[] = [];
  private gathering = false;
  private running = 0;

  private readonly db: PostgresDatabase;
  private readonly policy: GroupCommitPolicy;

  /** `policy` other than the default only to measure it (bench/suites/stores.ts). */
  constructor(db: PostgresDatabase, policy = postgresGroupCommit) {
    this.db = db;
    this.policy = policy;
  }

  /** Queues an order for the next batch; resolves after its INSERT commits. */
  create(order: StoredOrder): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ order, resolve, reject });
      if (this.gathering) return;
      this.gathering = true;
      gatherThenFlush(
        () => this.pending.length,
        this.policy,
        () => {
          this.gathering = false;
          this.kick();
        },
      );
    });
  }

  /** A stored order by id. */
  async get(id: string): Promise<StoredOrder | undefined> {
    // Postgres text cannot hold NUL, so no stored id has one (`GET /v2/orders/ord_%00` is a 404).
    if (id.includes('\0')) return undefined;
    const [row] = await this.db.query<OrderRow>('order_by_id', postgresSql('order_by_id'), [id]);
    return row === undefined ? undefined : toStoredOrder(row);
  }

  /** An environment's orders, newest first (created_at, then id), one page at a time. */
  async list(query: OrderListQuery): Promise<OrderListPage | null> {
    let after: StoredOrder | undefined;
    if (query.startingAfter !== undefined) {
      after = await this.get(query.startingAfter);
      if (after?.environment !== query.environment) return null;
    }
    const rows = await this.db.query<OrderRow>('list_orders', postgresSql('list_orders'), [
      query.environment,
      query.customer ?? null,
      after?.created_at ?? null,
      after?.id ?? null,
      query.limit + 1,
    ]);
    return { orders: rows.slice(0, query.limit).map(toStoredOrder), hasMore: rows.length > query.limit };
  }

  /** How many orders are stored. */
  async count(): Promise<number> {
    const [row] = await this.db.query<{ orders: number }>('order_count', postgresSql('order_count'), []);
    return row?.orders ?? 0;
  }

  /** A key's newest order created with `idempotencyKey` at or after `sinceMs`, if any. */
  async findIdempotent(
    keyId: string,
    idempotencyKey: string,
    sinceMs: number,
  ): Promise<IdempotentOrder | undefined> {
    const [row] = await this.db.query<{ id: string; request_sha256: string | null; created_at: Date }>(
      'idempotent_order',
      postgresSql('idempotent_order'),
      [keyId, idempotencyKey, new Date(sinceMs).toISOString()],
    );
    if (row?.request_sha256 == null) return undefined;
    return { orderId: row.id, fingerprint: row.request_sha256, createdAtMs: row.created_at.getTime() };
  }

  /** How many orders `keyId` created in [fromMs, toMs): its plan quota's use in a month. */
  async countForKey(keyId: string, fromMs: number, toMs: number): Promise<number> {
    const [row] = await this.db.query<{ orders: number }>(
      'key_orders_between',
      postgresSql('key_orders_between'),
      [keyId, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
    );
    return row?.orders ?? 0;
  }

  /** Waits for every create already queued to be answered. */
  async drain(): Promise<void> {
    while (this.gathering || this.running > 0 || this.pending.length > 0)
      await new Promise((done) => setImmediate(done));
  }

  /** Starts batches while orders wait and a connection is free for them. */
  private kick(): void {
    while (this.pending.length > 0 && this.running < this.policy.inFlight) {
      const batch = this.pending.splice(0, this.policy.maxBatch);
      this.running++;
      void this.insert(batch).finally(() => {
        this.running--;
        this.kick();
      });
    }
  }

  /** Inserts a batch and answers each of its creates; a refused batch is tried one order at a time. */
  private async insert(batch: Pending[]): Promise<void> {
    try {
      await this.db.query('insert_orders', postgresSql('insert_orders'), columns(batch.map((p) => p.order)));
      for (const p of batch) p.resolve();
    } catch (error) {
      if (isStoreUnavailable(error) || batch.length === 1) {
        for (const p of batch) p.reject(error);
        return;
      }
      for (const p of batch) await this.insert([p]);
    }
  }
}

/** A batch as one array per column, in the INSERT's column order. */
function columns(orders: StoredOrder[]): unknown[][] {
  return [
    orders.map((o) => o.id),
    orders.map((o) => o.customer),
    orders.map((o) => JSON.stringify(o.lines)),
    orders.map((o) => o.livemode),
    orders.map((o) => o.created_at),
    orders.map((o) => o.key_id),
    orders.map((o) => o.environment),
    orders.map((o) => o.idempotency_key),
    orders.map((o) => o.request_sha256),
    orders.map((o) => o.request_id ?? null),
  ];
}

/** A row as the StoredOrder the journal would hold, its fields in the same order. */
export function toStoredOrder(row: OrderRow): StoredOrder {
  return {
    id: row.id,
    customer: row.customer,
    lines: row.lines,
    livemode: row.livemode,
    created_at: row.created_at.toISOString(),
    key_id: row.key_id,
    environment: row.environment,
    idempotency_key: row.idempotency_key,
    request_sha256: row.request_sha256,
    ...(row.request_id === null ? {} : { request_id: row.request_id }),
  };
}
