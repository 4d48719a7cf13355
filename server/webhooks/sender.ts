// Sends one delivery: a POST with the signed headers and the event as its body, over HTTP/1.1
// (./http1.ts), with a deadline, never following a redirect (a 3xx is a failure), and for a
// live-mode endpoint an SSRF check on every address the name resolves to, before the connection is
// made (the resolver hook of the socket, so the address checked is the address connected to).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { addressAllowed, addressPhrase } from '../../src/api/orders/events/address-class.ts';
import { endpointTargetProblem, endpointUrlProblem } from '../../src/api/orders/events/endpoint-url.ts';
import { Http1Client } from './http1.ts';

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
        const kind = addressPhrase(refused.address, 'an address not allowed');
        const denied = Object.assign(new Error(`${hostname} resolves to ${refused.address}, ${kind}`), {
          code: 'EADDRNOTALLOWED',
        });
        return callback(denied, '', 4);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The sender of the server: HTTP/1.1 over kept-alive connections (./http1.ts), `allowPrivate` the
 * documented override. Live and test mode never share a connection: each was judged under its own
 * mode's rule. A URL is judged once per sender and mode (the rule cannot change while it runs);
 * its addresses, on every connection.
 */
export function httpSender(allowPrivate = allowPrivateFromEnv()): Sender {
  const clients = [false, true].map(
    (livemode) => new Http1Client({ lookup: guardedLookup(livemode, allowPrivate) }),
  ) as [Http1Client, Http1Client];
  const judged = new Map<string, URL | string>();
  const judge = (url: string, livemode: boolean): URL | string => {
    const key = `${livemode ? 'live' : 'test'} ${url}`;
    let verdict = judged.get(key);
    if (verdict === undefined) {
      // The target rule, not the rule as written: an endpoint stored before that rule (a fragment,
      // an empty '@') is still sent to its canonical URL, as it was; port 0 and the ranges never.
      const parsed = URL.canParse(url) ? new URL(url) : undefined;
      verdict = parsed
        ? (endpointTargetProblem(parsed, livemode, allowPrivate) ?? parsed)
        : 'url must be an absolute http(s) URL';
      if (judged.size >= 1_000) judged.clear();
      judged.set(key, verdict);
    }
    return verdict;
  };
  return async (url, headers, body, { timeoutMs, livemode }) => {
    const started = performance.now();
    const latencyMs = () => Math.round((performance.now() - started) * 10) / 10;
    const target = judge(url, livemode);
    if (typeof target === 'string') return { kind: 'failed', reason: target, latencyMs: 0 };
    const all = { ...headers, 'content-type': 'application/json', 'user-agent': 'estate-webhooks/1' };
    try {
      const answer = await clients[livemode ? 1 : 0].post(target, all, body, timeoutMs);
      return {
        kind: 'answered',
        status: answer.status,
        retryAfter: answer.retryAfter,
        latencyMs: latencyMs(),
      };
    } catch (error) {
      return { kind: 'failed', reason: (error as Error).message, latencyMs: latencyMs() };
    }
  };
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
