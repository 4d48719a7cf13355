// The API side of a node:http server, for the production server and the dev server alike: API and
// health requests, and what node:http emits instead of 'request' (CONNECT, an Expect other than
// 100-continue, a request it cannot parse), each answered with problem+json. Every answer leaves
// through writePlain (src/api/http/node.ts).
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { endBrokenBody, handleNodeRequest, writePlain } from '../src/api/http/node.ts';
import type { PlainResponse } from '../src/api/orders/plain.ts';
import { randomId } from '../src/api/orders/ids.ts';
import { namedKey } from '../src/api/orders/handler.ts';
import { problemResponse, withRequestId } from '../src/api/orders/respond.ts';
import type { ApiRuntime } from './api-deps.ts';
import { healthResponse } from './health.ts';
import type { ConsoleActorLookup } from './manage/console-caller.ts';
import { answerManage } from './manage/listener.ts';
import { answerLogger, type AnswerLogger } from './request-logging.ts';
import { destinationOf, type Destination } from './routing.ts';

/** A node:http request handler (the console's, or the API's). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** Answers a request routed to the API or to health (see ./routing.ts); `record` logs an API answer. */
export type ApiHandler = ((
  req: IncomingMessage,
  res: ServerResponse,
  destination: Exclude<Destination, 'console'>,
  expectsContinue?: boolean,
  arrivedMs?: number,
) => void) & { record: AnswerLogger };

/** Methods some resource of this server answers (the Allow of a CONNECT refusal). */
const allowed = 'GET, HEAD, POST';

/**
 * The API and health handler over a runtime; `bodyTimeoutMs` bounds a body once it is asked for.
 * Every API answer is recorded in the request log (health is not: it is not the API). With
 * `consoleActorOf`, the console's own pages call the management API with their session.
 */
export function apiHandler(
  runtime: ApiRuntime,
  bodyTimeoutMs?: number,
  consoleActorOf?: ConsoleActorLookup,
): ApiHandler {
  const record = answerLogger(runtime.log, runtime.routeOf, (req) =>
    namedKey({ headers: { authorization: req.headers.authorization } }, runtime.deps),
  );
  const handler = (
    req: IncomingMessage,
    res: ServerResponse,
    destination: Exclude<Destination, 'console'>,
    expectsContinue = false,
    arrived = performance.now(),
  ) => {
    if (destination === 'manage') {
      if (expectsContinue) res.writeContinue();
      answerManage(req, res, runtime.manage, bodyTimeoutMs, consoleActorOf).catch(() => {
        if (res.headersSent) res.destroy();
        else writePlain(res, stamped(problemResponse('internal-error', 'Unexpected failure')), true);
      });
      return;
    }
    const answered =
      destination === 'health'
        ? healthResponse(req.method ?? 'GET', req.url ?? '/', runtime.health).then((response) =>
            writePlain(res, stamped(response)),
          )
        : handleNodeRequest(req, res, runtime.deps, { bodyTimeoutMs, expectsContinue }).then((response) =>
            record(req, response, arrived),
          );
    answered.catch(() => {
      if (res.headersSent) res.destroy();
      else writePlain(res, stamped(problemResponse('internal-error', 'Unexpected failure')), true);
    });
  };
  return Object.assign(handler, { record });
}

/** An answer the server gives itself, with a request id as the contract's answers have. */
const stamped = (response: PlainResponse) => withRequestId(response, randomId('req_'));

/**
 * A request node could not parse, as a response and the request log need it: its method and
 * target, read off the raw bytes when it got that far (a HEAD is answered without a body), else
 * GET and no target.
 */
function unparsedRequest(raw: Buffer | undefined): IncomingMessage {
  const line = /^([A-Z]+) (?:(\S+) )?/.exec(raw?.toString('latin1', 0, 2048) ?? '');
  const [, method = 'GET', url] = line ?? [];
  return { method, url, httpVersionMajor: 1, httpVersionMinor: 1, headers: {} } as IncomingMessage;
}

/**
 * Writes `response` on a socket no ServerResponse owns (CONNECT, parse errors), then closes it;
 * returns the answer as written, or null when the socket could not take it.
 */
function answerOnSocket(
  socket: Duplex,
  unstamped: PlainResponse,
  req: IncomingMessage,
): PlainResponse | null {
  const response = stamped(unstamped);
  // Not writable: the peer is gone, or the socket is already closing after a last answer.
  if (!socket.writable) {
    if (socket.writableEnded) (socket as Socket).destroySoon();
    else socket.destroy();
    return null;
  }
  const res = new ServerResponse(req);
  res.assignSocket(socket as Socket);
  res.on('finish', () => {
    res.detachSocket(socket as Socket);
    (socket as Socket).destroySoon();
  });
  writePlain(res, response, true);
  return response;
}

