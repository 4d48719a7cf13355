// Every answer under the API's paths, into the request log: a record per request, built after the
// response is handed to the socket, so the log never delays an answer.
import type { IncomingMessage } from 'node:http';
import type { PlainResponse } from '../src/api/orders/plain.ts';
import type { RequestLog } from '../src/api/request-log.ts';
import { requestRecord } from '../src/api/request-record.ts';
import type { RouteFinder } from '../src/api/route-map.ts';

/** Records an answered request, given when it arrived (performance.now()). */
export type AnswerLogger = (req: IncomingMessage, response: PlainResponse, arrivedMs: number) => void;

/** A logger into `log` (none when the log is off). */
export function answerLogger(log: RequestLog | null, routeOf: RouteFinder): AnswerLogger {
  if (log === null) return () => undefined;
  return (req, response, arrivedMs) => {
    const ua = req.headers['user-agent'];
    log.append(
      requestRecord(
        {
          method: req.method ?? 'GET',
          target: req.url ?? '/',
          userAgent: ua,
          response,
          timeMs: Date.now(),
          latencyMs: performance.now() - arrivedMs,
        },
        routeOf,
      ),
    );
  };
}
