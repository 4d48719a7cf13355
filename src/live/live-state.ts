// What a target's page shows of the state the API enforces now, after the changes made on this
// server: the prerendered page shows the simulated workspace (a key's rpm and quota, a route's
// deprecation, a consumer's plan), so its History island says where the live state differs. Read
// from the newest audit entry of the target, whose `after` is the target's whole view, unless a
// demo reset came after it (then the target is as simulated again).
import type { AuditEntry } from '../manage/audit.ts';
import { formatDate, formatInteger } from '../lib/format.ts';
import { liveView } from './list-patch.ts';

/** One fact as the API enforces it now. */
export interface LiveFact {
  label: string;
  value: string;
  /** A page the value names (a successor route). */
  href?: string;
}

/** The state a target's newest change left, as facts; null when it is as simulated. */
export interface LiveState {
  facts: LiveFact[];
  /** The entry that set it. */
  entryId: string;
  time: string;
}

type View = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const count = (value: unknown) => (typeof value === 'number' ? formatInteger(value) : '—');
const day = (value: unknown) => (typeof value === 'string' ? formatDate(value) : 'none');

// A key's status is not here: it moves with time (a rotation ends, an expiry passes), and the page's
// live lifecycle shows it as of now.
function keyFacts(view: View): LiveFact[] {
  return [
    { label: 'RPM budget', value: `${count(view.rpm_budget)} / min` },
    { label: 'Quota', value: `${count(view.quota_orders_per_month)} orders / month` },
    { label: 'Expires', value: view.expires_at === null ? 'never' : day(view.expires_at) },
  ];
}

function routeFacts(view: View): LiveFact[] {
  if (view.deprecated !== true) return [{ label: 'Deprecated', value: 'No' }];
  const successor = text(view.successor_route_id);
  return [
    { label: 'Deprecated', value: `Yes, since ${day(view.deprecated_at)}` },
    { label: 'Sunset', value: day(view.sunset_at) },
    successor
      ? { label: 'Successor', value: successor, href: `/app/api/routes/${successor}` }
      : { label: 'Successor', value: 'none' },
  ];
}

function consumerFacts(view: View): LiveFact[] {
  return [
    { label: 'Plan', value: text(view.plan) ?? '—' },
    { label: 'Quota', value: `${count(view.quota_requests_per_period)} requests / period` },
  ];
}

/**
 * The live state of a target from its newest entry (`newest`), or null: no change yet, a demo reset
 * (`resetSeq`, the newest reset's seq) since, or an entry whose after is not the target's view.
 */
export function liveStateOf(
  targetType: 'key' | 'route' | 'consumer',
  newest: AuditEntry | undefined,
  resetSeq: number,
): LiveState | null {
  const view = liveView(newest, resetSeq);
  if (newest === undefined || view === null) return null;
  const facts =
    targetType === 'key' ? keyFacts(view) : targetType === 'route' ? routeFacts(view) : consumerFacts(view);
  return { facts, entryId: newest.id, time: newest.time };
}
