// MSW in the browser: a service worker (public/mockServiceWorker.js) answering /v2 requests.
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers/index.ts';

/** The MSW worker; `await worker.start()` before the first request. */
export const worker = setupWorker(...handlers);
