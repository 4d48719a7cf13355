// A small HTTP/1.1 client for webhook deliveries: each POST is written in one go on a kept-alive
// connection; the answer's status and Retry-After are read from its head, and its body is drained
// (by Content-Length or by chunks) so that the connection can carry the next delivery. It does
// only what a delivery needs, at less than half the CPU of node:http's client (docs/decisions.md,
// "Deliveries on a client of their own").
import { connect as netConnect, type LookupFunction, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';

/** What an endpoint answered: its status, and its Retry-After header if any. */
export interface Http1Answer {
  status: number;
  retryAfter: string | undefined;
}

/** How the client connects. */
export interface Http1Options {
  /** Resolves names before connecting (the SSRF check runs here). */
  lookup?: LookupFunction;
  /** Extra TLS options for https (for example a private CA); certificates are always verified. */
  tls?: ConnectionOptions;
}

/** An answer's head may not exceed this; a body is drained up to `maxDrainBytes`, then dropped. */
const maxHeadBytes = 16 * 1024;
const maxDrainBytes = 64 * 1024;
/** How long an idle connection is kept when the server does not say (Keep-Alive: timeout=N). */
const defaultIdleMs = 4_000;
const headEnd = Buffer.from('\r\n\r\n');
const lineEnd = Buffer.from('\r\n');

interface Pending {
  resolve(answer: Http1Answer): void;
  reject(error: Error): void;
}

/** How the rest of an answer after its head is framed (RFC 9112, section 6.3). */
type Body = { kind: 'length'; left: number } | { kind: 'chunked'; left: number; trailers: boolean };

/** One connection, its parser and the request it carries (at most one at a time). */
class Connection {
  private buffer: Buffer | null = null;
  private pending: Pending | null = null;
  private body: Body | null = null;
  private drained = 0;
  private reusable = false;
  private deadline: NodeJS.Timeout | null = null;
  idleMs = defaultIdleMs;
  readonly socket: Socket;
  private readonly release: (c: Connection) => void;

  constructor(socket: Socket, release: (c: Connection) => void, forget: (c: Connection) => void) {
    this.socket = socket;
    this.release = release;
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => {
      forget(this);
      this.fail(new Error('the connection closed before an answer'));
    });
    socket.on('timeout', () => socket.destroy()); // idle too long
  }

  /** Writes one request and settles with the answer's head, or fails. */
  send(request: string, timeoutMs: number): Promise<Http1Answer> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.deadline = setTimeout(() => {
        this.fail(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.socket.setTimeout(0);
      this.socket.ref();
      this.socket.write(request, 'utf8');
    });
  }

  private fail(error: Error): void {
    this.stopDeadline();
    const pending = this.pending;
    this.pending = null;
    this.socket.destroy();
    pending?.reject(error);
  }

  private stopDeadline(): void {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
  }

  private onData(chunk: Buffer): void {
    let buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    this.buffer = null;
    while (buffer.length > 0 && !this.socket.destroyed) {
      if (this.body === null) {
        if (this.pending === null) return this.fail(new Error('bytes arrived with no request'));
        const rest = this.readHead(buffer);
        if (rest === null) {
          if (buffer.length > maxHeadBytes) return this.fail(new Error('the answer has no end of head'));
          this.buffer = buffer;
          return;
        }
        buffer = rest;
      } else buffer = this.readBody(buffer);
    }
  }

  /** Parses a head at the start of `buffer`; returns what follows it, or null if incomplete. */
  private readHead(buffer: Buffer): Buffer | null {
    const end = buffer.indexOf(headEnd);
    if (end < 0) return null;
    const lines = buffer.toString('latin1', 0, end).split('\r\n');
    const statusLine = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: |$)/.exec(lines[0] ?? '');
    if (!statusLine) {
      this.fail(new Error(`not an HTTP/1.1 answer: ${JSON.stringify((lines[0] ?? '').slice(0, 40))}`));
      return Buffer.alloc(0);
    }
    const status = Number(statusLine[2]);
    const rest = buffer.subarray(end + 4);
    if (status < 200 && status !== 101) return rest; // an interim answer: the real one follows
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const connection = (headers.get('connection') ?? '').toLowerCase();
    const chunked = /(^|,)\s*chunked\s*$/i.test(headers.get('transfer-encoding') ?? '');
    const length = headers.get('content-length');
    if (!chunked && length !== undefined && !/^\d{1,15}$/.test(length)) {
      this.fail(new Error(`the answer's Content-Length is not a length: ${JSON.stringify(length)}`));
      return Buffer.alloc(0);
    }
    const idle = /timeout=(\d+)/.exec(headers.get('keep-alive') ?? '');
    if (idle) this.idleMs = Math.max(0, Number(idle[1]) * 1000 - 1000);
    const noBody = status === 204 || status === 304;
    this.body = noBody
      ? { kind: 'length', left: 0 }
      : chunked
        ? { kind: 'chunked', left: -1, trailers: false }
        : length !== undefined
          ? { kind: 'length', left: Number(length) }
          : null;
    this.reusable =
      this.body !== null &&
      status !== 101 &&
      (statusLine[1] === '1' ? connection !== 'close' : connection === 'keep-alive');
    const pending = this.pending;
    this.pending = null;
    pending?.resolve({ status, retryAfter: headers.get('retry-after') });
    if (this.body === null) {
      this.finish(); // framed by the connection's close: the body is not needed
      return Buffer.alloc(0);
    }
    if (this.body.kind === 'length' && this.body.left === 0) this.finish();
    return rest;
  }

  /** Consumes body bytes at the start of `buffer`; returns what follows the body. */
  private readBody(buffer: Buffer): Buffer {
    const body = this.body as Body;
    if (body.kind === 'length') {
      const taken = Math.min(body.left, buffer.length);
      body.left -= taken;
      return this.drain(taken, buffer, body.left === 0);
    }
    if (body.left > 0) {
      const taken = Math.min(body.left, buffer.length);
      body.left -= taken;
      return this.drain(taken, buffer, false);
    }
    const eol = buffer.indexOf(lineEnd);
    if (eol < 0) {
      this.buffer = buffer;
      return Buffer.alloc(0);
    }
    const line = buffer.toString('latin1', 0, eol);
    const rest = buffer.subarray(eol + 2);
    if (body.trailers) {
      if (line === '') this.finish(); // the empty line after the trailers
      return rest;
    }
    if (body.left === 0) {
      body.left = -1; // the CRLF after a chunk's data: a size line follows
      return rest;
    }
    const size = /^[0-9a-fA-F]{1,8}/.exec(line);
    if (!size) {
      this.fail(new Error('the answer has a malformed chunk'));
      return Buffer.alloc(0);
    }
    body.left = parseInt(size[0], 16);
    if (body.left === 0) body.trailers = true;
    return rest;
  }

  private drain(taken: number, buffer: Buffer, done: boolean): Buffer {
    this.drained += taken;
    if (this.drained > maxDrainBytes) {
      this.finish(false);
      return Buffer.alloc(0);
    }
    if (done) this.finish();
    return buffer.subarray(taken);
  }

  /** The answer is read: the connection goes back to the pool if it can carry another. */
  private finish(reuse = this.reusable): void {
    this.stopDeadline();
    this.body = null;
    this.drained = 0;
    if (!reuse) return void this.socket.destroy();
    this.release(this);
  }

  /** Makes the connection idle: it is closed if unused for `idleMs`, and keeps no process alive. */
  rest(): void {
    if (this.idleMs === 0) return void this.socket.destroy();
    this.socket.setTimeout(this.idleMs);
    this.socket.unref();
  }
}

