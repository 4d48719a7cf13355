// The planted stories: entities with fixed names (whatever the seed) that the console must find.
// data/README.md documents each one and the query that finds it.

/** Consumer whose nightly batch bursts over its key's rpm budget: many 429s, quota nearly burned. */
export const THROTTLE_STORM_CONSUMER = 'Halcyon Freight';
/** Consumer planted just over the 80% quota threshold. */
export const JUST_OVER_CONSUMER = 'Juniper Labs';
/** Consumer planted just under the 80% quota threshold. */
export const JUST_UNDER_CONSUMER = 'Copperleaf Retail';
/** Quota burn (% of plan quota) each planted consumer ends the period at. */
export const plantedBurnPct: Readonly<Record<string, number>> = {
  [THROTTLE_STORM_CONSUMER]: 96.5,
  [JUST_OVER_CONSUMER]: 80.4,
  [JUST_UNDER_CONSUMER]: 79.6,
};
/** The key never rotated since it was issued, long ago, shared by consumers who hold no other key. */
export const ROTATION_LAG_KEY = 'meridian-gateway-prod';
/** The consumers that depend on the rotation-lag key alone. */
export const ROTATION_LAG_CONSUMERS = ['Meridian Health', 'Meridian Pharmacy', 'Meridian Clinics'] as const;
/** AI-assistant consumers that still call the deprecated `POST /v1/orders`. */
export const ASSISTANT_CONSUMERS = ['Tessellate Shopping Agent', 'Orbit Concierge AI'] as const;
/** Function planted degraded (slow), and the endpoint it backs. */
export const DEGRADED_FUNCTION = 'search';
/** Function planted erroring (many 5xx), and the endpoint it backs. */
export const ERRORING_FUNCTION = 'shipment-create';
/** Keys issued but not used for 30 days or more (the last one never used). */
export const UNUSED_KEYS = [
  'legacy-reporting-prod',
  'partner-pilot-staging',
  'hackathon-sandbox',
  'bulk-import-prod',
  'mobile-beta-staging',
] as const;
/** Consumer that owns the documented demo sandbox key. */
export const DEMO_CONSUMER = 'Estate Demo';

/** A planted outage: part of a prod function's invocations fail within a window of one day. */
export interface PlantedIncident {
  /** The failing prod function. */
  fn: string;
  /** The day it happens, in days before as-of (1 = the last simulated day). */
  daysAgo: number;
  /** First minute of the window (UTC, 0–1439) and its length in minutes. */
  startMinute: number;
  minutes: number;
  /** Share of the function's invocations in the window that fail. */
  failRatio: number;
  /** The status the failures answer with. */
  status: 502 | 503 | 504;
}

/**
 * Outages that burn the error budget: a bad sku-lookup deploy (a fast burn that pages: 14.4× over
 * an hour) and an inventory-read upstream timing out for five hours (a slow burn: 6× over 6 hours).
 */
export const INCIDENTS: readonly PlantedIncident[] = [
  { fn: 'sku-lookup', daysAgo: 3, startMinute: 14 * 60 + 5, minutes: 70, failRatio: 0.3, status: 503 },
  { fn: 'inventory-read', daysAgo: 6, startMinute: 9 * 60, minutes: 300, failRatio: 0.1, status: 504 },
];

/**
 * The degraded function's instances run out of memory and restart from `daysAgo` days before as-of:
 * cold starts rise to `coldRate` of its invocations, each loading its index (`coldStartMs`), so the
 * p99 of its route drifts (the p99-drift alert).
 */
export const RESTARTS = { fn: DEGRADED_FUNCTION, daysAgo: 7, coldRate: 0.08, coldStartMs: 1500 } as const;
