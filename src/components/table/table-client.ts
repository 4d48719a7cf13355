// Browser side of the console's tables: reads the state from the URL, applies it to the rows
// already in the page (the same pure module the server uses), and keeps the URL in step on
// every chip, filter and sort, with the back button restoring earlier states.
import {
  ariaSort,
  orderTableRows,
  parseTableState,
  serializeTableState,
  setFilter,
  toggleFilter,
  toggleSort,
  type TableRow,
  type TableSpec,
  type TableState,
} from '../../lib/table-state.ts';

/** Sets an attribute only when it changes: a write of the same value still costs a style pass. */
function setAttr(el: Element, name: string, value: string | null): void {
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

function setHidden(el: HTMLElement, hidden: boolean): void {
  if (el.hidden !== hidden) el.hidden = hidden;
}

/**
 * Puts a body's rows in the given order, moving only when the order differs: on load the server
 * has already rendered the default state, and moving every row would lay the table out again.
 */
function placeRows(body: HTMLTableSectionElement, wanted: HTMLTableRowElement[]): void {
  const current = [
    ...body.querySelectorAll<HTMLTableRowElement>(':scope > tr[data-row], :scope > tr[data-empty]'),
  ];
  if (current.length === wanted.length && current.every((el, i) => el === wanted[i])) return;
  body.append(...wanted);
}

function render(root: HTMLElement, spec: TableSpec, state: TableState): void {
  let shown = 0;
  let total = 0;
  for (const body of root.querySelectorAll<HTMLTableSectionElement>('tbody[data-rows]')) {
    const elements = new Map<TableRow, HTMLTableRowElement>();
    for (const el of body.querySelectorAll<HTMLTableRowElement>('tr[data-row]')) {
      elements.set(JSON.parse(el.dataset.row ?? '{}') as TableRow, el);
    }
    const rows = [...elements.keys()].sort((a, b) => Number(a._i) - Number(b._i));
    const ordered = orderTableRows(rows, state, spec);
    const wanted: HTMLTableRowElement[] = [];
    for (const { row, visible } of ordered) {
      const el = elements.get(row);
      if (!el) continue;
      setHidden(el, !visible);
      wanted.push(el);
      if (visible) shown += 1;
    }
    total += ordered.length;
    const empty = body.querySelector<HTMLTableRowElement>('tr[data-empty]');
    if (empty) {
      setHidden(
        empty,
        ordered.some((o) => o.visible),
      );
      wanted.push(empty);
    }
    placeRows(body, wanted);
  }
  for (const th of root.querySelectorAll<HTMLTableCellElement>('th[data-sort-col]')) {
    setAttr(th, 'aria-sort', ariaSort(state, th.dataset.sortCol ?? '') ?? null);
  }
  for (const chip of root.querySelectorAll<HTMLButtonElement>('button[data-filter-param]')) {
    const chosen = state.filters[chip.dataset.filterParam ?? ''] ?? '';
    setAttr(chip, 'aria-pressed', String(chosen === chip.dataset.filterValue));
  }
  for (const select of root.querySelectorAll<HTMLSelectElement>('select[data-filter-param]')) {
    const value = state.filters[select.dataset.filterParam ?? ''] ?? '';
    if (select.value !== value) select.value = value;
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-show-param]')) {
    setHidden(el, (state.filters[el.dataset.showParam ?? ''] ?? '') !== el.dataset.showValue);
  }
  const status = root.querySelector('[data-table-status]');
  const line = `Showing ${shown} of ${total} ${root.dataset.noun ?? 'rows'}`;
  if (status && status.textContent !== line) status.textContent = line;
}

function urlFor(state: TableState, spec: TableSpec): string {
  const query = serializeTableState(state, spec).toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}

function init(root: HTMLElement): void {
  const spec = JSON.parse(root.dataset.tableSpec ?? '{}') as TableSpec;
  let state = parseTableState(new URLSearchParams(location.search), spec);
  const go = (next: TableState) => {
    state = next;
    history.pushState(null, '', urlFor(state, spec));
    render(root, spec, state);
  };
  root.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    const sort = target.closest<HTMLButtonElement>('button[data-sort-key]');
    if (sort) return go(toggleSort(state, sort.dataset.sortKey ?? '', spec));
    const chip = target.closest<HTMLButtonElement>('button[data-filter-param]');
    if (chip) go(toggleFilter(state, chip.dataset.filterParam ?? '', chip.dataset.filterValue || null));
  });
  root.addEventListener('change', (event) => {
    const select = event.target as HTMLSelectElement;
    if (select.matches('select[data-filter-param]'))
      go(setFilter(state, select.dataset.filterParam ?? '', select.value));
  });
  // Rows whose values changed in the page (a live key status): apply the chips and sort again.
  root.addEventListener('estate:rows-changed', () => render(root, spec, state));
  window.addEventListener('popstate', () => {
    state = parseTableState(new URLSearchParams(location.search), spec);
    render(root, spec, state);
  });
  render(root, spec, state);
  root.dataset.ready = 'true';
}

/** Wires every table root on the page (once). */
export function initTables(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-table-root]:not([data-ready])'))
    init(root);
}
