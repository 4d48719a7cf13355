// Browser side of the live key lifecycle: live fragments (server islands) carry each key's status
// now as JSON (`script[data-key-lifecycles]`); this patches the prerendered status badges and the
// registry rows to match, and tells the registry's table to apply its chips again.

import type { KeyStatusPatch } from '../../live/key-status-patch.ts';

/** Calls `apply` once for every key-status payload in the page, now and as fragments arrive. */
export function onKeyStatuses(apply: (patches: Record<string, KeyStatusPatch>) => void): void {
  const seen = new WeakSet<Element>();
  const scan = () => {
    for (const el of document.querySelectorAll('script[data-key-lifecycles]')) {
      if (seen.has(el)) continue;
      seen.add(el);
      try {
        apply(JSON.parse(el.textContent ?? '{}') as Record<string, KeyStatusPatch>);
      } catch {
        // A torn payload changes nothing: the page keeps the simulated state it was built with.
      }
    }
  };
  scan();
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
}

/** Sets a badge (Badge.astro's markup) to a status. */
function patchBadge(badge: HTMLElement, patch: KeyStatusPatch): void {
  badge.className = `badge badge--${patch.tone}`;
  badge.title = patch.title;
  badge.replaceChildren();
  const icon = document.createElement('span');
  icon.setAttribute('aria-hidden', 'true');
  icon.textContent = patch.icon;
  badge.append(icon, patch.text);
}

/** Patches every `[data-key-status-of]` badge and registry row of the keys named. */
export function applyKeyStatuses(patches: Record<string, KeyStatusPatch>): void {
  const roots = new Set<Element>();
  for (const [keyId, patch] of Object.entries(patches)) {
    for (const holder of document.querySelectorAll<HTMLElement>(
      `[data-key-status-of="${CSS.escape(keyId)}"]`,
    )) {
      const badge = holder.querySelector<HTMLElement>('.badge');
      if (badge) patchBadge(badge, patch);
      holder.dataset.statusSource = 'live';
      const row = holder.closest<HTMLTableRowElement>('tr[data-row]');
      if (row) {
        const data = JSON.parse(row.dataset.row ?? '{}') as Record<string, unknown>;
        row.dataset.row = JSON.stringify({ ...data, status: patch.status });
        const root = row.closest('[data-table-root]');
        if (root) roots.add(root);
      }
    }
  }
  for (const root of roots) root.dispatchEvent(new CustomEvent('estate:rows-changed'));
}
