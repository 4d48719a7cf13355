// In-memory stores: orders, keys by hash and the catalog. Used by MSW (browser and node); the
// server keeps keys and the catalog here, and orders in its journal (server/order-journal.ts).
import type {
  Catalog,
  KeyRecord,
  KeyStore,
  OrderListPage,
  OrderListQuery,
  OrderStore,
  StoredOrder,
} from './deps.ts';

/** Orders in a Map; `create` resolves at once (nothing to make durable). */
export class MemoryOrderStore implements OrderStore {
  private readonly orders = new Map<string, StoredOrder>();

  /** Stores an order. */
  create(order: StoredOrder): Promise<void> {
    this.orders.set(order.id, order);
    return Promise.resolve();
  }

  /** An order by id. */
  get(id: string): StoredOrder | undefined {
    return this.orders.get(id);
  }

  /** An environment's orders, newest first (created_at, then id), one page at a time. */
  list(query: OrderListQuery): OrderListPage | null {
    const cursor = query.startingAfter === undefined ? undefined : this.orders.get(query.startingAfter);
    if (query.startingAfter !== undefined && cursor?.environment !== query.environment) return null;
    const newestFirst = [...this.orders.values()]
      .filter((o) => o.environment === query.environment)
      .filter((o) => query.customer === undefined || o.customer === query.customer)
      .filter((o) => cursor === undefined || compareOrders(o, cursor) < 0)
      .sort((a, b) => compareOrders(b, a));
    return { orders: newestFirst.slice(0, query.limit), hasMore: newestFirst.length > query.limit };
  }

  /** How many orders are stored. */
  count(): number {
    return this.orders.size;
  }

  /** Every stored order, oldest first. */
  all(): StoredOrder[] {
    return [...this.orders.values()];
  }

  /** Forgets every order (tests, MSW reset). */
  reset(): void {
    this.orders.clear();
  }
}

/** Orders in time: created_at, then id (the order every store lists them in). */
export function compareOrders(a: StoredOrder, b: StoredOrder): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Keys by hex SHA-256; new keys can be added while running (issued keys). */
export class MapKeyStore implements KeyStore {
  private readonly byHash = new Map<string, KeyRecord>();

  constructor(entries: Iterable<[string, KeyRecord]> = []) {
    for (const [hash, key] of entries) this.byHash.set(hash, key);
  }

  /** Adds or replaces the key with this hash. */
  add(hashHex: string, key: KeyRecord): void {
    this.byHash.set(hashHex, key);
  }

  /** The key whose material hashes to `hashHex`. */
  findByHash(hashHex: string): KeyRecord | undefined {
    return this.byHash.get(hashHex);
  }

  /** How many keys are known. */
  size(): number {
    return this.byHash.size;
  }
}

/** Customers and SKUs as sets. */
export class SetCatalog implements Catalog {
  private readonly customers: Set<string>;
  private readonly skus: Set<string>;

  constructor(customerIds: Iterable<string>, skus: Iterable<string>) {
    this.customers = new Set(customerIds);
    this.skus = new Set(skus);
  }

  /** Whether the customer exists. */
  hasCustomer(customerId: string): boolean {
    return this.customers.has(customerId);
  }

  /** Whether the sku exists. */
  hasSku(sku: string): boolean {
    return this.skus.has(sku);
  }
}
