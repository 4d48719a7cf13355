// node:http adapter of the management API: the body read with the API's cap and deadline, the
// cross-site guard (server/cross-site.ts) decided here and handed in as data, the peer's address,
// and the console actor of a request the console's own page sent (./console-caller.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, writePlain } from '../../src/api/http/node.ts';
import type { ManageDeps } from '../../src/manage/deps.ts';
import { handleManage } from '../../src/manage/handler.ts';
import { crossSiteRefusal } from '../cross-site.ts';
import { consoleCaller, endedConsoleSession, type ConsoleActorLookup } from './console-caller.ts';

/** Answers one management request on a node:http response. */
export async function answerManage(
  req: IncomingMessage,
  res: ServerResponse,
  deps: ManageDeps,
  bodyTimeoutMs?: number,
  consoleActorOf?: ConsoleActorLookup,
): Promise<void> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers))
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const principal = await consoleCaller(req, consoleActorOf);
  const signInAgainAt = principal ? undefined : await endedConsoleSession(req, consoleActorOf);
  const response = await handleManage(
    {
      method,
      path: req.url ?? '/',
      headers,
      body: hasBody ? () => readBody(req, undefined, bodyTimeoutMs) : null,
      sourceAddress: req.socket.remoteAddress ?? null,
      crossSite: crossSiteRefusal({
        method,
        headers: req.headers,
        encrypted: (req.socket as { encrypted?: boolean }).encrypted === true,
      }),
      ...(principal ? { principal } : {}),
      ...(signInAgainAt ? { signInAgainAt } : {}),
    },
    deps,
  );
  // A body left unread (refused before it was asked for) closes the connection after the answer.
  writePlain(res, response, hasBody && !req.readableEnded);
}
