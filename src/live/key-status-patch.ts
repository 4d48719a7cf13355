// A key's live status as the page shows it: the badge's text, tone and icon, and a sentence saying
// what changed it. Pure, so the server writes it and the browser applies it (key-status-client.ts).
import { capitalise, keyStatusTone, toneIcons } from '../lib/format-labels.ts';
import { formatInstant } from './format-live.ts';
import type { LiveKeyLifecycle } from './lifecycle-view.ts';

/** A key's status as a live fragment or the lifecycle endpoint states it, ready to show. */
export interface KeyStatusPatch {
  /** The status value the registry's chips filter on (active, expiring, revoked, rotated). */
  status: string;
  /** The badge's text, e.g. "Revoked", "Rotating, until 2026-11-29 10:00:00 UTC". */
  text: string;
  tone: string;
  icon: string;
  /** A sentence for the badge's tooltip: revoked when, rotated into what. */
  title: string;
}

const at = (iso: string) => formatInstant(Date.parse(iso));

/**
 * A key's status in words: "Rotating, until <instant>" while its old material works beside its
 * replacement (it is active, but not for long), else the status ("Expired", "Revoked").
 */
export function keyStatusText(l: Pick<LiveKeyLifecycle, 'status' | 'rotating' | 'rotation_ends_at'>): string {
  return l.rotating && l.rotation_ends_at
    ? `Rotating, until ${at(l.rotation_ends_at)}`
    : capitalise(l.status);
}

/** The tone of a key's live status: a rotation under way is information, not a problem. */
export const keyLiveTone = (l: Pick<LiveKeyLifecycle, 'status' | 'rotating'>) =>
  l.rotating ? 'info' : keyStatusTone(l.status);

/** What the page shows of a key's live lifecycle. */
export function keyStatusPatch(l: LiveKeyLifecycle): KeyStatusPatch {
  const tone = keyLiveTone(l);
  const title = l.revoked_at
    ? `Revoked on this server at ${at(l.revoked_at)}`
    : l.rotation_ends_at
      ? `Rotated on this server${l.replaced_by ? ` into ${l.replaced_by}` : ''}; ${l.rotating ? 'works until' : 'stopped at'} ${at(l.rotation_ends_at)}`
      : 'Live: as the running server applies it';
  return {
    status: l.status,
    text: keyStatusText(l),
    tone,
    icon: toneIcons[tone],
    title,
  };
}

/** The patches of several keys, by id (the JSON the page's script reads). */
export function keyStatusPatches(lifecycles: readonly LiveKeyLifecycle[]): Record<string, KeyStatusPatch> {
  return Object.fromEntries(lifecycles.map((l) => [l.key_id, keyStatusPatch(l)]));
}
