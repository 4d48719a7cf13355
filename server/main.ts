// Production server: one node:http server for the console (Astro, built in dist/) and the API, or
// several of them on one port (`--workers N`, WEB_CONCURRENCY=N: server/workers.ts).
import cluster from 'node:cluster';
import { parseCliArgs } from '../scripts/lib/cli-args.ts';
import { markServed } from './folder-lock.ts';
import { serverCli } from './server-args.ts';
import { startServer } from './server.ts';
import { describeStores, engineUrls } from './stores/select.ts';
import { reportListening, superviseWorkers, workerCount, workersRefusal } from './workers.ts';

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';
const distDir = process.env.ESTATE_DIST ?? 'dist';
// ESTATE_CONSOLE=off serves only the /v2 API (no Astro build needed: tests, benchmarks).
const withConsole = process.env.ESTATE_CONSOLE !== 'off';
// Set, it keeps the console private (as any operator does): every /app/ page and the request log
// need a signed-in actor (docs/operators.md).
const consoleToken = process.env.CONSOLE_TOKEN || undefined;

/** Prints where the server listens (tests and scripts wait for the Orders API line). */
function announce(boundPort: number, detail: string, open = !consoleToken): void {
  const privacy = open ? '' : ' (private: sign in with an operator token or CONSOLE_TOKEN)';
  if (withConsole) console.log(`Estate Console  http://${host}:${boundPort}/app/api${privacy}`);
  console.log(`Orders API      http://${host}:${boundPort}/v2/orders`);
  console.log(`Stores          ${detail}`);
}

let workers = 1;
try {
  if (parseCliArgs(serverCli, process.argv.slice(2)).help) {
    console.log(serverCli.usage);
    process.exit(0);
  }
  workers = workerCount(process.argv.slice(2), process.env);
  const refusal = cluster.isPrimary ? workersRefusal(workers, engineUrls()) : null;
  if (refusal !== null) throw new Error(refusal);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

if (cluster.isPrimary && workers > 1) {
  const stores = describeStores(engineUrls());
  superviseWorkers(workers, port, (boundPort) =>
    announce(boundPort, `${stores}; ${workers} worker processes`),
  );
} else {
  const reusePort = cluster.isWorker;
  const server = await startServer({
    port,
    host,
    distDir,
    console: withConsole,
    reusePort,
    consoleToken,
  }).catch((error: unknown) => {
    // A held folder, a port in use, a missing build: one line (ESTATE_DEBUG=1 adds the stack).
    console.error(error instanceof Error ? error.message : String(error));
    if (process.env.ESTATE_DEBUG === '1' && error instanceof Error) console.error(error.stack);
    process.exit(1);
  });
  // Marks the build as served, so that a second `npm start` does not rebuild it under this one.
  if (cluster.isPrimary && withConsole) await markServed(distDir);
  if (cluster.isPrimary) {
    // A database still down at start must not stop the server: say what the token alone says.
    const open = await server.access.isOpen().catch(() => !consoleToken);
    announce(server.port, server.api.stores.summary, open);
  } else reportListening(server.port);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
  // A worker whose primary is gone (killed) stops too, rather than serving unsupervised.
  if (cluster.isWorker) process.once('disconnect', stop);
}
