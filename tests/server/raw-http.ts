// HTTP exchanges that fetch cannot make: a request-target sent exactly as written (fetch resolves
// dot segments and re-encodes), CONNECT, and raw bytes on a socket whose closing is observed.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

/** An answer as the client saw it: status (and the status line's reason phrase), headers and body text. */
export interface RawAnswer {
  status: number;
  /** The status line's reason phrase (sendRaw's answers have it). */
  statusText?: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request whose target goes on the request line byte for byte (one latin1 char per byte). */
export interface RawRequest {
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

/** UTF-8 bytes as latin1 characters, so node writes them on the request line unchanged. */
export function asLatin1(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/**
 * Sends one request to `port` on 127.0.0.1 and reads the whole answer (CONNECT included). A body
 * goes with its Content-Length (node would send a DELETE's body unframed).
 */
export function sendRaw(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
  const length =
    request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) };
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: request.method,
      path: request.target,
      headers: { ...length, ...request.headers },
      agent: false,
      timeout: timeoutMs,
    });
    const read = (res: IncomingMessage, stream: NodeJS.ReadableStream) => {
      const head = { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers };
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      stream.on('end', () => resolve({ ...head, body }));
      stream.on('close', () => resolve({ ...head, body }));
    };
    req.on('response', (res) => read(res, res));
    // A CONNECT answer hands over the socket; the problem body follows on it.
    req.on('connect', (res, socket: Socket, head: Buffer) => {
      socket.unshift(head);
      read(res, socket);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${request.method} ${request.target}`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** A raw socket to `port`, with what it received and when the server closed it. */
export interface RawConnection {
  socket: Socket;
  /** Everything received so far, as latin1 text. */
  received(): string;
  /** Resolves with the milliseconds from connecting until the server ended the connection. */
  closed: Promise<number>;
}

/** Opens a socket to `port` on 127.0.0.1 and writes `bytes`; the caller decides what follows. */
export async function openRaw(port: number, bytes: string): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((done, fail) => socket.once('connect', done).once('error', fail));
  const started = performance.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  const closed = new Promise<number>((done) => {
    socket.once('close', () => done(performance.now() - started));
    socket.once('end', () => done(performance.now() - started));
  });
  socket.on('error', () => undefined);
  socket.write(bytes);
  return { socket, received: () => text, closed };
}
