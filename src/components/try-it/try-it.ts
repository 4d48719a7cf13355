// Client script of the try-it panel: sends POST /v2/orders with the key in the input (never a live
// key) and shows the request (key masked), the full response and, from the live API, a link to the
// request in the log. The key lives only in the input and the request.
import { probeApiMode, startApiMode, type ApiMode } from './api-mode.ts';
import { logLinkOf, refusedKey } from './key-guard.ts';
import { maskKey } from './mask-key.ts';
import type { KeyStatusPatch } from '../../live/key-status-patch.ts';
import { deadDemoKeyHint } from './key-guard.ts';

function byId<T extends HTMLElement>(root: ParentNode, id: string): T {
  const element = root.querySelector<T>(`[data-try="${id}"]`);
  if (!element) throw new Error(`try-it: missing ${id}`);
  return element;
}

function headerLines(headers: Headers): string {
  const lines: string[] = [];
  headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  return lines.sort().join('\n');
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Wires one try-it panel. */
export function mountTryIt(root: HTMLElement): void {
  const form = byId<HTMLFormElement>(root, 'form');
  const key = byId<HTMLInputElement>(root, 'key');
  const body = byId<HTMLTextAreaElement>(root, 'body');
  const idempotency = byId<HTMLInputElement>(root, 'idempotency');
  const send = byId<HTMLButtonElement>(root, 'send');
  const modeLabel = byId<HTMLElement>(root, 'mode');
  const requestOut = byId<HTMLElement>(root, 'request');
  const status = byId<HTMLElement>(root, 'status');
  const headersOut = byId<HTMLElement>(root, 'headers');
  const bodyOut = byId<HTMLElement>(root, 'response-body');
  const log = byId<HTMLElement>(root, 'log');
  const logLink = byId<HTMLAnchorElement>(root, 'log-link');
  const requestIdOut = byId<HTMLElement>(root, 'request-id');
  const hint = byId<HTMLElement>(root, 'key-hint');
  const probed = probeApiMode(root.dataset.apiMode);
  let mode: Promise<ApiMode> | undefined;

  // A live server may have revoked or rotated the demo key: then it is not filled in, and the hint
  // says why and how to bring it back. Only a live API is asked (a static site has no such route).
  const demoKeyId = root.dataset.demoKeyId ?? '';
  void probed
    .then(async (probedMode) => {
      if (probedMode !== 'live' || !demoKeyId) return;
      const answer = await fetch(`/app/api/keys/lifecycle/${demoKeyId}.json`, { cache: 'no-store' });
      if (!answer.ok) return;
      const demo = ((await answer.json()) as Record<string, KeyStatusPatch>)[demoKeyId];
      const dead = demo ? deadDemoKeyHint(demoKeyId, demo) : null;
      root.dataset.demoKey = dead ? 'dead' : 'working';
      if (!dead) return;
      if (key.value === key.defaultValue) key.value = '';
      hint.textContent = dead;
    })
    .catch(() => undefined);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    log.hidden = true;
    const refused = refusedKey(key.value);
    if (refused) {
      // Nothing was sent: the previous request and its answer must not read as this one's.
      for (const out of [requestOut, headersOut, bodyOut]) out.textContent = '';
      status.textContent = refused;
      status.dataset.ok = 'false';
      return;
    }
    void (async () => {
      send.disabled = true;
      try {
        mode ??= startApiMode(probed);
        modeLabel.textContent = (await mode) === 'live' ? 'Live API' : 'Mock API (MSW in this browser)';
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (key.value.trim()) headers.authorization = `Bearer ${key.value.trim()}`;
        if (idempotency.value.trim()) headers['idempotency-key'] = idempotency.value.trim();
        const shown = {
          ...headers,
          ...(headers.authorization ? { authorization: `Bearer ${maskKey(key.value.trim())}` } : {}),
        };
        requestOut.textContent = `POST /v2/orders\n${Object.entries(shown)
          .map(([n, v]) => `${n}: ${v}`)
          .join('\n')}\n\n${body.value}`;
        const response = await fetch('/v2/orders', { method: 'POST', headers, body: body.value });
        status.textContent = `${response.status} ${response.statusText}`.trim();
        status.dataset.ok = String(response.ok);
        headersOut.textContent = headerLines(response.headers);
        bodyOut.textContent = pretty(await response.text());
        const requestId = response.headers.get('request-id');
        const href = (await mode) === 'live' ? logLinkOf(requestId) : null;
        if (href) {
          logLink.href = href;
          requestIdOut.textContent = requestId;
          log.hidden = false;
        }
      } catch (error) {
        status.textContent = `Request failed: ${(error as Error).message}`;
        status.dataset.ok = 'false';
      } finally {
        send.disabled = false;
      }
    })();
  });
}