/** Sends POSTs over kept-alive HTTP/1.1 connections, one pool per origin. */
export class Http1Client {
  private readonly idle = new Map<string, Connection[]>();
  private readonly options: Http1Options;

  constructor(options: Http1Options = {}) {
    this.options = options;
  }

  /** POSTs `body` to `url` with `headers`; settles with the answer's head, or fails. */
  post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Http1Answer> {
    let request = `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n`;
    for (const name in headers) {
      const value = headers[name] as string;
      if (/[\r\n]/.test(name) || /[\r\n]/.test(value))
        return Promise.reject(new Error(`header ${name} has a line break`));
      request += `${name}: ${value}\r\n`;
    }
    request += `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    return this.connection(url).send(request, timeoutMs);
  }

  /** Closes every idle connection. */
  close(): void {
    for (const pool of this.idle.values()) for (const c of pool) c.socket.destroy();
    this.idle.clear();
  }

  private connection(url: URL): Connection {
    const origin = `${url.protocol}//${url.host}`;
    const pool = this.idle.get(origin);
    while (pool && pool.length > 0) {
      const idle = pool.pop() as Connection;
      if (!idle.socket.destroyed && idle.socket.readyState === 'open') return idle;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const secure = url.protocol === 'https:';
    const port = Number(url.port) || (secure ? 443 : 80);
    const { lookup } = this.options;
    const socket = secure
      ? tlsConnect({
          ...this.options.tls,
          host,
          port,
          lookup,
          servername: /^[\d.]+$|:/.test(host) ? undefined : host,
          ALPNProtocols: ['http/1.1'],
          rejectUnauthorized: true,
        })
      : netConnect({ host, port, lookup });
    socket.setNoDelay(true);
    const release = (c: Connection) => {
      const list = this.idle.get(origin);
      if (list) list.push(c);
      else this.idle.set(origin, [c]);
      c.rest();
    };
    const forget = (c: Connection) => {
      const list = this.idle.get(origin);
      const at = list?.indexOf(c) ?? -1;
      if (at >= 0) list?.splice(at, 1);
      if (list?.length === 0) this.idle.delete(origin);
    };
    return new Connection(socket, release, forget);
  }
}
