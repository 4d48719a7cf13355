// Helpers for the console's browser tests: the workspace the build read (to compare pages with
// views), the rows a table shows, and axe-core's violations.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { openWorkspace, type Workspace } from '../../src/node/db.ts';
import { defaultDataFile } from '../../src/node/data-file.ts';

/** The console's screens (not detail pages), as the suites that walk every screen list them. */
export const consoleScreens = [
  '/app/api',
  '/app/api/keys',
  '/app/api/routes',
  '/app/api/functions',
  '/app/api/consumers',
  '/app/api/budget',
];

/** Opens the workspace file the test build was rendered from (ESTATE_DATA or data/estate.duckdb), read-only. */
export function openTestWorkspace(): Promise<Workspace> {
  return openWorkspace(defaultDataFile());
}

/** Ids (data-id) of the rows a table root shows, in display order. */
export function visibleIds(page: Page, scope = 'body'): Promise<string[]> {
  return page
    .locator(`${scope} tbody[data-rows] tr[data-id]:not([hidden])`)
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.id ?? ''));
}

/** Waits until the table script has applied the URL's state. */
export async function tablesReady(page: Page): Promise<void> {
  await page.locator('[data-table-root][data-ready="true"]').first().waitFor({ state: 'attached' });
}

/** axe-core's browser build, injected into pages under test. */
export const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** One axe-core violation, reduced to what a failing test should print. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page and returns its violations of any impact (minor to critical): every
 * rule of a default run, or only `rules` (ids) when given.
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async (only) => {
    interface AxeResult {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run(options: object): Promise<AxeResult> } }).axe;
    // only violations are read: axe then skips collecting every pass and inapplicable node
    const runOnly = only ? { runOnly: { type: 'rule', values: only } } : {};
    const result = await axe.run({ resultTypes: ['violations'], ...runOnly });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, rules);
}

/** Detail pages whose what-ifs have the most to show, one per kind. */
export interface WhatIfPages {
  /** The key with the most throttled requests: rotate and throttle. */
  key: string;
  /** The deprecated route with the most callers left: retire. */
  route: string;
  /** The function serving the most routes: change. */
  fn: string;
  /** The consumer with the most 429s (its page has a burn chart, keys, routes and alerts). */
  consumer: string;
}

/** Picks the detail pages whose what-ifs have the most to show, from the raw tables. */
export async function whatIfPages(ws: Workspace): Promise<WhatIfPages> {
  const [key] = await ws.query<{ id: string }>(
    `select key_id as id from traffic_daily group by all order by sum(throttled_429) desc, key_id limit 1`,
  );
  const [route] = await ws.query<{ id: string }>(
    `select r.route_id as id from routes r join traffic_daily t using (route_id)
     where r.deprecated group by all order by count(distinct t.consumer_id) desc, r.route_id limit 1`,
  );
  const [fn] = await ws.query<{ id: string }>(
    `select function_id as id from route_functions group by all order by count(*) desc, function_id limit 1`,
  );
  const [consumer] = await ws.query<{ id: string }>(
    `select consumer_id as id from traffic_daily group by all order by sum(throttled_429) desc, consumer_id limit 1`,
  );
  if (!key || !route || !fn || !consumer)
    throw new Error('the workspace lacks a throttled key, a deprecated route, a function or a consumer');
  return {
    key: `/app/api/keys/${key.id}`,
    route: `/app/api/routes/${route.id}`,
    fn: `/app/api/functions/${fn.id}`,
    consumer: `/app/api/consumers/${consumer.id}`,
  };
}
