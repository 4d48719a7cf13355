// The SSRF rule at connection time: a live-mode delivery to a name that resolves to loopback is
// refused before any connection is made (the resolver hook judges every address), as is one to an
// address literal; a redirect to such an address is a failure and never followed.
import { afterEach, describe, expect, it } from 'vitest';
import { guardedLookup, guardedLookupCheck, httpSender } from '../../../server/webhooks/sender.ts';
import { startReceiver, type Receiver } from '../../../harness/webhook-receiver.ts';

let receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

const options = (livemode: boolean) => ({ timeoutMs: 2_000, livemode });

describe('the sender', () => {
  it.each([
    ['a name resolving to loopback', (port: number) => `https://localhost:${port}/hooks`],
    ['127.0.0.1', (port: number) => `https://127.0.0.1:${port}/hooks`],
    ['[::1]', (port: number) => `https://[::1]:${port}/hooks`],
    ['10.0.0.1', () => 'https://10.0.0.1/hooks'],
    ['169.254.169.254', () => 'https://169.254.169.254/latest/meta-data'],
  ])('refuses %s in live mode without connecting', async (_name, url) => {
    const r = await startReceiver();
    receivers.push(r);
    const result = await httpSender(false)(url(r.port), {}, '{}', options(true));
    expect(result).toMatchObject({ kind: 'failed' });
    expect(r.connections()).toBe(0);
  });

  it('judges every address a name resolves to (the check at registration)', async () => {
    expect(await guardedLookupCheck('https://localhost/hooks', true, false)).toMatch(
      /loopback|127\.0\.0\.1|::1/,
    );
    expect(await guardedLookupCheck('http://localhost/hooks', false, false)).toBeNull();
  });

  it.each([
    ['::127.0.0.1', true],
    ['64:ff9b::7f00:1', true],
    ['2002:7f00:1::', true],
    ['fec0::1', true],
    ['64:ff9b::a9fe:a9fe', false],
    ['169.254.170.2', false],
    // Special-purpose ranges that are not globally reachable.
    ['198.18.0.1', true],
    ['192.0.0.1', true],
    ['192.0.2.1', true],
    ['2001:db8::1', true],
    ['64:ff9b:1::c000:201', true],
  ])(
    'refuses %s when it is what the name resolves to, before connecting (live %s)',
    async (address, live) => {
      const code = await new Promise<string | undefined>((resolve) => {
        guardedLookup(live, false)(address, { all: true }, (error) => {
          resolve((error as { code?: string } | null)?.code);
        });
      });
      expect(code).toBe('EADDRNOTALLOWED');
    },
  );

  it.each([
    ['198.18.0.1', /benchmarking/],
    ['240.0.0.1', /reserved/],
    ['255.255.255.255', /broadcast/],
    ['2001:db8::1', /documentation/],
  ])('names the kind of %s when a name resolves to it', async (address, kind) => {
    const message = await new Promise<string | undefined>((resolve) => {
      guardedLookup(true, false)(address, { all: true }, (error) => resolve(error?.message));
    });
    expect(message).toMatch(kind);
  });

  it('never sends a stored port-0 URL to the scheme default port', async () => {
    const result = await httpSender(false)('http://127.0.0.1:0/port0', {}, '{}', options(false));
    expect(result).toMatchObject({
      kind: 'failed',
      reason: 'url port must be from 1 to 65535',
      latencyMs: 0,
    });
  });

  it('still delivers to an endpoint stored before the rule as written (a fragment, an empty @)', async () => {
    const r = await startReceiver();
    receivers.push(r);
    const send = httpSender(false);
    for (const url of [`http://127.0.0.1:${r.port}/h#frag`, `http://@127.0.0.1:${r.port}/h`])
      expect(await send(url, {}, '{}', options(false))).toMatchObject({ kind: 'answered', status: 204 });
  });

  it('delivers to http://localhost in test mode', async () => {
    const r = await startReceiver();
    receivers.push(r);
    const result = await httpSender(false)(`http://localhost:${r.port}/hooks`, {}, '{}', options(false));
    expect(result).toMatchObject({ kind: 'answered', status: 204 });
  });

  it('never follows a redirect, in any mode, to anywhere', async () => {
    const target = await startReceiver();
    const r = await startReceiver(() => ({
      status: 307,
      headers: { location: `http://127.0.0.1:${target.port}/x` },
    }));
    receivers.push(target, r);
    const result = await httpSender(false)(r.url, {}, '{}', options(false));
    expect(result).toMatchObject({ kind: 'answered', status: 307 });
    expect(target.connections()).toBe(0);
  });
});
