// Test helper for the keys CLIs: a production server (console off) in this process over fixture
// files, the CLIs spawned as `npm run keys:*` runs them, and calls to the API with a key.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { startServer, type RunningServer } from '../../../server/server.ts';
import type { SourceWorld } from '../../../src/api/orders/world-deps.ts';
import { parseIssuedKeysLines, type IssuedKeysLine } from '../../../src/lib/issued-keys.ts';
import { post, validOrder } from '../../api/orders/contract-cases.ts';
import type { ApiResponse } from '../../api/orders/contract-types.ts';
import { fixtureWorld } from '../../../harness/fixture-world.ts';
import { fetchAnswer } from '../../api/orders/runners.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../../harness/fixture-workspace.ts';

/** A running server over its own fixture files. */
export interface KeysFixture {
  files: ServerFiles;
  server: RunningServer;
  stop(): Promise<void>;
}

/** Writes fixture files (a world's workspace, no issued keys yet) and starts a server on them. */
export async function startKeysFixture(world: SourceWorld = fixtureWorld): Promise<KeysFixture> {
  const files = await writeFixtureWorkspace(world);
  const server = await startServer({ port: 0, host: '127.0.0.1', console: false, api: files });
  return {
    files,
    server,
    async stop() {
      await server.close();
      rmSync(files.dir, { recursive: true, force: true });
    },
  };
}

const scriptOf: Record<string, string> = Object.fromEntries(
  Object.entries(
    (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
  )
    .filter(([name]) => name.startsWith('keys:'))
    .map(([name, command]) => [name, command.replace(/^node /, '')]),
);

/** Runs `npm run <script> -- ...args` against the fixture's files. */
export function keysCli(fixture: KeysFixture, script: string, args: string[]) {
  const file = scriptOf[script];
  if (!file) throw new Error(`no npm script ${script}`);
  return spawnSync(process.execPath, [file, ...args], {
    env: {
      ...process.env,
      ESTATE_DATA: fixture.files.dataFile,
      ESTATE_ISSUED_KEYS: fixture.files.issuedKeysFile,
    },
    encoding: 'utf8',
  });
}

/** Every key line of the fixture's issued-keys file, parsed (a change line's key effects in order). */
export function issuedLines(fixture: KeysFixture): IssuedKeysLine[] {
  return readFileSync(fixture.files.issuedKeysFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((text) => {
      const lines = parseIssuedKeysLines(text);
      if (lines.length === 0) throw new Error(`not an issued-keys line: ${text}`);
      return lines;
    });
}

/** Creates an order with key material through the running server. */
export function createOrder(fixture: KeysFixture, material: string): Promise<ApiResponse> {
  const request = post(null, validOrder);
  return fetchAnswer(`http://127.0.0.1:${fixture.server.port}/v2/orders`, {
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${material}` },
  });
}
