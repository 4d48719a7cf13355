// The production server's command line, for `npm start`, `npm run preview` and server/main.ts alike:
// one spec read by the project's one CLI parser (scripts/lib/cli-args.ts), so `--help` prints usage
// and `--workers -5` is refused for its value, not as an "ambiguous" option.
import type { CliSpec } from '../scripts/lib/cli-args.ts';

/** What the server accepts on its command line. */
export const serverCli = {
  command: 'npm start',
  usage: `Usage: npm start [-- --workers N]
       npm run preview [-- --workers N]    (serve the last build, without building)

Simulates the default workspace if it is missing, builds the console unless neither the sources
nor the workspace changed since the last build, and serves the console and the Orders API.

Options:
  --workers N   server processes on one port, 1 to 256 (default WEB_CONCURRENCY, else 1);
                more than one needs DATABASE_URL and REDIS_URL
  -h, --help    print this and exit

Environment: PORT (4321), HOST (localhost), CONSOLE_TOKEN, DATABASE_URL, REDIS_URL,
ESTATE_DATA, ESTATE_ORDERS_DIR, ESTATE_REBUILD=1 (build even when nothing changed),
ESTATE_ALLOWED_HOSTS (names an open demo answers at, besides localhost and IP addresses).`,
  options: { workers: 'string' },
} as const satisfies CliSpec<{ workers: 'string' }>;
