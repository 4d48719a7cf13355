// Deprecated paths the API still serves: POST /v1/orders, answered by the /v2/orders contract
// while the workspace marks it deprecated, with Deprecation, Sunset and Link built from its route's
// row (src/api/deprecation.ts). Read once at start from the open, read-only workspace.
import { deprecationHeaderFields } from '../src/api/deprecation.ts';
import type { DeprecatedPath } from '../src/api/orders/deps.ts';
import type { Workspace } from '../src/node/db.ts';
import { deprecatedRouteHeaders } from '../src/queries/blast/retire.ts';

/** The deprecated paths served by a successor: path → successor path. */
export const servedDeprecated = { '/v1/orders': { method: 'POST', successor: '/v2/orders' } } as const;

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
