// Deprecated paths the API still serves: POST /v1/orders, answered by the /v2/orders contract
// while the workspace marks it deprecated, with Deprecation, Sunset and Link built from its route's
// row (src/api/deprecation.ts). Read once at start from the open, read-only workspace, with the
// rest of the reference data (server/workspace/): the routes table, so any workspace will do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  deprecationHeaderFields,
  deprecationHeaders,
  deprecationInfoUrl,
  type DeprecationHeaders,
} from '../src/api/deprecation.ts';
import type { DeprecatedPath } from '../src/api/orders/deps.ts';
import type { Workspace } from '../src/node/db.ts';

/** The deprecated paths served by a successor: path → successor path. */
export const servedDeprecated = { '/v1/orders': { method: 'POST', successor: '/v2/orders' } } as const;

/** A deprecated prod route's row (server/workspace/sql/deprecated_route.sql), dates YYYY-MM-DD. */
interface DeprecatedRouteRow {
  route_id: string;
  deprecated_at: string;
  sunset_at: string | null;
  successor_path: string | null;
}

const deprecatedRouteSql = join(import.meta.dirname, 'workspace', 'sql', 'deprecated_route.sql');

/** The deprecation headers of a deprecated prod route (e.g. POST /v1/orders); undefined when none. */
export async function deprecatedRouteHeaders(
  method: string,
  path: string,
  db: Workspace,
): Promise<DeprecationHeaders | undefined> {
  const [row] = await db.query<DeprecatedRouteRow>(readFileSync(deprecatedRouteSql, 'utf8'), {
    method,
    path,
  });
  if (!row) return undefined;
  return deprecationHeaders({
    deprecatedAt: row.deprecated_at,
    sunsetAt: row.sunset_at,
    successor: row.successor_path,
    infoUrl: deprecationInfoUrl(row.route_id),
  });
}

/**
 * The deprecated paths the workspace marks deprecated, with their headers. A path it does not
 * mark (or a workspace without the views) is not served: the contract answers it 404.
 */
export async function readDeprecatedPaths(db: Workspace): Promise<Map<string, DeprecatedPath>> {
  const served = new Map<string, DeprecatedPath>();
  for (const [path, { method, successor }] of Object.entries(servedDeprecated)) {
    try {
      const headers = await deprecatedRouteHeaders(method, path, db);
      if (headers) served.set(path, { method, successor, headers: deprecationHeaderFields(headers) });
    } catch (error) {
      console.warn(`${method} ${path} is not served: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return served;
}
