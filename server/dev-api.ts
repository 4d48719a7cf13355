// `npm run dev`: the production server's API listener mounted on Vite's dev middleware by an Astro
// integration, so the dev server routes exactly as `npm start` does (./routing.ts) and runs one
// API runtime. Imported by astro.config.mjs; only `astro dev` calls its hooks.
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AstroIntegration } from 'astro';
import { writePlain } from '../src/api/http/node.ts';
import { randomId } from '../src/api/orders/ids.ts';
import { problemResponse, withRequestId } from '../src/api/orders/respond.ts';
import { installLiveSource } from '../src/live/source.ts';
import { liveSourceOf } from './manage/live.ts';
import type { ApiRuntime } from './api-deps.ts';
import { apiHandler, attachEdges, inTurn, type ApiHandler } from './api-listener.ts';
import { destinationOf } from './routing.ts';

/** An API that could not start: every API request is a 503 that says why. */
function unavailable(reason: string): ApiHandler {
  const answer: ApiHandler = Object.assign(
    (_req: IncomingMessage, res: ServerResponse) =>
      writePlain(
        res,
        withRequestId(
          problemResponse('service-unavailable', `The Orders API could not start: ${reason}`, {
            'retry-after': '5',
          }),
          randomId('req_'),
        ),
      ),
    { record: () => undefined },
  );
  return answer;
}

/** The Astro integration that serves the API (and /healthz, /readyz) under `astro dev`. */
export function devApi(): AstroIntegration {
  let runtime: ApiRuntime | undefined;
  return {
    name: 'estate:api',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        let api: ApiHandler;
        try {
          // Loaded here, not at the top: `astro build` and `astro check` read this config too.
          const { loadApiRuntime } = await import('./api-deps.ts');
          runtime = await loadApiRuntime();
          api = apiHandler(runtime);
          if (runtime.log) installLiveSource(liveSourceOf(runtime.log, runtime.manage));
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          logger.error(`Orders API not served: ${reason}`);
          api = unavailable(reason);
        }
        server.middlewares.use((req, res, next) => {
          const destination = destinationOf(req.url);
          if (destination === 'console') next();
          else {
            const arrivedMs = performance.now();
            inTurn(res, () => api(req, res, destination, false, arrivedMs));
          }
        });
        if (server.httpServer instanceof Server) attachEdges(server.httpServer, api.record);
      },
      'astro:server:done': async () => {
        installLiveSource(null);
        await runtime?.close();
        runtime = undefined;
      },
    },
  };
}
