// Webhook endpoints in a Map: MSW's store, and the server's index over its endpoints file.
import type { KeyRecord, WebhookEndpoint, WebhookStore } from '../deps.ts';

/** Endpoints in memory; `persist` (the server's file) makes each change durable first. */
export class MemoryWebhookStore implements WebhookStore {
  private readonly endpoints = new Map<string, WebhookEndpoint>();
  /** New endpoints being made durable, by environment: they count toward its limit already. */
  private readonly adding = new Map<string, number>();
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

  /** Adds a new endpoint unless its environment has `max` (those being saved counted too). */
  async add(endpoint: WebhookEndpoint, max: number): Promise<boolean> {
    const { environment } = endpoint;
    const adding = this.adding.get(environment) ?? 0;
    if (this.list(environment).length + adding >= max) return false;
    this.adding.set(environment, adding + 1);
    try {
      await this.save(endpoint);
      return true;
    } finally {
      this.adding.set(environment, (this.adding.get(environment) ?? 1) - 1);
    }
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

  /** Forgets an endpoint. */
  async remove(id: string): Promise<boolean> {
    if (!this.endpoints.has(id)) return false;
    await this.persist({ id, removed: true });
    this.endpoints.delete(id);
    return true;
  }

  /** Forgets every endpoint (MSW reset). */
  reset(): void {
    this.endpoints.clear();
  }
}
