// Where a request goes, decided in one place for the production server and for `npm run dev`: to
// the Orders API contract, to the management API (/manage/v1/), to the health endpoints, or to the console (Astro). Every target that
// any normaliser could read as the API's space goes to the contract (src/api/orders/paths.ts).
import { isApiTarget, pathOfTarget } from '../src/api/orders/paths.ts';
import { isManageTarget } from '../src/manage/handler.ts';
import { healthPaths } from './health.ts';

/** Who answers a request. */
export type Destination = 'api' | 'manage' | 'health' | 'console';

/** The destination of a request-target (`req.url`). */
export function destinationOf(url: string | undefined): Destination {
  const target = url ?? '/';
  if (isApiTarget(target)) return 'api';
  if (isManageTarget(target)) return 'manage';
  const path = pathOfTarget(target);
  return path === healthPaths.live || path === healthPaths.ready ? 'health' : 'console';
}
