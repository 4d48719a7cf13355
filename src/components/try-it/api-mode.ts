// Decides where the try-it panel sends requests. With the server running, /v2 is the real API
// (a HEAD of /v2/openapi.json carries `x-served-by: estate-orders-api`, with no 190 KB body to
// download before the page settles); on a static deployment the same URL is a plain prerendered
// file (or missing), so the MSW browser worker starts and answers with the same contract.
// PUBLIC_ESTATE_API_MODE=mock|live at build time skips the probe.

/** Where requests go. */
export type ApiMode = 'live' | 'mock';

/** Probes the origin once: whether a live API answers here. Starts nothing. */
export async function probeApiMode(forced: string | undefined): Promise<ApiMode> {
  if (forced === 'live' || forced === 'mock') return forced;
  const probe = await fetch('/v2/openapi.json', { method: 'HEAD', cache: 'no-store' }).catch(() => undefined);
  return probe?.headers.get('x-served-by') === 'estate-orders-api' ? 'live' : 'mock';
}

/** Starts the MSW worker when there is no live API; returns the mode. */
export async function startApiMode(probed: Promise<ApiMode>): Promise<ApiMode> {
  const mode = await probed;
  if (mode === 'mock') {
    const { worker } = await import('../../mocks/browser.ts');
    await worker.start({
      quiet: true,
      onUnhandledFrame: 'bypass',
      serviceWorker: { url: '/mockServiceWorker.js' },
    });
  }
  return mode;
}

/** Probes the origin once and starts the MSW worker when there is no live API. */
export function resolveApiMode(forced: string | undefined): Promise<ApiMode> {
  return startApiMode(probeApiMode(forced));
}
