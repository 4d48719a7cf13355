import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyTableState,
  ariaSort,
  defaultState,
  orderTableRows,
  screenRows,
  parseTableState,
  serializeTableState,
  toggleFilter,
  toggleSort,
  type TableSpec,
} from '../../src/lib/table-state.ts';
import { functionsTable, keysTable, routesTable } from '../../src/lib/table-state-specs.ts';

const spec: TableSpec = {
  sorts: {
    name: { field: 'name', type: 'text', firstDir: 'asc' },
    blast: { field: 'blast_score', type: 'number', firstDir: 'desc' },
  },
  defaultSort: { key: 'blast', dir: 'desc' },
  filters: [
    {
      param: 'chip',
      options: {
        revoked: { field: 'status', equals: 'revoked' },
        unused: { field: 'is_unused', equals: 'true' },
      },
    },
  ],
};

const rows = [
  { id: 'a', name: 'beta', blast_score: 40, status: 'active', is_unused: false },
  { id: 'b', name: 'Alpha', blast_score: 70, status: 'revoked', is_unused: true },
  { id: 'c', name: 'gamma', blast_score: null, status: 'revoked', is_unused: false },
  { id: 'd', name: 'delta', blast_score: 70, status: 'active', is_unused: true },
];
const ids = (list: { id: string }[]) => list.map((r) => r.id);

describe('parseTableState: URL → state', () => {
  it.each([
    ['', { sort: 'blast', dir: 'desc', filters: {} }], // nothing: the default sort
    ['sort=name', { sort: 'name', dir: 'asc', filters: {} }], // a column starts at its first direction
    ['sort=name&dir=desc', { sort: 'name', dir: 'desc', filters: {} }], // an explicit direction wins
    ['chip=revoked', { sort: 'blast', dir: 'desc', filters: { chip: 'revoked' } }], // a known chip
    ['chip=bogus&sort=nope&dir=up', { sort: 'blast', dir: 'desc', filters: {} }], // unknown values ignored
  ])('%j', (query, state) => expect(parseTableState(new URLSearchParams(query), spec)).toEqual(state));
});

describe('serializeTableState: state → URL (defaults left out)', () => {
  it.each([
    [{ sort: 'blast', dir: 'desc' as const, filters: {} }, ''], // the default is an empty query
    [{ sort: 'blast', dir: 'asc' as const, filters: {} }, 'sort=blast&dir=asc'], // reversed default
    [{ sort: 'name', dir: 'asc' as const, filters: { chip: 'unused' } }, 'chip=unused&sort=name&dir=asc'],
  ])('%j → %s', (state, query) => expect(serializeTableState(state, spec).toString()).toBe(query));

  it.each(['', 'chip=revoked', 'sort=name&dir=asc', 'chip=unused&sort=blast&dir=asc'])(
    'round-trips %j',
    (query) => {
      const state = parseTableState(new URLSearchParams(query), spec);
      expect(parseTableState(serializeTableState(state, spec), spec)).toEqual(state);
    },
  );
});

describe('toggleSort and toggleFilter: what a click does', () => {
  it('flips the direction on the sorted column and starts a new column at its first direction', () => {
    const start = defaultState(spec);
    expect(toggleSort(start, 'blast', spec)).toMatchObject({ sort: 'blast', dir: 'asc' });
    expect(toggleSort(start, 'name', spec)).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(toggleSort(start, 'missing', spec)).toBe(start);
  });
  it('presses a chip, replaces it with another, and clears it when pressed again', () => {
    const pressed = toggleFilter(defaultState(spec), 'chip', 'revoked');
    expect(pressed.filters).toEqual({ chip: 'revoked' });
    expect(toggleFilter(pressed, 'chip', 'unused').filters).toEqual({ chip: 'unused' });
    expect(toggleFilter(pressed, 'chip', 'revoked').filters).toEqual({});
    expect(toggleFilter(pressed, 'chip', '').filters).toEqual({});
  });
});

