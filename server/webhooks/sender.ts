// Sends one delivery: a POST with the signed headers and the event as its body, over node:http(s),
// with a deadline, never following a redirect (a 3xx is a failure), and for a live-mode endpoint an
// SSRF check on every address the name resolves to, before the connection is made (the resolver
// hook of the socket, so the address checked is the address connected to).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressAllowed, endpointUrlProblem } from '../../src/api/orders/events/endpoint-url.ts';

/** What an attempt got: an answer (any status), or no answer and why. */
export type SendResult =
  | { kind: 'answered'; status: number; retryAfter: string | undefined; latencyMs: number }
  | { kind: 'failed'; reason: string; latencyMs: number };

/** Sends one signed delivery. */
export type Sender = (
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; livemode: boolean },
) => Promise<SendResult>;

/** Whether live-mode endpoints may be on private networks: ESTATE_WEBHOOKS_ALLOW_PRIVATE=1 (docs/events.md). */
export function allowPrivateFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ESTATE_WEBHOOKS_ALLOW_PRIVATE === '1';
}

/** A resolver that refuses a name if any address it resolves to is not allowed for the mode. */
export function guardedLookup(livemode: boolean, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const refused = addresses.find((a) => !addressAllowed(a.address, livemode, allowPrivate));
      if (refused) {
        const denied = Object.assign(
          new Error(`${hostname} resolves to ${refused.address}, which is not allowed`),
          {
            code: 'EADDRNOTALLOWED',
          },
        );
        return callback(denied, '', 4);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The sender of the server: node:http(s) with kept-alive connections, `allowPrivate` the documented
 * override. Live and test mode never share a connection: each was judged under its own mode's rule.
 */
export function httpSender(allowPrivate = allowPrivateFromEnv()): Sender {
  const agents = new Map<string, HttpAgent>();
  const agentFor = (secure: boolean, livemode: boolean) => {
    const name = `${secure} ${livemode}`;
    let agent = agents.get(name);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: 64 };
      agent = secure ? new HttpsAgent(options) : new HttpAgent(options);
      agents.set(name, agent);
    }
    return agent;
  };
  return (url, headers, body, { timeoutMs, livemode }) =>
    new Promise((resolve) => {
      const started = performance.now();
      const latencyMs = () => Math.round((performance.now() - started) * 10) / 10;
      const problem = endpointUrlProblem(url, livemode, allowPrivate);
      if (problem !== null) return resolve({ kind: 'failed', reason: problem, latencyMs: 0 });
      const target = new URL(url);
      const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'estate-webhooks/1',
        },
        lookup: guardedLookup(livemode, allowPrivate),
        agent: agentFor(target.protocol === 'https:', livemode),
        timeout: timeoutMs,
      });
      const deadline = setTimeout(
        () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on('error', (error) => {
        clearTimeout(deadline);
        resolve({ kind: 'failed', reason: error.message, latencyMs: latencyMs() });
      });
      request.on('response', (response: IncomingMessage) => {
        clearTimeout(deadline);
        // The body is not needed; reading it frees the socket.
        response.resume();
        const retryAfter = response.headers['retry-after'];
        resolve({ kind: 'answered', status: response.statusCode ?? 0, retryAfter, latencyMs: latencyMs() });
      });
      request.end(body);
    });
}

/** Why a URL is refused once its name is resolved (every address judged), or null (registration). */
export function guardedLookupCheck(
  url: string,
  livemode: boolean,
  allowPrivate: boolean,
): Promise<string | null> {
  const problem = endpointUrlProblem(url, livemode, allowPrivate);
  if (problem !== null || !livemode) return Promise.resolve(problem);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    guardedLookup(livemode, allowPrivate)(host, { all: true }, (error) => {
      if (!error) return resolve(null);
      const code = (error as { code?: string }).code;
      resolve(
        code === 'EADDRNOTALLOWED' ? error.message : `${host} does not resolve (${code ?? error.message})`,
      );
    });
  });
}
