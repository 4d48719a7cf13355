// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import { renderMode } from './src/node/render-mode.ts';
import { devApi } from './server/dev-api.ts';

// The console is prerendered from DuckDB at build time by default; CONSOLE_RENDER=request
// renders its pages per request from the current data file instead (see docs/deploying.md, "Rendering").
// `astro dev` serves the Orders API through the production server's listener (server/dev-api.ts).
export default defineConfig({
  adapter: node({ mode: 'standalone' }),
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  // The API authenticates with bearer keys, not cookies, so CSRF origin checks do not apply;
  // left on, Astro would answer a non-JSON POST with a bare 403 instead of our problem+json.
  security: { checkOrigin: false },
  integrations: [renderMode(), devApi()],
  devToolbar: { enabled: false },
  // The console's CSS (about 10 KB, 3 KB compressed) goes inside each page: a separate stylesheet
  // blocked the first paint for one more round trip (Lighthouse, mobile: docs/decisions.md).
  build: { inlineStylesheets: 'always' },
});
