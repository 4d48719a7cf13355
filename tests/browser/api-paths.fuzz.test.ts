// The path space, fuzzed against the production server WITH the console mounted (no Chromium): raw
// request-targets (repeated slashes, dot segments, good and bad percent-escapes, either case,
// unicode, queries, absolute form) over a socket, since fetch would normalise them first. Whatever
// the spelling: no 5xx; every target that normalises into the API's space (/v1, /v2, /v3, …) gets
// problem+json or a contract answer, never a console page; and the server logs no stack trace.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { asLatin1, sendRaw } from '../server/raw-http.ts';
import { startConsoleServer, stopConsoleServer, type ConsoleServer } from '../../harness/browser.ts';

/** Canonical paths, and whether each lies in the API's space. */
const canonical = fc.constantFrom(
  ...[
    '/v2/orders',
    '/v2/orders/ord_000000000000000000000001',
    '/v2/openapi.json',
    '/v1/orders',
    '/v3/orders',
    '/v2',
    '/v7/anything',
  ].map((path) => ({ path, api: true })),
  ...['/', '/app/api', '/app/api/keys', '/app/api/try', '/favicon.svg', '/nothing/here'].map((path) => ({
    path,
    api: false,
  })),
);

/** A segment the normaliser must drop again, and spellings of one character. */
const detour = fc.constantFrom('/.', '/%2e', '/x/..', '/app/%2E%2e', '');
const hex = (code: number, upper: boolean) => {
  const digits = code.toString(16).padStart(2, '0');
  return '%' + (upper ? digits.toUpperCase() : digits);
};

/** Respells a path without changing what it normalises to (for the router's generous reading). */
const respell = (path: string) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.nat(), detour, fc.boolean(), fc.boolean()), { maxLength: 3 }),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([edits, trailing, upperVersion]) => {
      let out = upperVersion ? path.replace(/^\/v/, '/V') : path;
      for (const [at, insert, doubleSlash, encode] of edits) {
        const slashes = [...out.matchAll(/\//g)].map((m) => m.index);
        const slash = slashes[at % slashes.length] ?? 0;
        out = out.slice(0, slash) + insert + (doubleSlash ? '/' : '') + out.slice(slash);
        // Percent-encode one letter (an unreserved character), outside any escape.
        const letters = [...out.matchAll(/[a-z]/g)]
          .map((m) => m.index)
          .filter((i) => i > 3 && out[i - 1] !== '%' && out[i - 2] !== '%');
        const letter = letters[at % Math.max(1, letters.length)];
        if (encode && letter !== undefined)
          out = out.slice(0, letter) + hex(out.charCodeAt(letter), at % 2 === 0) + out.slice(letter + 1);
      }
      return trailing ? out + '/' : out;
    });

/** Damage appended after the version segment: bad escapes, unicode raw and encoded, control bytes. */
const damage = fc.constantFrom(
  '',
  '/%ZZ',
  '/%',
  '/%E0%A4%A',
  '/%C3%A9',
  '/é',
  '/😀',
  '/%00',
  '/a%2Fb',
  '/%%32',
);
const query = fc.constantFrom('', '?x=1', '?a=%ZZ&b=/../', '?', '?/v2/orders', '?é');
const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH');

const target = fc.tuple(canonical, damage, query, fc.boolean()).chain(([base, hurt, q, absolute]) =>
  respell(base.path + hurt).map((path) => ({
    api: base.api,
    target: asLatin1((absolute ? 'http://estate.test' : '') + path + q),
  })),
);

describe('the path space on the production server with the console', () => {
  const output: string[] = [];
  let server: ConsoleServer | undefined;
  let port = 0;
  beforeAll(async () => {
    server = await startConsoleServer({}, output);
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(() => stopConsoleServer(server));

  it('answers every spelling without a 5xx, the API space always with the contract', async () => {
    const key = demoSandboxKey();
    await fc.assert(
      fc.asyncProperty(target, method, fc.boolean(), async ({ api, target: raw }, verb, signed) => {
        const body = verb === 'GET' || verb === 'HEAD' ? undefined : '{"customer":"cus_x","lines":[]}';
        const answer = await sendRaw(port, {
          method: verb,
          target: raw,
          headers: {
            ...(signed ? { authorization: `Bearer ${key}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body,
        });
        const where = `${verb} ${raw} → ${answer.status} ${answer.body.slice(0, 200)}`;
        expect(answer.status, where).toBeLessThan(500);
        if (api) expect(answer.headers['content-type'], where).toMatch(/^application\/(problem\+)?json$/);
      }),
      { numRuns: 400 },
    );
    expect(output.filter((line) => /^\s+at |\[ERROR\]/.test(line))).toEqual([]);
  }, 120_000);
});
