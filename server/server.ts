// The production server: one node:http server on one port. `/v2/*` goes straight to the Orders
// API contract core through the node:http adapter (no Fetch objects, no Astro); everything else
// goes to the Astro handler (static files, prerendered and on-demand console pages).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { handleNodeRequest, writePlain } from '../src/api/http/node.ts';
import { problemResponse } from '../src/api/orders/respond.ts';
import { defaultDataFile } from '../src/lib/data-file.ts';
import { handleV1OrdersNode, isV1OrdersPath, loadV1OrdersHeaders } from '../src/pages/v1/_deprecated.ts';
import { loadApiRuntime, type ApiOptions, type ApiRuntime } from './api-deps.ts';

/** Options for the production server. */
export interface ServerOptions {
  port: number;
  host: string;
  /** Folder of `astro build` output; defaults to ./dist. */
  distDir?: string;
  /** false: serve only /v2 (tests and benchmarks without an Astro build). Default true. */
  console?: boolean;
  /** Where the Orders API reads and writes its data. */
  api?: ApiOptions;
}

/** A running server: the port it bound, the API runtime, and a way to stop it. */
export interface RunningServer {
  port: number;
  api: ApiRuntime;
  close(): Promise<void>;
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Loads the Astro app handler (static files, prerendered and on-demand pages) from the build. */
async function loadAstroHandler(distDir: string): Promise<NodeHandler> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = pathToFileURL(resolve(distDir, 'server/entry.mjs')).href;
  const mod = (await import(entry)) as { handler: NodeHandler };
  return mod.handler;
}

// A leading "//" is excluded: the URL parser reads "//host/path" as a host.
const plainPath = /^\/(?!\/)[A-Za-z0-9/_-]*$/;

/**
 * The request path as a router sees it: resolved (`/./`, `/../`) and percent-decoded, so
 * `/%762/orders` cannot slip past the API's fast path into Astro. Null when it is not a valid URL.
 */
export function routedPath(url: string | undefined): string | null {
  // Letters, digits, "/", "_" and "-" only: nothing to resolve or decode (the common request).
  if (url !== undefined && plainPath.test(url)) return url;
  try {
    return decodeURI(new URL(url ?? '/', 'http://localhost').pathname);
  } catch {
    return null;
  }
}

const noConsole: NodeHandler = (_req, res) =>
  writePlain(res, problemResponse('not-found', 'This server serves only /v2'));

/** Starts the console and API on one port (0 picks a free one). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const astro = options.console === false ? noConsole : await loadAstroHandler(options.distDir ?? 'dist');
  const api = await loadApiRuntime(options.api);
  // POST /v1/orders, deprecated: the v2 contract plus Deprecation/Sunset/Link (src/pages/v1/).
  const v1Headers = await loadV1OrdersHeaders(options.api?.dataFile ?? defaultDataFile());
  const server = createServer((req, res) => {
    const path = routedPath(req.url);
    const v1 = isV1OrdersPath(path ?? undefined);
    if (path?.startsWith('/v2/') || v1) {
      req.url = path + (req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '');
      const answered = v1
        ? handleV1OrdersNode(req, res, api.deps, v1Headers)
        : handleNodeRequest(req, res, api.deps);
      answered.catch(() => {
        if (!res.headersSent) writePlain(res, problemResponse('internal-error', 'Unexpected failure'), true);
        else res.destroy();
      });
    } else void astro(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, done);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    api,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => void api.close().then(done));
        server.closeAllConnections();
      }),
  };
}
