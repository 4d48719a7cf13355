// Browser side shared by the live patchers (./key-status-client.ts, ./live-list-client.ts): a live
// fragment (a server island) carries JSON in a script element that never runs; the page reads each
// one as it arrives, draws badges as Badge.astro does, and merges new values into a table's rows.

/** Calls `apply` once for every `selector` payload in the page, now and as fragments arrive. */
export function onLivePayloads<T>(selector: string, apply: (payload: T) => void): void {
  const seen = new WeakSet<Element>();
  const scan = () => {
    for (const el of document.querySelectorAll(selector)) {
      if (seen.has(el)) continue;
      seen.add(el);
      try {
        apply(JSON.parse(el.textContent ?? '{}') as T);
      } catch {
        // A torn payload changes nothing: the page keeps the simulated state it was built with.
      }
    }
  };
  scan();
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
}

/** Draws `badge` as Badge.astro's markup: its tone, its icon (hidden from readers) and its text. */
export function drawBadge(badge: HTMLElement, tone: string, icon: string, text: string): void {
  badge.className = `badge badge--${tone}`;
  const mark = document.createElement('span');
  mark.setAttribute('aria-hidden', 'true');
  mark.textContent = icon;
  badge.replaceChildren(mark, text);
}

/**
 * Merges `values` into a table row's `data-row` and notes its table in `roots`; dispatch
 * rowsChanged(roots) once every row is merged, so each table applies its chips and sort again.
 */
export function mergeRow(row: HTMLElement, values: Record<string, unknown>, roots: Set<Element>): void {
  const data = JSON.parse(row.dataset.row ?? '{}') as Record<string, unknown>;
  row.dataset.row = JSON.stringify({ ...data, ...values });
  const root = row.closest('[data-table-root]');
  if (root) roots.add(root);
}

/** Tells each table whose rows changed to apply its chips and sort again. */
export function rowsChanged(roots: Iterable<Element>): void {
  for (const root of roots) root.dispatchEvent(new CustomEvent('estate:rows-changed'));
}
