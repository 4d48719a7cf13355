// Browser side of the lists' live facts: a live fragment (a server island) carries what the API
// enforces now for every key, route and consumer changed since the last demo reset, as JSON
// (`script[data-live-list]`); this patches the prerendered rows' cells and their values for the
// table's chips and sort, as ./key-status-client.ts does for key status.

import type { CellPatch, ListPatches } from '../../live/list-patch.ts';
import { drawBadge, mergeRow, onLivePayloads, rowsChanged } from './live-payload-client.ts';

/** Calls `apply` once for every list payload in the page, now and as fragments arrive. */
export function onListPatches(apply: (patches: ListPatches) => void): void {
  onLivePayloads('script[data-live-list]', apply);
}

/** A cell's content as the list draws it (a badge as Badge.astro's markup). */
function cellContent(patch: CellPatch): Node {
  if (!patch.badge && !patch.muted) return document.createTextNode(patch.text);
  const el = document.createElement('span');
  if (patch.badge) drawBadge(el, patch.badge.tone, patch.badge.icon, patch.text);
  else {
    el.className = 'muted';
    el.textContent = patch.text;
  }
  return el;
}

/**
 * Patches every list row (`tr[data-id]`) named: its `[data-live-cell]` cells, its values
 * (`data-row`), and tells its table to apply the chips and sort again.
 */
export function applyListPatches(patches: ListPatches): void {
  const roots = new Set<Element>();
  for (const [id, patch] of Object.entries(patches)) {
    for (const row of document.querySelectorAll<HTMLTableRowElement>(`tr[data-id="${CSS.escape(id)}"]`)) {
      let patched = false;
      for (const [name, cellPatch] of Object.entries(patch.cells)) {
        const cell = row.querySelector<HTMLElement>(`[data-live-cell="${name}"]`);
        if (!cell) continue;
        cell.replaceChildren(cellContent(cellPatch));
        cell.dataset.liveSource = 'live';
        cell.title = `As the API enforces it since ${patch.entry}`;
        patched = true;
      }
      if (patched) mergeRow(row, patch.values, roots);
    }
  }
  rowsChanged(roots);
}
