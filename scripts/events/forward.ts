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
  /** How long a forward may wait for the local URL's answer (default forwardTimeoutMs). */
  forwardTimeoutMs?: number;
  /** How long the registration may wait for the API's answer (default registerTimeoutMs). */
  registerTimeoutMs?: number;
  /** Aborted (^C) while the endpoint is being registered: stop waiting for the API. */
  abort?: AbortSignal;
}

/** How long the registration waits for the API: one that accepts and never answers is not waited out. */
export const registerTimeoutMs = 10_000;

/** What to do about an endpoint a registration may have made, not knowing its id. */
const mayBeLeft =
  'an endpoint may be LEFT REGISTERED: look in GET /v2/webhooks for "npm run events:listen (temporary)" and delete it';

/**
 * How long a forward waits for the local URL's answer: under the API's 15 s delivery time-out, so the
 * tool still answers the API (502, a failed attempt it retries) and prints the delivery's line.
 */
export const forwardTimeoutMs = 10_000;

/** A running listener. */
export interface Listening {
  /** The secret forwards are signed with: the same for the same key, run after run. */
  secret: string;
  endpointId: string;
  /** Stops listening and deletes the temporary endpoint; rejects, saying how to delete it, if it cannot. */
  stop(): Promise<void>;
}

/** The stable local signing secret of a key: derived from it, so it survives restarts of the listener. */
export function localSecret(key: string): string {
  return `whsec_${createHash('sha256').update(`estate events:listen ${key}`).digest('base64').slice(0, 32)}`;
}

/** The command that issues a key events:listen can use (the demo sandbox key lacks webhooks:write). */
export const listenKeyCommand =
  'npm run keys:issue -- --name listen --scopes webhooks:write,webhooks:read,events:read';

/** Why a fetch of `url` failed, named by its cause: "connection refused to http://…", not "fetch failed". */
export function fetchFailure(error: unknown, url: string): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const code = cause?.code;
  if (code === 'ECONNREFUSED') return `connection refused to ${url}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${new URL(url).hostname} does not resolve`;
  if (code === 'ECONNRESET') return `connection reset by ${url}`;
  if (code !== undefined) return `${code} from ${url}`;
  return `${cause?.message ?? (error instanceof Error ? error.message : String(error))} (${url})`;
}

/** A problem+json body, as far as the tool reads it. */
interface Problem {
  detail?: string;
  errors?: { detail?: string }[];
}

/** Says what the API refused, each problem's own words included, and what to do after a 403. */
export function refusal(status: number, problem: Problem): string {
  const details = (problem.errors ?? []).map((e) => e.detail).filter((d) => typeof d === 'string');
  const why = `the API refused the endpoint (${status}): ${[problem.detail ?? '', ...details].filter(Boolean).join('; ')}`;
  return status === 403 ? `${why}; issue a key that can with ${listenKeyCommand}` : why;
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
      const timeoutMs = options.forwardTimeoutMs ?? forwardTimeoutMs;
      let status: string;
      try {
        const headers = await signedHeaders([secret], id, Math.floor(Date.now() / 1000), body);
        const forwarded = await fetch(options.forwardTo, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = String(forwarded.status);
        // The API retries on our answer as it would on the receiver's.
        response.writeHead(forwarded.status >= 200 && forwarded.status < 300 ? 204 : 502).end();
      } catch (error) {
        const timedOut = (error as { name?: string } | null)?.name === 'TimeoutError';
        status = `failed (${timedOut ? `no answer within ${timeoutMs / 1000} s` : fetchFailure(error, options.forwardTo)})`;
        response.writeHead(502).end();
      }
      const type = (JSON.parse(body) as { type?: string }).type ?? '?';
      options.report(`${type}  ${id}  → ${status}  ${Math.round(performance.now() - started)} ms`);
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const auth = { authorization: `Bearer ${options.key}` };
  const close = async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };
  let endpoint: { id?: string; secret?: string } & Problem;
  let status: number;
  try {
    const registered = await fetch(`${options.api}/v2/webhooks`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `http://127.0.0.1:${port}/`,
        enabled_events: options.events ?? ['*'],
        description: 'npm run events:listen (temporary)',
      }),
      signal: AbortSignal.any([
        AbortSignal.timeout(options.registerTimeoutMs ?? registerTimeoutMs),
        ...(options.abort ? [options.abort] : []),
      ]),
    });
    status = registered.status;
    endpoint = (await registered.json().catch(() => ({}))) as typeof endpoint;
  } catch (error) {
    await close(); // else the open listener keeps the process alive
    const name = (error as { name?: unknown } | null)?.name;
    const seconds = (options.registerTimeoutMs ?? registerTimeoutMs) / 1000;
    if (options.abort?.aborted) throw new Error(`quit while registering: ${mayBeLeft}`, { cause: error });
    if (name === 'TimeoutError')
      throw new Error(`the API did not answer within ${seconds} s: ${mayBeLeft}`, { cause: error });
    throw new Error(`cannot reach the API: ${fetchFailure(error, options.api)}`, { cause: error });
  }
  if (status !== 201 || !endpoint.id || !endpoint.secret) {
    await close();
    throw new Error(refusal(status, endpoint));
  }
  endpointSecret = endpoint.secret;
  const endpointId = endpoint.id;
  return { secret, endpointId, stop: () => removeEndpoint(options.api, endpointId, auth).finally(close) };
}

/** Deletes the temporary endpoint; throws, saying how to delete it by hand, when it cannot. */
async function removeEndpoint(api: string, id: string, auth: Record<string, string>): Promise<void> {
  const url = `${api}/v2/webhooks/${id}`;
  let why: string;
  try {
    const answer = await fetch(url, { method: 'DELETE', headers: auth, signal: AbortSignal.timeout(5_000) });
    if (answer.ok || answer.status === 404) return;
    why = `the API answered ${answer.status}`;
  } catch (error) {
    why = fetchFailure(error, api);
  }
  throw new Error(
    `endpoint ${id} was LEFT REGISTERED (${why}): it collects events until deleted. ` +
      deleteCommand(api, id),
  );
}

/** How to delete a temporary endpoint left registered, by hand. */
export function deleteCommand(api: string, id: string): string {
  return `Delete it with: curl -X DELETE -H "Authorization: Bearer $ESTATE_API_KEY" ${api}/v2/webhooks/${id}`;
}
