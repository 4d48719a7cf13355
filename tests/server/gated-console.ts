// A console gate in front of a stand-in console that answers with the actor the gate handed it
// (as a page reads it), on http and, when asked, https with a throwaway self-signed certificate;
// and the exchanges the gate's tests make with it.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { consoleGate, signInPath } from '../../server/console-gate.ts';
import type { ConsoleAccess } from '../../server/console/access.ts';
import { consoleActor } from '../../src/live/console-actor.ts';
import { selfSignedCertificate } from '../helpers/self-signed.ts';

/** The CONSOLE_TOKEN of the gate's tests. */
export const consoleToken = 'console-token-Zq7x';

/** What a test does with a gated console. */
export interface GatedConsole {
  base: string;
  /** The same gate over TLS ('' unless asked for). */
  httpsBase: string;
  /** Signs in with `token` (303 expected); returns the cookie pair (name=value) to send back. */
  signIn(token: string): Promise<{ pair: string }>;
  /** Asks for a console fragment (or `path`) with a cookie; returns the status and the actor the console saw. */
  page(
    pair: string,
    init?: RequestInit,
    path?: string,
  ): Promise<{ status: number; actor: { name: string; role: string } | null }>;
  /** Signs in with the console token at `at` (https trusted as ours); returns the Set-Cookie header. */
  signInCookie(at: string, headers: Record<string, string>): Promise<string>;
}

/** Starts the gate over `access` before the file's tests and stops it after them. */
export function useGatedConsole(access: () => ConsoleAccess, options: { tls?: boolean } = {}): GatedConsole {
  const servers: Server[] = [];
  const gated: GatedConsole = {
    base: '',
    httpsBase: '',
    async signIn(token) {
      const res = await fetch(`${gated.base}${signInPath}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, next: '/app/api' }).toString(),
      });
      expect(res.status).toBe(303);
      return { pair: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
    },
    async page(pair, init = {}, path = '/app/api/keys') {
      const res = await fetch(`${gated.base}${path}`, {
        redirect: 'manual',
        ...init,
        headers: { cookie: pair, ...(init.headers as Record<string, string>) },
      });
      const body =
        res.status === 200 ? ((await res.json()) as { actor: { name: string; role: string } }) : null;
      return { status: res.status, actor: body?.actor ?? null };
    },
    signInCookie: (at, headers) => signInCookie(at, headers),
  };
  beforeAll(async () => {
    const gate = consoleGate((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ actor: consoleActor() }));
    }, access());
    servers.push(createServer((req, res) => void gate(req, res)));
    if (options.tls) {
      const tls = selfSignedCertificate();
      servers.push(createHttpsServer(tls, (req, res) => void gate(req, res)));
    }
    await Promise.all(servers.map((s) => new Promise<void>((done) => s.listen(0, '127.0.0.1', done))));
    const port = (i: number) => (servers[i]?.address() as AddressInfo).port;
    gated.base = `http://127.0.0.1:${port(0)}`;
    if (options.tls) gated.httpsBase = `https://127.0.0.1:${port(1)}`;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  });
  return gated;
}

function signInCookie(at: string, headers: Record<string, string>): Promise<string> {
  const url = new URL(`${at}${signInPath}`);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const options = {
      method: 'POST',
      rejectUnauthorized: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    };
    const req = send(url, options, (res) => {
      res.resume();
      resolve(String(res.headers['set-cookie']?.[0] ?? ''));
    });
    req.on('error', reject);
    req.end(new URLSearchParams({ token: consoleToken }).toString());
  });
}
