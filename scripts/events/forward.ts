// What `npm run events:listen` does, as a function: registers a temporary test-mode endpoint on
// the API pointing at a listener on 127.0.0.1, verifies each delivery with that endpoint's secret,
// forwards it to `forwardTo` signed with a stable local secret, and reports each forward.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signature, signedHeaders } from '../../src/api/orders/events/signing.ts';

/** What to listen to and where to forward. */
export interface ListenOptions {
  /** The API's origin, e.g. http://localhost:4321. */
  api: string;
  /** A test-mode key with webhooks:write. */
  key: string;
  forwardTo: string;
  /** Event types (default every type). */
  events?: string[];
  /** One line per forwarded event. */
  report: (line: string) => void;
}

/** A running listener. */
export interface Listening {
  /** The secret forwards are signed with: the same for the same key, run after run. */
  secret: string;
  endpointId: string;
  /** Deletes the temporary endpoint and stops listening. */
  stop(): Promise<void>;
}

/** The stable local signing secret of a key: derived from it, so it survives restarts of the listener. */
export function localSecret(key: string): string {
  return `whsec_${createHash('sha256').update(`estate events:listen ${key}`).digest('base64').slice(0, 32)}`;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/** Starts listening; resolves once the temporary endpoint is registered. */
export async function listen(options: ListenOptions): Promise<Listening> {
  if (/^sk_live_/.test(options.key))
    throw new Error('events:listen registers test-mode endpoints only: use a test key');
  const secret = localSecret(options.key);
  let endpointSecret = '';
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const id = String(request.headers['webhook-id'] ?? '');
      const timestamp = Number(request.headers['webhook-timestamp']);
      const expected = await signature(endpointSecret, id, timestamp, body);
      if (
        !String(request.headers['webhook-signature'] ?? '')
          .split(' ')
          .includes(expected)
      ) {
        response.writeHead(400).end();
        return;
      }
      const started = performance.now();
      let status: string;
      try {
        const headers = await signedHeaders([secret], id, Math.floor(Date.now() / 1000), body);
        const forwarded = await fetch(options.forwardTo, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body,
          redirect: 'manual',
        });
        status = String(forwarded.status);
        // The API retries on our answer as it would on the receiver's.
        response.writeHead(forwarded.status >= 200 && forwarded.status < 300 ? 204 : 502).end();
      } catch (error) {
        status = `failed (${error instanceof Error ? error.message : String(error)})`;
        response.writeHead(502).end();
      }
      const type = (JSON.parse(body) as { type?: string }).type ?? '?';
      options.report(`${type}  ${id}  → ${status}  ${Math.round(performance.now() - started)} ms`);
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const auth = { authorization: `Bearer ${options.key}` };
  const registered = await fetch(`${options.api}/v2/webhooks`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      url: `http://127.0.0.1:${port}/`,
      enabled_events: options.events ?? ['*'],
      description: 'npm run events:listen (temporary)',
    }),
  });
  const endpoint = (await registered.json()) as { id?: string; secret?: string; detail?: string };
  if (registered.status !== 201 || !endpoint.id || !endpoint.secret) {
    server.close();
    throw new Error(`the API refused the endpoint (${registered.status}): ${endpoint.detail ?? ''}`);
  }
  endpointSecret = endpoint.secret;
  const endpointId = endpoint.id;
  return {
    secret,
    endpointId,
    stop: async () => {
      await fetch(`${options.api}/v2/webhooks/${endpointId}`, { method: 'DELETE', headers: auth }).catch(
        () => undefined,
      );
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
