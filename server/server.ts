// The production server: one node:http server on one port, one API runtime per process. Requests
// whose path reads as the API's (/v1, /v2, /v3, however spelt) go to the Orders API contract core
// through the node:http adapter; /healthz and /readyz to health; everything else to the Astro
// handler (static files, prerendered and on-demand console pages), compressed (./compression.ts).
// See ./routing.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writePlain } from '../src/api/http/node.ts';
import { problemResponse, withRequestId } from '../src/api/orders/respond.ts';
import { installLiveSource } from '../src/live/source.ts';
import { loadApiRuntime, type ApiOptions, type ApiRuntime } from './api-deps.ts';
import { apiHandler, attachServer, type NodeHandler } from './api-listener.ts';
import { withCompression } from './compression.ts';
import { consoleGate } from './console-gate.ts';
import type { ConsoleAccess } from './console/access.ts';
import { openConsoleAccess, type ConsoleAccessConfig } from './console/open.ts';
import { installOperatorAdmin } from '../src/live/operator-admin.ts';
import { operatorAdminOver } from './operators/admin.ts';
import { LedgerOperatorDirectory } from './operators/ledger-directory.ts';
import { engineUrls } from './stores/select.ts';
import { liveEndpoints, liveSourceOf } from './manage/live.ts';

/** The server's deadlines, in milliseconds (docs/decisions.md, "Time-outs"). */
export interface ServerTimeouts {
  /** Request line and headers (node's headersTimeout; answered 408 problem+json). */
  headersMs: number;
  /** A whole request (node's requestTimeout). */
  requestMs: number;
  /** A body, from when the contract asks for it (the contract's 408). */
  bodyMs: number;
  /** An idle keep-alive connection. */
  keepAliveMs: number;
  /** How often node enforces headersMs and requestMs (its connectionsCheckingInterval; 30 s unset). */
  checkEveryMs: number;
}

/** The deadlines `npm start` runs with. */
export const defaultTimeouts: ServerTimeouts = {
  headersMs: 15_000,
  requestMs: 30_000,
  bodyMs: 10_000,
  keepAliveMs: 65_000,
  checkEveryMs: 1_000,
};

/** Options for the production server. */
export interface ServerOptions {
  port: number;
  host: string;
  /** Folder of `astro build` output; defaults to ./dist. */
  distDir?: string;
  /** false: serve only the API (tests and benchmarks without an Astro build). Default true. */
  console?: boolean;
  /** Where the Orders API reads and writes its data. */
  api?: ApiOptions;
  /** Deadlines; each defaults to defaultTimeouts. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * CONSOLE_TOKEN: the single-admin shortcut. With it, or with any operator, the console and its
   * log need a signed-in actor (./console-gate.ts); with neither, they are open.
   */
  consoleToken?: string;
  /** Where operators and sessions live and how long sessions last (docs/operators.md). */
  consoleAccess?: Omit<ConsoleAccessConfig, 'token'>;
  /** Bind with SO_REUSEPORT beside sibling workers (server/workers.ts); default false. */
  reusePort?: boolean;
}

/** A running server: the port it bound, the API runtime, and a way to stop it. */
export interface RunningServer {
  port: number;
  api: ApiRuntime;
  /** Who a console request comes from (`access.actorOf(req)`), sign-in and sessions. */
  access: ConsoleAccess;
  close(): Promise<void>;
}

/** Loads the Astro app handler (static files, prerendered and on-demand pages) from the build. */
async function loadAstroHandler(distDir: string): Promise<NodeHandler> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = pathToFileURL(resolve(distDir, 'server/entry.mjs')).href;
  const mod = (await import(entry)) as { handler: NodeHandler };
  return mod.handler;
}

/** ESTATE_CONSOLE=off: a 404 problem repeating the request id the gate gave the request (its own). */
const noConsole: NodeHandler = (req: IncomingMessage, res: ServerResponse) => {
  const requestId = String(req.headers['request-id']);
  writePlain(res, withRequestId(problemResponse('not-found', 'This server serves only the API'), requestId));
};

/** Starts the console and API on one port (0 picks a free one). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const api = await loadApiRuntime(options.api);
  // The console reads the running API's log through the live source (pages never import server/).
  if (api.log)
    installLiveSource({
      ...liveSourceOf(api.log, api.manage),
      events: api.deps.events,
      endpoints: liveEndpoints(api.deps, api.manage),
    });
  const distDir = options.distDir ?? 'dist';
  const astro =
    options.console === false
      ? noConsole
      : withCompression(await loadAstroHandler(distDir), resolve(distDir, 'client'));
  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: timeouts.checkEveryMs,
  });
  const consoleAccess = await openConsoleAccess({
    engines: options.api?.engines ?? engineUrls(),
    operators: new LedgerOperatorDirectory(api.manage),
    ...options.consoleAccess,
    token: options.consoleToken,
  });
  // The Operators page manages operators through the same directory (pages never import server/).
  installOperatorAdmin(operatorAdminOver(consoleAccess.operators));
  // The console's pages act through the management API with their session (./manage/console-caller.ts).
  const actorOf = (req: IncomingMessage) => consoleAccess.access.actorOf(req);
  const gate = consoleGate(astro, consoleAccess.access, { bodyTimeoutMs: timeouts.bodyMs });
  attachServer(server, apiHandler(api, timeouts.bodyMs, actorOf), gate);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    const reusePort = options.reusePort === true;
    server.listen({ port: options.port, host: options.host, reusePort, exclusive: reusePort }, done);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    api,
    access: consoleAccess.access,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => void Promise.all([api.close(), consoleAccess.close()]).then(() => done()));
        server.closeAllConnections();
      }),
  };
}
