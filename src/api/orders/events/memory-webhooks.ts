// Webhook endpoints in a Map: MSW's store, and the server's index over its endpoints file.
import type { KeyRecord, WebhookAddOutcome, WebhookEndpoint, WebhookStore } from '../deps.ts';

/** Endpoints in memory; `persist` (the server's file) makes each change durable first. */
export class MemoryWebhookStore implements WebhookStore {
  private readonly endpoints = new Map<string, WebhookEndpoint>();
  /** The last change under way of each endpoint (by id) and registration of each environment. */
  private readonly turns = new Map<string, Promise<void>>();
  private readonly persist: (change: WebhookEndpoint | { id: string; removed: true }) => Promise<void>;

  constructor(
    restored: Iterable<WebhookEndpoint> = [],
    persist: (change: WebhookEndpoint | { id: string; removed: true }) => Promise<void> = () =>
      Promise.resolve(),
  ) {
    for (const endpoint of restored) this.endpoints.set(endpoint.id, endpoint);
    this.persist = persist;
  }

  /** Adds or replaces an endpoint. */
  async save(endpoint: WebhookEndpoint): Promise<void> {
    await this.persist(endpoint);
    this.endpoints.set(endpoint.id, endpoint);
  }

  /**
   * Adds a new endpoint unless its environment has `max` or its Idempotency-Key was used
   * (WebhookStore.add): one registration of an environment at a time, as Postgres's lock has it.
   */
  add(endpoint: WebhookEndpoint, max: number, sinceMs: number): Promise<WebhookAddOutcome> {
    return this.inTurn(`environment ${endpoint.environment}`, async (): Promise<WebhookAddOutcome> => {
      const existing = endpoint.idempotency ? this.registeredWith(endpoint, sinceMs) : undefined;
      if (existing) return { kind: 'existing', endpoint: existing };
      if (this.list(endpoint.environment).length >= max) return { kind: 'full' };
      await this.save(endpoint);
      return { kind: 'added' };
    });
  }

  /** The endpoint the same API key registered with the same Idempotency-Key since `sinceMs`. */
  private registeredWith(endpoint: WebhookEndpoint, sinceMs: number): WebhookEndpoint | undefined {
    return this.list(endpoint.environment).find(
      (e) =>
        e.key_id === endpoint.key_id &&
        e.idempotency?.key === endpoint.idempotency?.key &&
        Date.parse(e.created) >= sinceMs,
    );
  }

  /** An endpoint by id. */
  get(id: string): WebhookEndpoint | undefined {
    return this.endpoints.get(id);
  }

  /** An environment's endpoints, oldest first. */
  list(environment: KeyRecord['environment']): WebhookEndpoint[] {
    return [...this.endpoints.values()].filter((e) => e.environment === environment);
  }

  /** Every endpoint (the delivery worker). */
  all(): WebhookEndpoint[] {
    return [...this.endpoints.values()];
  }

  /** Changes an endpoint after any other change or removal of it has ended (WebhookStore.update). */
  update(
    id: string,
    change: (current: WebhookEndpoint) => WebhookEndpoint | null,
  ): Promise<WebhookEndpoint | null | undefined> {
    return this.inTurn(id, async () => {
      const current = this.endpoints.get(id);
      if (!current) return undefined;
      const next = change(current);
      if (next !== null) await this.save(next);
      return next;
    });
  }

  /** Forgets an endpoint, after any change of it under way. */
  remove(id: string): Promise<boolean> {
    return this.inTurn(id, async () => {
      if (!this.endpoints.has(id)) return false;
      await this.persist({ id, removed: true });
      this.endpoints.delete(id);
      return true;
    });
  }

  /** Runs `work` once every earlier work under `id` has ended: one at a time per id. */
  private inTurn<T>(id: string, work: () => Promise<T>): Promise<T> {
    const turn = (this.turns.get(id) ?? Promise.resolve()).then(work);
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(id, settled);
    void settled.then(() => {
      if (this.turns.get(id) === settled) this.turns.delete(id);
    });
    return turn;
  }

  /** Forgets every endpoint (MSW reset). */
  reset(): void {
    this.endpoints.clear();
  }
}