describe('applyTableState: rows shown and their order', () => {
  it.each([
    ['', ['b', 'd', 'a', 'c']], // blast desc, ties keep input order, empty values last
    ['dir=asc&sort=blast', ['a', 'b', 'd', 'c']], // ascending still puts empty values last
    ['sort=name', ['b', 'a', 'd', 'c']], // text sorts ignore case
    ['chip=revoked', ['b', 'c']], // a status chip
    ['chip=unused&sort=name', ['b', 'd']], // a boolean chip, with another sort
  ])('%j → %j', (query, expected) => {
    const state = parseTableState(new URLSearchParams(query), spec);
    expect(ids(applyTableState(rows, state, spec))).toEqual(expected);
  });

  it('keeps every row for the server, hidden ones marked, in the same order', () => {
    const state = parseTableState(new URLSearchParams('chip=revoked'), spec);
    const ordered = orderTableRows(rows, state, spec);
    expect(ordered.map((o) => [o.row.id, o.visible])).toEqual([
      ['b', true],
      ['d', false],
      ['a', false],
      ['c', true],
    ]);
  });

  it('gives a screen every row with its place in the default order, for the browser to restore it', () => {
    const state = parseTableState(new URLSearchParams('chip=revoked&sort=name'), spec);
    expect(screenRows(rows, state, spec).map((o) => [o.row.id, o.visible, o.index])).toEqual([
      ['b', true, 1],
      ['a', false, 0],
      ['d', false, 3],
      ['c', true, 2],
    ]);
  });

  it('gives aria-sort only to the sorted column', () => {
    const state = defaultState(spec);
    expect(ariaSort(state, 'blast')).toBe('descending');
    expect(ariaSort({ ...state, dir: 'asc' }, 'blast')).toBe('ascending');
    expect(ariaSort(state, 'name')).toBeUndefined();
  });
});

describe.each([
  ['keys', keysTable],
  ['routes', routesTable],
  ['functions', functionsTable],
])('the %s screen spec', (_name, screen) => {
  it('has a default sort among its sortable columns', () => {
    expect(screen.sorts[screen.defaultSort.key]).toBeDefined();
  });
  it('round-trips every filter option through the URL', () => {
    for (const filter of screen.filters) {
      for (const option of Object.keys(filter.options)) {
        const state = toggleFilter(defaultState(screen), filter.param, option);
        expect(parseTableState(serializeTableState(state, screen), screen)).toEqual(state);
      }
    }
  });
});

describe('names inherited from Object.prototype are unknown values', () => {
  // Every name a plain object answers without owning it: __proto__, constructor, toString, …
  const inherited = Object.getOwnPropertyNames(Object.prototype);
  const screens = [keysTable, routesTable, functionsTable];
  const params = (screen: TableSpec) => ['sort', ...screen.filters.map((f) => f.param)];
  const valid = (screen: TableSpec, param: string) =>
    param === 'sort'
      ? Object.keys(screen.sorts)
      : Object.keys(screen.filters.find((f) => f.param === param)?.options ?? {});

  /** A query string of screen parameters, each set to a valid value or an inherited name. */
  const query = (screen: TableSpec) =>
    fc
      .subarray(params(screen))
      .chain((chosen) =>
        fc.tuple(
          ...chosen.map((param) =>
            fc.tuple(
              fc.constant(param),
              fc.constantFrom(...valid(screen, param)),
              fc.option(fc.constantFrom(...inherited), { nil: undefined }),
            ),
          ),
        ),
      );

  it.each(screens.map((screen, i) => [['keys', 'routes', 'functions'][i], screen] as const))(
    'the %s screen reads a URL with inherited names as if they were absent',
    (_name, screen) => {
      fc.assert(
        fc.property(query(screen), (entries) => {
          const polluted = new URLSearchParams();
          const clean = new URLSearchParams();
          for (const [param, value, name] of entries) {
            polluted.set(param, name ?? value);
            if (name === undefined) clean.set(param, value);
          }
          expect(parseTableState(polluted, screen)).toEqual(parseTableState(clean, screen));
        }),
      );
    },
  );

  it.each(inherited)('?chip=%s, and a sort by the same name, keep every row in the default order', (name) => {
    const state = parseTableState(new URLSearchParams({ chip: name, sort: name }), spec);
    expect(state).toEqual(defaultState(spec));
    expect(ids(applyTableState(rows, { ...state, filters: { chip: name } }, spec))).toEqual(
      ids(applyTableState(rows, defaultState(spec), spec)),
    );
    expect(toggleSort(state, name, spec)).toBe(state);
  });
});
