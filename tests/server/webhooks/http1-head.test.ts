// An answer's head as the deliveries' client reads it: how its body is framed, whether the
// connection may carry another request (Connection as a list of tokens, repeated headers as one),
// and the server's idle time-out, capped.
import { describe, expect, it } from 'vitest';
import { parseHead } from '../../../server/webhooks/http1-head.ts';

const head = (...lines: string[]) => parseHead(['HTTP/1.1 200 OK', ...lines].join('\r\n'));

describe('parseHead', () => {
  it.each([
    ['Connection: close', ['Connection: close']],
    ['close among other tokens', ['Connection: Upgrade, close']],
    ['close first', ['Connection: close, TE']],
    ['close in a repeated header', ['Connection: close', 'Connection: x-foo']],
  ])('does not reuse a connection after %s', (_name, lines) => {
    expect(head('Content-Length: 0', ...lines)).toMatchObject({ reusable: false });
  });

  it('reuses an HTTP/1.0 connection only when the server says keep-alive', () => {
    expect(parseHead('HTTP/1.0 200 OK\r\nContent-Length: 0')).toMatchObject({ reusable: false });
    expect(parseHead('HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0')).toMatchObject({
      reusable: true,
    });
  });

  it.each([
    ['a length', ['Content-Length: 5'], { kind: 'length', left: 5 }],
    ['chunks', ['Transfer-Encoding: gzip, chunked'], { kind: 'chunked', left: -1, trailers: false }],
    ['the close, for a coding other than chunked', ['Transfer-Encoding: gzip', 'Content-Length: 5'], null],
    ['the close, with neither', [], null],
  ])('frames the body by %s', (_name, lines, body) => {
    expect(head(...lines)).toMatchObject({ body, reusable: body !== null });
  });

  it.each([['Content-Length: -1'], ['Content-Length: 5', 'Content-Length: 6'], ['Content-Length: 5x']])(
    'refuses %j',
    (...lines) => {
      expect(head(...lines)).toMatch(/Content-Length is not a length/);
    },
  );

  it.each([
    ['timeout=5', 'timeout=5', 4_000],
    ['timeout=1, max=100', 'timeout=1, max=100', 0],
    ['a timeout of 3,000,000 s', 'max=100, timeout=3000000', 60_000],
    ['a timeout of 400 digits', `timeout=${'9'.repeat(400)}`, null],
    ['timeouts=5', 'timeouts=5', null],
  ])('keeps an idle connection for Keep-Alive with %s as %j ms', (_label, value, idleMs) => {
    expect(head(`Keep-Alive: ${value}`, 'Content-Length: 0')).toMatchObject({ idleMs });
  });

  it('says an interim answer is one, and refuses what is not HTTP/1.x', () => {
    expect(parseHead('HTTP/1.1 103 Early Hints\r\nLink: </a>')).toEqual({ interim: true });
    expect(parseHead('HTTP/2 200')).toMatch(/not an HTTP\/1\.1 answer/);
  });
});
