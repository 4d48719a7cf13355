// The production server in this process over fixture files, on the stores a test chooses (Postgres,
// Redis, both, or neither), started again on the same stores to play a restart.
import { rmSync } from 'node:fs';
import type { Clock } from '../../../src/api/orders/deps.ts';
import { startServer, type RunningServer } from '../../../server/server.ts';
import type { EngineUrls } from '../../../server/stores/select.ts';
import type { ApiRequest, ApiResponse } from '../../api/orders/contract-types.ts';
import { fixtureWorld } from '../../../harness/fixture-world.ts';
import { fetchAnswer } from '../../api/orders/runners.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../../harness/fixture-workspace.ts';

/** A server on chosen stores: send requests, restart it on the same stores and files, close it. */
export interface EngineServer {
  send(request: ApiRequest): Promise<ApiResponse>;
  server(): RunningServer;
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the API (console off) on `engines`, the journal (if used) in a temp folder, random order ids. */
export async function startEngineServer(engines: EngineUrls, clock?: Clock): Promise<EngineServer> {
  const files: ServerFiles = await writeFixtureWorkspace(fixtureWorld);
  const start = () =>
    startServer({
      port: 0,
      host: '127.0.0.1',
      console: false,
      api: { ...files, engines, ...(clock ? { clock } : {}) },
    });
  let running = await start();
  return {
    send: (request) => fetchAnswer(`http://127.0.0.1:${running.port}${request.path}`, request),
    server: () => running,
    restart: async () => {
      await running.close();
      running = await start();
    },
    close: async () => {
      await running.close();
      rmSync(files.dir, { recursive: true, force: true });
    },
  };
}
