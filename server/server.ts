import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Options for the production server. */
export interface ServerOptions {
  port: number;
  host: string;
  /** Folder of `astro build` output; defaults to ./dist. */
  distDir?: string;
}

/** A running server: the port it bound and a way to stop it. */
export interface RunningServer {
  port: number;
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

/** Starts the console and API on one port (0 picks a free one). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const astro = await loadAstroHandler(options.distDir ?? 'dist');
  const server = createServer((req, res) => void astro(req, res));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, done);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
