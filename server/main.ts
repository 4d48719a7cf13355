// Production server: one node:http server for the console (Astro, built in dist/) and the API.
import { startServer } from './server.ts';

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

const distDir = process.env.ESTATE_DIST ?? 'dist';
// ESTATE_CONSOLE=off serves only the /v2 API (no Astro build needed: tests, benchmarks).
const server = await startServer({ port, host, distDir, console: process.env.ESTATE_CONSOLE !== 'off' });
if (process.env.ESTATE_CONSOLE !== 'off')
  console.log(`Estate Console  http://${host}:${server.port}/app/api`);
console.log(`Orders API      http://${host}:${server.port}/v2/orders`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
