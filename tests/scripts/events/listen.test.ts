// `npm run events:listen` as a process: SIGTERM and SIGHUP delete its temporary endpoint as ^C does;
// an API that is down at exit leaves it registered, and stderr says so and how to delete it, as a
// second signal does while the DELETE waits (it quits at once); an
// unreachable API is one line and exit 1 (it hung); a key without webhooks:write is told how to get
// one; a --forward-to that is not http(s), or an --events type the API does not know, is a usage
// error (exit 2), checked before the API is asked.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureKeys } from '../../../harness/fixture-world.ts';
import { startReceiver } from '../../../harness/webhook-receiver.ts';
import { serverRunner } from '../../api/orders/runners.ts';

const script = new URL('../../../scripts/events/listen.ts', import.meta.url).pathname;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A run of the CLI: its stderr so far, and its exit code once it ends (killed after 20 s). */
function run(args: string[]) {
  const child: ChildProcess = spawn(process.execPath, [script, ...args], { stdio: 'pipe' });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve(code);
    }),
  );
  /** Resolves once stderr includes `text`; rejects if the process exits first. */
  const said = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const look = () => {
        if (stderr.includes(text)) resolve();
      };
      child.stderr?.on('data', look);
      look();
      void exited.then(() => reject(new Error(`exited before it said ${text}: ${stderr}`)));
    });
  const ready = said('Ready!');
  ready.catch(() => undefined); // a run that is to fail is never awaited ready
  closers.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, exited, ready, said, stderr: () => stderr };
}

/** A running server and a receiver to forward to. */
async function serverAndTarget() {
  const server = await serverRunner();
  let stopped = false;
  closers.push(() => (stopped ? Promise.resolve() : server.close()));
  const stopServer = () => ((stopped = true), server.close());
  const target = await startReceiver();
  closers.push(() => target.close());
  const endpoints = async () => {
    const answer = await fetch(`${server.baseUrl}/v2/webhooks`, {
      headers: { authorization: `Bearer ${fixtureKeys.hooks}` },
    });
    return ((await answer.json()) as { data: { id: string }[] }).data.map((e) => e.id);
  };
  const args = ['--api', server.baseUrl, '--key', fixtureKeys.hooks, '--forward-to', target.url];
  return { server, stopServer, endpoints, args };
}

describe('events:listen, the process', () => {
  it.each(['SIGTERM', 'SIGHUP', 'SIGINT'] as const)('deletes its endpoint on %s', async (signal) => {
    const { endpoints, args } = await serverAndTarget();
    const listening = run(args);
    await listening.ready;
    expect(await endpoints()).toHaveLength(1);
    listening.child.kill(signal);
    expect(await listening.exited).toBe(0);
    expect(await endpoints()).toEqual([]);
  });

  it('says loudly on stderr that its endpoint was left registered when the API is down at exit', async () => {
    const { stopServer, endpoints, args } = await serverAndTarget();
    const listening = run(args);
    await listening.ready;
    const [id] = await endpoints();
    await stopServer();
    listening.child.kill('SIGTERM');
    expect(await listening.exited).toBe(1);
    expect(listening.stderr()).toContain(`endpoint ${id ?? '?'} was LEFT REGISTERED (connection refused`);
    expect(listening.stderr()).toMatch(new RegExp(`curl -X DELETE .*/v2/webhooks/${id ?? '?'}`));
  });

  it('quits at once on a second signal while its DELETE waits, saying the endpoint is left', async () => {
    // An API that registers the endpoint and then never answers its DELETE.
    const held: ServerResponse[] = [];
    const api = createServer((request, response) => {
      if (request.method === 'DELETE') return void held.push(response);
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'we_Held', secret: 'whsec_aGVsZA==' }));
    });
    await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
    closers.push(async () => {
      api.closeAllConnections();
      await new Promise((done) => api.close(done));
    });
    const { port } = api.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const listening = run(['--api', base, '--key', fixtureKeys.hooks, '--forward-to', 'http://127.0.0.1:9/']);
    await listening.ready;
    listening.child.kill('SIGINT');
    await listening.said('Deleting endpoint we_Held');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    listening.child.kill('SIGINT');
    expect(await listening.exited).toBe(1);
    expect(listening.stderr()).toContain('endpoint we_Held was LEFT REGISTERED (quit while deleting it)');
    expect(listening.stderr()).toContain(
      `curl -X DELETE -H "Authorization: Bearer $ESTATE_API_KEY" ${base}/v2/webhooks/we_Held`,
    );
  });

  it('exits 1 with one line naming the cause when the API is unreachable', async () => {
    const closed = await startReceiver();
    await closed.close();
    const api = `http://127.0.0.1:${closed.port}`;
    const listening = run(['--api', api, '--key', fixtureKeys.hooks, '--forward-to', 'http://127.0.0.1:9/']);
    expect(await listening.exited).toBe(1);
    expect(listening.stderr().trim().split('\n')).toEqual([
      `npm run events:listen: cannot reach the API: connection refused to ${api}`,
    ]);
  });

  it('tells a key without webhooks:write how to issue one that has it', async () => {
    const { server } = await serverAndTarget();
    const args = [
      '--api',
      server.baseUrl,
      '--key',
      fixtureKeys.sandbox,
      '--forward-to',
      'http://127.0.0.1:9/',
    ];
    const listening = run(args);
    expect(await listening.exited).toBe(1);
    expect(listening.stderr()).toContain(
      'npm run keys:issue -- --name listen --scopes webhooks:write,webhooks:read,events:read',
    );
  });

  it('refuses an --events type that does not exist as a usage error, naming it and the allowed types', async () => {
    // No API runs on port 9: the value is checked before the API is asked.
    const listening = run([
      '--api',
      'http://127.0.0.1:9',
      '--key',
      fixtureKeys.hooks,
      '--forward-to',
      'http://127.0.0.1:9/',
      '--events',
      'order.created,nope',
    ]);
    expect(await listening.exited).toBe(2);
    const lines = listening.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /--events names "nope", not an event type; allowed: order\.created, endpoint\.disabled, key\.revoked, key\.rolled, \*/,
    );
  });

  it('refuses a --forward-to that is not http(s) as a usage error', async () => {
    const listening = run(['--key', fixtureKeys.hooks, '--forward-to', 'ftp://x/']);
    expect(await listening.exited).toBe(2);
    expect(listening.stderr()).toMatch(/--forward-to must be an absolute http\(s\) URL/);
  });
});
