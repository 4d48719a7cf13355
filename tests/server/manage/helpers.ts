// For tests of the management API on the production server: a fixture workspace with routes,
// a management key written into the server's journal (as `npm run manage:key` does), and fetch.
import { DuckDBInstance } from '@duckdb/node-api';
import { fixtureWorld } from '../../../harness/fixture-world.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../../harness/fixture-workspace.ts';
import { emptyManageReference } from '../../../server/manage/seed.ts';
import { openJournalManage } from '../../../server/manage/runtime.ts';
import { managementKey } from '../../manage/fixture.ts';

/** The fixture workspace plus three sandbox routes (GET and POST /v2/orders, POST /v1/orders). */
export async function manageWorkspace(parent?: string): Promise<ServerFiles> {
  const files = await writeFixtureWorkspace(fixtureWorld, parent);
  const instance = await DuckDBInstance.create(files.dataFile);
  const db = await instance.connect();
  try {
    await db.run(`insert into routes values
      ('rt_get', 'GET', '/v2/orders', 'v2', 'sandbox', false, null, null, null),
      ('rt_post', 'POST', '/v2/orders', 'v2', 'sandbox', false, null, null, null)`);
  } finally {
    db.closeSync();
    instance.closeSync();
  }
  return files;
}

/** Writes a management key with every scope into `journal`; returns its material. */
export async function writeManagementKey(journal: string): Promise<string> {
  const { store, deps } = openJournalManage(journal, emptyManageReference());
  try {
    return await managementKey(deps);
  } finally {
    await store.close();
  }
}

/** An answer over HTTP, its body parsed. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** Sends a JSON request to a server. */
export async function send(
  url: string,
  method: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** Previews then applies a change over HTTP. */
export async function change(
  base: string,
  method: string,
  path: string,
  token: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const preview = await send(`${base}/manage/v1${path}`, method, token, { ...body, dry_run: true }, headers);
  if (preview.status !== 200) return preview;
  return send(
    `${base}/manage/v1${path}`,
    method,
    token,
    { ...body, preview_token: preview.body.preview_token },
    headers,
  );
}
