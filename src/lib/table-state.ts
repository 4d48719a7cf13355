// The console's table state (sort, chips, filters) and how it lives in the URL. Pure and shared:
// the server applies it when rendering per request, the browser applies it on load, on every
// click and on the back button, so both agree on the rows shown and their order.

/** A cell value a table can sort or filter on. */
export type CellValue = string | number | boolean | null;

/** One table row as the state logic sees it: named values, no markup. */
export type TableRow = Readonly<Record<string, CellValue>>;

/** Sort direction. */
export type SortDir = 'asc' | 'desc';

/** A sortable column: the row field it reads, how to compare, and the direction of a first click. */
export interface SortSpec {
  field: string;
  type: 'number' | 'text';
  firstDir: SortDir;
}

/** A URL parameter that keeps rows whose field equals the chosen option's value (one at a time). */
export interface FilterSpec {
  param: string;
  options: Record<string, { field: string; equals: string }>;
}

/** Everything a table's state logic needs; plain data so it can travel to the browser as JSON. */
export interface TableSpec {
  sorts: Record<string, SortSpec>;
  defaultSort: { key: string; dir: SortDir };
  filters: FilterSpec[];
}

/** The state of a table: a sort key and direction, and the chosen option per filter parameter. */
export interface TableState {
  sort: string;
  dir: SortDir;
  filters: Record<string, string>;
}

/** The entry of a spec record under a name from outside (a URL), never one inherited from Object.prototype. */
function own<T>(record: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/** The state when the URL says nothing: the default sort, no filters. */
export function defaultState(spec: TableSpec): TableState {
  return { sort: spec.defaultSort.key, dir: spec.defaultSort.dir, filters: {} };
}

/** Reads the state from URL parameters; unknown or invalid values fall back to the defaults. */
export function parseTableState(params: URLSearchParams, spec: TableSpec): TableState {
  const state = defaultState(spec);
  const sort = params.get('sort');
  const column = sort === null ? undefined : own(spec.sorts, sort);
  if (sort !== null && column) {
    state.sort = sort;
    state.dir = column.firstDir;
  }
  const dir = params.get('dir');
  if (dir === 'asc' || dir === 'desc') state.dir = dir;
  for (const filter of spec.filters) {
    const value = params.get(filter.param);
    if (value !== null && own(filter.options, value)) state.filters[filter.param] = value;
  }
  return state;
}

/** Writes the state as URL parameters, leaving out whatever equals the default (short, shareable URLs). */
export function serializeTableState(state: TableState, spec: TableSpec): URLSearchParams {
  const params = new URLSearchParams();
  for (const filter of spec.filters) {
    const value = state.filters[filter.param];
    if (value !== undefined) params.set(filter.param, value);
  }
  const isDefault = state.sort === spec.defaultSort.key && state.dir === spec.defaultSort.dir;
  if (!isDefault) {
    params.set('sort', state.sort);
    params.set('dir', state.dir);
  }
  return params;
}

/** The state after clicking a sort header: same column flips direction, a new one starts at its first direction. */
export function toggleSort(state: TableState, key: string, spec: TableSpec): TableState {
  const column = own(spec.sorts, key);
  if (!column) return state;
  const dir = state.sort === key ? (state.dir === 'asc' ? 'desc' : 'asc') : column.firstDir;
  return { ...state, sort: key, dir };
}

/** The state after pressing a chip or choosing an option: pressing the active one clears it. */
export function toggleFilter(state: TableState, param: string, value: string | null): TableState {
  const filters = { ...state.filters };
  if (value === null || value === '' || filters[param] === value) delete filters[param];
  else filters[param] = value;
  return { ...state, filters };
}

/** The state after choosing an option in a select: an empty choice clears the filter. */
export function setFilter(state: TableState, param: string, value: string | null): TableState {
  const filters = { ...state.filters };
  if (value === null || value === '') delete filters[param];
  else filters[param] = value;
  return { ...state, filters };
}

/** Whether a row passes every active filter. */
export function rowMatches(row: object, state: TableState, spec: TableSpec): boolean {
  const values = row as TableRow;
  return spec.filters.every((filter) => {
    const chosen = state.filters[filter.param];
    const option = chosen === undefined ? undefined : own(filter.options, chosen);
    return option === undefined || String(values[option.field]) === option.equals;
  });
}

function comparable(value: CellValue, type: SortSpec['type']): number | string | null {
  if (value === null || value === '') return null;
  if (type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isNaN(n) ? null : n;
  }
  return String(value).toLowerCase();
}

/** Compares two rows under a sort; empty values always sort last, ties keep their original order. */
export function compareRows(a: object, b: object, state: TableState, spec: TableSpec): number {
  const column = own(spec.sorts, state.sort);
  if (!column) return 0;
  const x = comparable((a as TableRow)[column.field] ?? null, column.type);
  const y = comparable((b as TableRow)[column.field] ?? null, column.type);
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  const order = x < y ? -1 : x > y ? 1 : 0;
  return state.dir === 'asc' ? order : -order;
}

/** The rows to show, in order: filtered by the state's filters and stably sorted by its sort. */
export function applyTableState<Row extends object>(
  rows: readonly Row[],
  state: TableState,
  spec: TableSpec,
): Row[] {
  return rows.filter((row) => rowMatches(row, state, spec)).sort((a, b) => compareRows(a, b, state, spec));
}

/** Every row in display order, each marked visible or not (the server keeps hidden rows for the browser). */
export function orderTableRows<Row extends object>(
  rows: readonly Row[],
  state: TableState,
  spec: TableSpec,
): { row: Row; visible: boolean }[] {
  return screenRows(rows, state, spec).map(({ row, visible }) => ({ row, visible }));
}

/** The `aria-sort` value of a column header under the state (undefined when not the sort column). */
export function ariaSort(state: TableState, key: string): 'ascending' | 'descending' | undefined {
  if (state.sort !== key) return undefined;
  return state.dir === 'asc' ? 'ascending' : 'descending';
}

/** The state a page renders with: the default when prerendered (no query string exists), else the URL's. */
export function requestState(url: URL, isPrerendered: boolean, spec: TableSpec): TableState {
  return isPrerendered ? defaultState(spec) : parseTableState(url.searchParams, spec);
}

/** The values of a row the browser needs to filter and sort it, with its position in the default order. */
export function rowData(row: object, spec: TableSpec, index: number): string {
  const values = row as Readonly<Record<string, unknown>>;
  const fields = new Set<string>([
    ...Object.values(spec.sorts).map((s) => s.field),
    ...spec.filters.flatMap((f) => Object.values(f.options).map((o) => o.field)),
  ]);
  const data: Record<string, CellValue> = { _i: index };
  for (const field of fields) data[field] = (values[field] ?? null) as CellValue;
  return JSON.stringify(data);
}

/** A screen's rows in display order, each with its visibility and its position in the default order. */
export function screenRows<Row extends object>(
  rows: readonly Row[],
  state: TableState,
  spec: TableSpec,
): { row: Row; visible: boolean; index: number }[] {
  const indexed = rows.map((row, index) => ({ row, index }));
  return [...indexed]
    .sort((a, b) => compareRows(a.row, b.row, state, spec))
    .map(({ row, index }) => ({ row, visible: rowMatches(row, state, spec), index }));
}
