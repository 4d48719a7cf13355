// Decides where the try-it panel sends requests. With the server running, /v2 is the real API
// (its GET /v2/openapi.json carries `x-served-by: estate-orders-api`); on a static deployment the
// same URL is a plain prerendered file (or missing), so the MSW browser worker starts and answers
// with the same contract. PUBLIC_ESTATE_API_MODE=mock|live at build time skips the probe.

/** Where requests go. */
export type ApiMode = 'live' | 'mock';

/** Probes the origin once and starts the MSW worker when there is no live API. */
export async function resolveApiMode(forced: string | undefined): Promise<ApiMode> {
  let mode: ApiMode;
  if (forced === 'live' || forced === 'mock') mode = forced;
  else {
    const probe = await fetch('/v2/openapi.json', { cache: 'no-store' }).catch(() => undefined);
    mode = probe?.headers.get('x-served-by') === 'estate-orders-api' ? 'live' : 'mock';
  }
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
