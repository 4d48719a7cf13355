// Browser side of the live key lifecycle: live fragments (server islands) carry each key's status
// now as JSON (`script[data-key-lifecycles]`); this patches the prerendered status badges and the
// registry rows to match, and tells the registry's table to apply its chips again.

import type { KeyStatusPatch } from '../../live/key-status-patch.ts';
import { drawBadge, mergeRow, onLivePayloads, rowsChanged } from './live-payload-client.ts';

/** Calls `apply` once for every key-status payload in the page, now and as fragments arrive. */
export function onKeyStatuses(apply: (patches: Record<string, KeyStatusPatch>) => void): void {
  onLivePayloads('script[data-key-lifecycles]', apply);
}

/** Patches every `[data-key-status-of]` badge and registry row of the keys named. */
export function applyKeyStatuses(patches: Record<string, KeyStatusPatch>): void {
  const roots = new Set<Element>();
  for (const [keyId, patch] of Object.entries(patches)) {
    for (const holder of document.querySelectorAll<HTMLElement>(
      `[data-key-status-of="${CSS.escape(keyId)}"]`,
    )) {
      const badge = holder.querySelector<HTMLElement>('.badge');
      if (badge) {
        drawBadge(badge, patch.tone, patch.icon, patch.text);
        badge.title = patch.title;
      }
      holder.dataset.statusSource = 'live';
      const row = holder.closest<HTMLTableRowElement>('tr[data-row]');
      if (row) mergeRow(row, { status: patch.status }, roots);
    }
  }
  rowsChanged(roots);
}
