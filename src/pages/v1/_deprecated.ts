// POST /v1/orders: the deprecated predecessor of POST /v2/orders, still served while dependents
// call it. It answers with the v2 contract plus the Deprecation, Sunset and Link headers, whose
// dates come from the workspace's routes table (read once, read-only, then closed).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deprecationHeaderFields } from '../../api/deprecation.ts';
import { handleNodeRequest } from '../../api/http/node.ts';
import type { OrdersDeps } from '../../api/orders/deps.ts';
import { defaultDataFile } from '../../lib/data-file.ts';
import { openWorkspace } from '../../lib/db.ts';
import { deprecatedRouteHeaders } from '../../queries/blast/retire.ts';

/** The deprecated path and the successor path it is answered by. */
export const deprecatedOrdersPath = '/v1/orders';
const successorPath = '/v2/orders';

/**
 * Lower-case deprecation headers of POST /v1/orders in the workspace file; null when it is not
 * deprecated there, or when the file cannot be read (then /v1/orders is not served: 404 by v2).
 */
export async function loadV1OrdersHeaders(
  file: string = defaultDataFile(),
): Promise<Record<string, string> | null> {
  let db;
  try {
    db = await openWorkspace(file);
    const headers = await deprecatedRouteHeaders('POST', deprecatedOrdersPath, db);
    return headers ? deprecationHeaderFields(headers) : null;
  } catch (error) {
    console.warn(`POST /v1/orders is not served: ${(error as Error).message}`);
    return null;
  } finally {
    db?.close();
  }
}

let configuredFile: string | undefined;
let endpointHeaders: Promise<Record<string, string> | null> | undefined;

/** Sets the workspace file the Astro endpoint reads the route from (tests); default ESTATE_DATA. */
export function configureV1Orders(dataFile: string): void {
  configuredFile = dataFile;
  endpointHeaders = undefined;
}

/** The Astro endpoint's deprecation headers, read once. */
export function v1OrdersHeaders(): Promise<Record<string, string> | null> {
  return (endpointHeaders ??= loadV1OrdersHeaders(configuredFile));
}

/** Whether a request path (query allowed) is the deprecated orders path. */
export function isV1OrdersPath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0];
  return path === deprecatedOrdersPath;
}

/** The successor's URL path for a /v1/orders request URL, query kept. */
export function successorUrl(url: string): string {
  return successorPath + url.slice(deprecatedOrdersPath.length);
}

/**
 * The production server's fast path for /v1/orders: the deprecation headers are set on the
 * response, the request is answered by the v2 contract core. Null headers: not served (404 by v2).
 */
export async function handleV1OrdersNode(
  req: IncomingMessage,
  res: ServerResponse,
  deps: OrdersDeps,
  headers: Record<string, string> | null,
): Promise<void> {
  if (headers) {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    req.url = successorUrl(req.url ?? deprecatedOrdersPath);
  }
  await handleNodeRequest(req, res, deps);
}
