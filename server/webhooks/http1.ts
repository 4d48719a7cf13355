// A small HTTP/1.1 client for webhook deliveries: each POST is written in one go on a kept-alive
// connection; the answer's status and Retry-After are read from its head, and its body is drained
// (by Content-Length or by chunks) so that the connection can carry the next delivery. It does
// only what a delivery needs, at less than half the CPU of node:http's client (docs/decisions.md,
// "Deliveries on a client of their own").
import { connect as netConnect, type LookupFunction, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { parseHead, type Body } from './http1-head.ts';

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

/** A head, a chunk's size line or a trailer line may not exceed this. */
const maxLineBytes = 16 * 1024;
/** A body (or its trailers) is drained up to this, then the connection is dropped. */
const maxDrainBytes = 64 * 1024;
/** How long an idle connection is kept when the server does not say (Keep-Alive: timeout=N). */
const defaultIdleMs = 4_000;
const headEnd = Buffer.from('\r\n\r\n');
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const lineEnd = Buffer.from('\r\n');

/** The deadline passed: the request may have reached the server, and is never sent again here. */
class DeadlineError extends Error {}

interface Pending {
  resolve(answer: Http1Answer): void;
  reject(error: Error): void;
}

/** One connection, its parser and the request it carries (at most one at a time). */
class Connection {
  private buffer: Buffer | null = null;
  private pending: Pending | null = null;
  private body: Body | null = null;
  private drained = 0;
  private reusable = false;
  private deadline: NodeJS.Timeout | null = null;
  /** Whether the server sent any byte since the current request was written. */
  heard = false;
  /** Whether the connection carried a request before the current one. */
  reused = false;
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
      this.heard = false;
      const late = () => this.fail(new DeadlineError(`no answer within ${timeoutMs} ms`));
      this.deadline = setTimeout(late, timeoutMs);
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

  /** Parses what arrived; anything the parser refuses fails the request and drops the connection. */
  private onData(chunk: Buffer): void {
    this.heard = true;
    try {
      this.parse(chunk);
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private parse(chunk: Buffer): void {
    let buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    this.buffer = null;
    while (buffer.length > 0 && !this.socket.destroyed) {
      if (this.body === null) {
        if (this.pending === null) throw new Error('bytes arrived with no request');
        const rest = this.readHead(buffer);
        if (rest === null) {
          if (buffer.length > maxLineBytes) throw new Error('the answer has no end of head');
          this.buffer = buffer;
          return;
        }
        buffer = rest;
      } else buffer = this.readBody(buffer);
    }
  }

  /** Reads a head at the start of `buffer`; returns what follows it, or null if incomplete. */
  private readHead(buffer: Buffer): Buffer | null {
    const end = buffer.indexOf(headEnd);
    if (end < 0) return null;
    const head = parseHead(buffer.toString('latin1', 0, end));
    if (typeof head === 'string') throw new Error(head);
    const rest = buffer.subarray(end + 4);
    if (head.interim) return rest; // an interim answer: the real one follows
    if (head.idleMs !== null) this.idleMs = head.idleMs;
    this.body = head.body;
    this.reusable = head.reusable;
    const pending = this.pending;
    this.pending = null;
    pending?.resolve({ status: head.status, retryAfter: head.retryAfter });
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
      if (buffer.length > maxLineBytes) throw new Error('the answer has a chunk line with no end');
      this.buffer = buffer;
      return Buffer.alloc(0);
    }
    const line = buffer.toString('latin1', 0, eol);
    const rest = buffer.subarray(eol + 2);
    if (body.trailers) {
      this.drained += eol + 2;
      if (this.drained > maxDrainBytes) throw new Error('the answer has trailers over 64 KiB');
      if (line === '') this.finish(); // the empty line after the trailers
      return rest;
    }
    if (body.left === 0) {
      if (line !== '') throw new Error('the answer has a chunk longer than its size');
      body.left = -1; // the CRLF after a chunk's data: a size line follows
      return rest;
    }
    const size = /^([0-9a-fA-F]{1,8})[ \t]*(;.*)?$/.exec(line);
    if (!size) throw new Error('the answer has a malformed chunk size');
    body.left = parseInt(size[1] as string, 16);
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
    this.reused = true;
    this.release(this);
  }

  /** Makes the connection idle: it is closed if unused for `idleMs`, and keeps no process alive. */
  rest(): void {
    if (this.idleMs === 0) return void this.socket.destroy();
    this.socket.setTimeout(this.idleMs);
    this.socket.unref();
  }
}

/** The pool a URL's connections share. */
const origin = (url: URL) => `${url.protocol}//${url.host}`;

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
      if (!headerName.test(name) || /[^\t\x20-\x7e\x80-\uffff]/.test(value))
        return Promise.reject(new Error(`header ${JSON.stringify(name)} is not a valid header`));
      request += `${name}: ${value}\r\n`;
    }
    request += `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    return this.send(url, request, timeoutMs);
  }

  /** On an idle connection if any; one found closed (no byte of answer) gets it once more, anew. */
  private async send(url: URL, request: string, timeoutMs: number): Promise<Http1Answer> {
    const started = performance.now();
    const connection = this.connection(url);
    try {
      return await connection.send(request, timeoutMs);
    } catch (error) {
      if (!connection.reused || connection.heard || error instanceof DeadlineError) throw error;
      // Its idle siblings are likely closed too (a restarted receiver): none is tried again.
      for (const idle of this.idle.get(origin(url)) ?? []) idle.socket.destroy();
      const left = Math.max(1, Math.round(timeoutMs - (performance.now() - started)));
      return this.connection(url, true).send(request, left);
    }
  }

  /** Closes every idle connection. */
  close(): void {
    for (const pool of this.idle.values()) for (const c of pool) c.socket.destroy();
    this.idle.clear();
  }

  /** An idle connection to the URL's origin, else (or when `fresh`) a new one. */
  private connection(url: URL, fresh = false): Connection {
    const key = origin(url);
    const pool = fresh ? undefined : this.idle.get(key);
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
      const list = this.idle.get(key);
      if (list) list.push(c);
      else this.idle.set(key, [c]);
      c.rest();
    };
    const forget = (c: Connection) => {
      const list = this.idle.get(key);
      const at = list?.indexOf(c) ?? -1;
      if (at >= 0) list?.splice(at, 1);
      if (list?.length === 0) this.idle.delete(key);
    };
    return new Connection(socket, release, forget);
  }
}
