// The package's server honours the unhandled-request strategy under either msw major's name:
// msw 2 ignored the README's `onUnhandledFrame: 'error'` and let unmocked requests reach the
// network; msw 3 ignores msw 2's `onUnhandledRequest` the same way.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../src/mocks/node.ts';
import { forMswMajor } from '../../src/mocks/unhandled.ts';

describe('forMswMajor', () => {
  const callback = () => undefined;
  it.each([
    ['no options', undefined, 2, undefined],
    ["msw 3's name on msw 2 moves over", { onUnhandledFrame: 'error' }, 2, { onUnhandledRequest: 'error' }],
    ["msw 2's name on msw 3 moves over", { onUnhandledRequest: 'error' }, 3, { onUnhandledFrame: 'error' }],
    ['its own name stays', { onUnhandledFrame: 'bypass' }, 3, { onUnhandledFrame: 'bypass' }],
    [
      'its own name wins over the other',
      { onUnhandledFrame: 'warn', onUnhandledRequest: 'error' },
      3,
      { onUnhandledFrame: 'warn' },
    ],
    [
      'a callback under its own name stays',
      { onUnhandledRequest: callback },
      2,
      { onUnhandledRequest: callback },
    ],
  ] as const)('%s', (_name, options, major, expected) => {
    expect(forMswMajor(options, major)).toEqual(expected);
  });

  it('refuses a callback under the other major’s name, naming the right one', () => {
    expect(() => forMswMajor({ onUnhandledFrame: callback }, 2)).toThrow(/msw 2 reads onUnhandledRequest/);
  });
});

describe.each([['onUnhandledFrame'], ['onUnhandledRequest']])('server.listen({ %s: "error" })', (name) => {
  let receiver: Server;
  let received = 0;
  let url = '';
  beforeAll(async () => {
    receiver = createServer((_req, res) => {
      received++;
      res.end('reached the network');
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/unmocked`;
    server.listen({ [name]: 'error' });
  });
  afterEach(() => server.resetHandlers());
  afterAll(async () => {
    server.close();
    await new Promise((done) => receiver.close(done));
  });

  it('keeps an unmocked request off the network', async () => {
    await expect(fetch(url)).rejects.toThrow();
    expect(received).toBe(0);
  });
});