/** The problem for an error node's parser reports (code as node names it). */
function parseProblem(code: string | undefined): PlainResponse {
  if (code === 'HPE_HEADER_OVERFLOW')
    return problemResponse('headers-too-large', 'The request headers are larger than 16 KiB');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return problemResponse('request-timeout', 'The request did not arrive in time');
  return problemResponse('invalid-request', `The request is not valid HTTP/1.1 (${code ?? 'unreadable'})`);
}

/**
 * Answers on a node:http server what never reaches 'request': CONNECT (405), an Expect other than
 * 100-continue (417; recorded with `record` when its path is the API's), and a request node cannot
 * parse or that timed out before its headers ended.
 */
export function attachEdges(server: Server, record?: AnswerLogger): void {
  server.on('connect', (req: IncomingMessage, socket: Duplex) =>
    answerOnSocket(
      socket,
      problemResponse('method-not-allowed', `CONNECT is not supported; use ${allowed}`, { allow: allowed }),
      req,
    ),
  );
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const arrived = performance.now();
    const response = stamped(
      problemResponse('expectation-failed', 'The only expectation met is 100-continue'),
    );
    writePlain(res, response, true);
    if (destinationOf(req.url) === 'api') record?.(req, response, arrived);
  });
  // The newest request of each connection: the one a framing error can cut short.
  const newest = new WeakMap<Duplex, IncomingMessage>();
  const noteNewest = (req: IncomingMessage) => newest.set(req.socket, req);
  server.prependListener('request', noteNewest).prependListener('checkContinue', noteNewest);
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    // node reports the parser's error again on every later read; it is answered once.
    if (answered.has(socket)) return;
    answered.add(socket);
    const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!inFlight) {
      const arrived = performance.now();
      const req = unparsedRequest(error.rawPacket);
      const response = answerOnSocket(socket, parseProblem(error.code), req);
      // Under the API's paths every answer is logged, this one too (what could be read of it).
      if (response !== null && destinationOf(req.url) === 'api') record?.(req, response, arrived);
      return;
    }
    // Mid-response, a reset or a time-out: nothing more can be said.
    if (!error.code?.startsWith('HPE_')) {
      socket.destroy();
      return;
    }
    // Junk after requests received in full (pipelined, or a body longer than its Content-Length):
    // answer them first, or a caller whose order was saved hears nothing and retries it. A request
    // whose body the error cut (a bad chunk size) has its body ended as broken, and its handler
    // answers it 400: the API's, and the console gate's, which reads bodies with the same reader
    // (src/api/http/node.ts).
    const cut = newest.get(socket);
    const bodyCut = cut !== undefined && !cut.complete;
    if (bodyCut) endBrokenBody(cut);
    afterAnswers(socket, () => {
      if (bodyCut) (socket as Socket).destroySoon();
      else answerOnSocket(socket, parseProblem(error.code), unparsedRequest(error.rawPacket));
    });
  });
}

/** Calls `then` once every response queued on `socket` (pipelined ones included) has finished or closed. */
function afterAnswers(socket: Duplex, then: () => void): void {
  const current = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!current) then();
  // 'close' follows node's own 'finish' handling, which hands the socket to the next response.
  else current.once('close', () => afterAnswers(socket, then));
}

/**
 * Runs `handle` once `res` holds its connection: at once, or, for a pipelined request, once every
 * answer before it on that connection is written. node parses pipelined requests all at once, and
 * would otherwise have a POST's replay, or a GET after it, run beside the request it follows
 * (RFC 9112 §9.3.2 allows that only for safe methods); node hands the socket on in order.
 */
export function inTurn(res: ServerResponse, handle: () => void): void {
  if (res.socket !== null) handle();
  else res.once('socket', handle);
}

/**
 * Serves a node:http server: each request goes to the API (or health) or to the console as
 * ./routing.ts decides, pipelined ones in turn; `Expect: 100-continue` is answered 100 only when a
 * body is wanted.
 */
export function attachServer(server: Server, api: ApiHandler, console: NodeHandler): void {
  const route = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean, arrivedMs: number) => {
    const destination = destinationOf(req.url);
    if (destination !== 'console') api(req, res, destination, expectsContinue, arrivedMs);
    else {
      if (expectsContinue) res.writeContinue();
      void console(req, res);
    }
  };
  const arrive = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    const arrivedMs = performance.now();
    // The common request holds its connection already: no closure for it.
    if (res.socket !== null) route(req, res, expectsContinue, arrivedMs);
    else inTurn(res, () => route(req, res, expectsContinue, arrivedMs));
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => arrive(req, res, false));
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => arrive(req, res, true));
  attachEdges(server, api.record);
}
