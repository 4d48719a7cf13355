// What the Keys, Routes and Consumers lists show of the state the API enforces now: the lists are
// prerendered from the simulated workspace, so after a console act (a key's rpm budget, a route's
// deprecation, a consumer's plan) a row would contradict the API. Each target's newest audit entry
// since the last demo reset carries its whole view as `after` (as ./live-state.ts reads it for a
// detail page); this turns it into the row's cells and values. Pure, so the server writes it and the
// browser applies it (src/components/live/live-list-client.ts).
import { formatInteger } from '../lib/format.ts';
import { toneIcons } from '../lib/format-labels.ts';

/** A cell as the list draws it: text, muted text, or a badge (its tone and icon). */
export interface CellPatch {
  text: string;
  muted?: boolean;
  badge?: { tone: string; icon: string };
}

/** One list row as the API enforces it now: its `[data-live-cell]` cells and its `data-row` values. */
export interface RowPatch {
  /** The audit entry that set it. */
  entry: string;
  cells: Record<string, CellPatch>;
  values: Record<string, string | number | boolean>;
}

/** The rows of every key, route and consumer changed since the last reset, by id. */
export type ListPatches = Record<string, RowPatch>;

/**
 * The part of an audit entry read here (src/manage/audit.ts `AuditEntry` has it). Spelled out, not
 * imported: the browser's script imports this module's types, and the management contract is not
 * browser-safe.
 */
export interface ChangeEntry {
  id: string;
  seq: number;
  target: { type: string; id: string };
  after: unknown;
}

type View = Record<string, unknown>;

/**
 * The target's view its newest entry left (the entry's `after`), or null: no entry, one at or before
 * the newest demo reset (`resetSeq`, 0 when none: the reset put the target back as simulated), or an
 * `after` that is not a view. The lists read it here, a target's page in ./live-state.ts.
 */
export function liveView(
  entry: Pick<ChangeEntry, 'seq' | 'after'> | undefined,
  resetSeq: number,
): View | null {
  if (entry === undefined || entry.seq <= resetSeq) return null;
  const { after } = entry;
  return after !== null && typeof after === 'object' && !Array.isArray(after) ? (after as View) : null;
}

/** A row's patch from a target's view, or null when the view lacks the facts the list shows. */
function rowPatch(type: string, view: View, entry: string): RowPatch | null {
  const { plan, rpm_budget, deprecated } = view;
  if (type === 'key' && typeof plan === 'string' && typeof rpm_budget === 'number')
    return {
      entry,
      cells: { plan: { text: plan }, rpm: { text: formatInteger(rpm_budget) } },
      values: { plan, rpm_budget },
    };
  if (type === 'route' && typeof deprecated === 'boolean') {
    const cell = deprecated
      ? { text: 'Deprecated', badge: { tone: 'warn', icon: toneIcons.warn } }
      : { text: 'No', muted: true };
    return { entry, cells: { deprecated: cell }, values: { deprecated } };
  }
  if (type === 'consumer' && typeof plan === 'string')
    return { entry, cells: { plan: { text: plan } }, values: { plan } };
  return null;
}

/**
 * The lists' patches from audit entries in any order: each key's, route's and consumer's newest
 * entry after the newest demo reset (`resetSeq`, 0 when none), where its `after` is the target's
 * view. Nothing from before a reset: it put every target back as simulated.
 */
export function listPatches(entries: readonly ChangeEntry[], resetSeq: number): ListPatches {
  const newest = new Map<string, ChangeEntry>();
  for (const entry of entries) {
    if (entry.seq <= resetSeq) continue;
    const seen = newest.get(entry.target.id);
    if (seen === undefined || seen.seq < entry.seq) newest.set(entry.target.id, entry);
  }
  const patches: ListPatches = {};
  for (const [id, entry] of newest) {
    const view = liveView(entry, resetSeq);
    const patch = view && rowPatch(entry.target.type, view, entry.id);
    if (patch) patches[id] = patch;
  }
  return patches;
}
