// Every answer under the API's paths, into the request log: a record per request, built after the
// response is handed to the socket, so the log never delays an answer.
import type { IncomingMessage } from 'node:http';
import type { PlainResponse } from '../src/api/orders/plain.ts';
import type { RequestLog } from '../src/api/request-log.ts';
import { requestRecord, type AnsweredRequest } from '../src/api/request-record.ts';
import type { KeyRecord } from '../src/api/orders/deps.ts';
import type { RouteFinder } from '../src/api/route-map.ts';

/** Records an answered request, given when it arrived (performance.now()). */
export type AnswerLogger = (req: IncomingMessage, response: PlainResponse, arrivedMs: number) => void;

/** What names the key of an answer the contract did not give (./api-listener.ts). */
export type KeyFinder = (req: IncomingMessage) => Promise<KeyRecord | null>;

/**
 * A logger into `log` (none when the log is off). An answer the server gave before the contract ran
 * (a 417, a request it could not parse) carries no key: `keyOf` names the one its credential names.
 */
export function answerLogger(log: RequestLog | null, routeOf: RouteFinder, keyOf?: KeyFinder): AnswerLogger {
  if (log === null) return () => undefined;
  return (req, response, arrivedMs) => {
    const answered: AnsweredRequest = {
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      userAgent: req.headers['user-agent'],
      response,
      timeMs: Date.now(),
      latencyMs: performance.now() - arrivedMs,
    };
    if (response.key !== undefined || keyOf === undefined || req.headers.authorization === undefined) {
      log.append(requestRecord(answered, routeOf));
      return;
    }
    const named = (key: KeyRecord | null) => {
      response.key = key;
      log.append(requestRecord(answered, routeOf));
    };
    keyOf(req).then(named, () => named(null));
  };
}
