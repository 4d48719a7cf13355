// The head of an HTTP/1.1 answer, as the deliveries' client (./http1.ts) reads it: the status, the
// Retry-After header, how the body that follows is framed (RFC 9112, section 6.3), and whether the
// connection may carry another request.

/** The longest a connection is kept idle, whatever the server says. */
const maxIdleMs = 60_000;

/** How the rest of an answer after its head is framed: by length, by chunks, or by the close (null). */
export type Body = { kind: 'length'; left: number } | { kind: 'chunked'; left: number; trailers: boolean };

/** A parsed head: an interim one (1xx) says only so. */
export type Head =
  | { interim: true }
  | {
      interim: false;
      status: number;
      retryAfter: string | undefined;
      body: Body | null;
      /** Whether the connection may carry the next request once the body is read. */
      reusable: boolean;
      /** How long the server keeps an idle connection, less a second, when it says (Keep-Alive). */
      idleMs: number | null;
    };

/** Parses `text` (a head without its final blank line); a string says why it is not one. */
export function parseHead(text: string): Head | string {
  const lines = text.split('\r\n');
  const statusLine = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: |$)/.exec(lines[0] ?? '');
  if (!statusLine) return `not an HTTP/1.1 answer: ${JSON.stringify((lines[0] ?? '').slice(0, 40))}`;
  const status = Number(statusLine[2]);
  if (status < 200 && status !== 101) return { interim: true };
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const before = headers.get(name); // a repeated header is one list (RFC 9110, section 5.3)
    headers.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  const connection = (headers.get('connection') ?? '')
    .toLowerCase()
    .split(',')
    .map((t) => t.trim());
  const coding = headers.get('transfer-encoding');
  const chunked = /(^|,)\s*chunked\s*$/i.test(coding ?? '');
  const length = headers.get('content-length');
  if (coding === undefined && length !== undefined && !/^\d{1,15}$/.test(length))
    return `the answer's Content-Length is not a length: ${JSON.stringify(length)}`;
  const idle = /(?:^|[,;\s])timeout=(\d{1,9})(?:$|[,;\s])/.exec(headers.get('keep-alive') ?? '');
  // A Transfer-Encoding that does not end in chunked is framed by the close, whatever the length.
  const body: Body | null =
    status === 204 || status === 304
      ? { kind: 'length', left: 0 }
      : chunked
        ? { kind: 'chunked', left: -1, trailers: false }
        : coding === undefined && length !== undefined
          ? { kind: 'length', left: Number(length) }
          : null;
  return {
    interim: false,
    status,
    retryAfter: headers.get('retry-after'),
    body,
    reusable:
      body !== null &&
      status !== 101 &&
      (statusLine[1] === '1' ? !connection.includes('close') : connection.includes('keep-alive')),
    idleMs: idle ? Math.min(maxIdleMs, Math.max(0, Number(idle[1]) * 1000 - 1000)) : null,
  };
}
