// Webhook endpoints as the handler stores them, and the store's interface: the memory store (MSW,
// and the server's index over its endpoints file) and Postgres implement it.
import type { Environment } from '../environment.ts';
import type { MaybePromise } from '../maybe-promise.ts';

/** A webhook endpoint a caller registered, with its signing secrets (never listed). */
export interface WebhookEndpoint {
  /** `we_…`. */
  id: string;
  url: string;
  description: string;
  /** Event types it receives; `*` is every type. */
  enabled_events: string[];
  environment: Environment;
  livemode: boolean;
  status: 'enabled' | 'disabled';
  /** Why it was disabled (`gone`: it answered 410; `failing`: five days of failures; `deleted`). */
  disabled_reason: string | null;
  created: string;
  key_id: string;
  /** `whsec_…`, newest first; an older one signs too until its `expires_at` (a roll's overlap). */
  secrets: { secret: string; expires_at: string | null }[];
  /** The registration's Idempotency-Key and its body's SHA-256, if it sent one (never in an answer). */
  idempotency?: { key: string; sha256: string } | null;
}

/** What WebhookStore.add did: added it, or not (the environment is full, or the key was used). */
export type WebhookAddOutcome =
  { kind: 'added' } | { kind: 'full' } | { kind: 'existing'; endpoint: WebhookEndpoint };

/** Where webhook endpoints live; writes resolve once durable. */
export interface WebhookStore {
  /** Writes an endpoint as given (fixtures); the API adds with `add` and changes with `update`. */
  save(endpoint: WebhookEndpoint): Promise<void>;
  /**
   * Changes an endpoint in one step with every other change and removal of it: `change` gets it as
   * it is now and returns what to write, or null to write nothing. Resolves with what was written
   * (or null), or undefined when there is no such endpoint (a deleted one is never written back).
   */
  update(
    id: string,
    change: (current: WebhookEndpoint) => WebhookEndpoint | null,
  ): Promise<WebhookEndpoint | null | undefined>;
  /**
   * Adds a new endpoint unless its environment already has `max`, or the same API key registered
   * one with the same Idempotency-Key since `sinceMs` (that one is the answer). The checks and the
   * save are one step: concurrent registrations never pass `max` nor make two for one key.
   */
  add(endpoint: WebhookEndpoint, max: number, sinceMs: number): Promise<WebhookAddOutcome>;
  get(id: string): MaybePromise<WebhookEndpoint | undefined>;
  /** An environment's endpoints (deleted ones are gone), oldest first. */
  list(environment: Environment): MaybePromise<WebhookEndpoint[]>;
  /** Forgets an endpoint (after any change of it under way); false if there was none. */
  remove(id: string): Promise<boolean>;
}
