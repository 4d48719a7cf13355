// What the management module needs from outside, injected so one module serves the HTTP API, the
// CLI (no server running) and the tests: the store, hashing, the preview tokens' key and a clock.
import type { Clock } from '../api/orders/deps.ts';
import type { Blast, Target } from './audit.ts';
import type { ManageStore, TextSha256 } from './ledger.ts';
import type { Hmac } from './preview-token.ts';

/** How long the trail serves entries, in days, unless ESTATE_AUDIT_RETENTION_DAYS says otherwise. */
export const defaultAuditRetentionDays = 400;

/** Everything the management module needs. */
export interface ManageDeps {
  store: ManageStore;
  /** Hex SHA-256 of a text (management keys, key material, the chain, idempotency fingerprints). */
  sha256: TextSha256;
  /** HMAC with the deployment's preview secret. */
  hmac: Hmac;
  clock: Clock;
  /** Request ids (`req_…`); default random. */
  requestId?: () => string;
  /** A target's blast radius now (the workspace's figures); zeros for a target it does not know. */
  blastOf(target: Target): Blast;
  /**
   * The console's what-if figures for a change, when the workspace has them (a roll or revoke: the
   * rotate what-if; a deprecation: the retire what-if); null otherwise.
   */
  whatIfOf?(
    action: string,
    target: Target,
  ): Record<string, unknown> | null | Promise<Record<string, unknown> | null>;
  /** Entries older than this many days are not served (default defaultAuditRetentionDays). */
  retentionDays?: number;
}

/** A target the workspace has no figures for. */
export const noBlast: Blast = { score: 0, dependents: 0, requests_per_day: 0 };
