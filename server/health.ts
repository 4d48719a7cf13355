// Health for operators and load balancers: GET or HEAD /healthz says the process answers
// (liveness), /readyz that everything it needs can serve (readiness: 503 when not). Whatever can
// be out reports through a HealthCheck: the order journal first, and any other store beside it.
// Bodies follow draft-inadarei-api-health-check (application/health+json).
import { problemResponse } from '../src/api/orders/respond.ts';
import type { MaybePromise } from '../src/api/orders/maybe-promise.ts';
import type { PlainResponse } from '../src/api/orders/plain.ts';
import { pathOfTarget } from '../src/api/orders/paths.ts';

/** What one part of the process says about itself. */
export interface HealthState {
  ready: boolean;
  /** One line for the operator, e.g. "2 of 2 lanes in service". */
  detail: string;
}

/** A part of the process that can be out (a store): its name and its state now. */
export interface HealthCheck {
  readonly name: string;
  health(): MaybePromise<HealthState>;
}

/** The health endpoints' paths. */
export const healthPaths = { live: '/healthz', ready: '/readyz' } as const;

/** A check that has not answered by then counts as not ready. */
export const healthCheckTimeoutMs = 2_000;

const headers = { 'content-type': 'application/health+json', 'cache-control': 'no-store' };

/** Asks one check, within healthCheckTimeoutMs; a throw or a late answer is "not ready". */
async function ask(check: HealthCheck): Promise<HealthState> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<HealthState>((done) => {
    timer = setTimeout(
      () => done({ ready: false, detail: `no answer within ${healthCheckTimeoutMs} ms` }),
      healthCheckTimeoutMs,
    );
  });
  try {
    return await Promise.race([Promise.resolve().then(() => check.health()), late]);
  } catch (error) {
    return { ready: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The answer to a request for /healthz or /readyz (GET and HEAD; other methods 405). */
export async function healthResponse(
  method: string,
  target: string,
  checks: readonly HealthCheck[],
): Promise<PlainResponse> {
  if (method !== 'GET' && method !== 'HEAD')
    return problemResponse('method-not-allowed', 'Use GET or HEAD', { allow: 'GET, HEAD' });
  if (pathOfTarget(target) === healthPaths.live)
    return { status: 200, headers: { ...headers }, body: JSON.stringify({ status: 'pass' }) };
  const states = await Promise.all(checks.map(ask));
  const ready = states.every((state) => state.ready);
  const body = {
    status: ready ? 'pass' : 'fail',
    checks: Object.fromEntries(
      checks.map((check, i) => [
        check.name,
        [{ status: states[i]?.ready ? 'pass' : 'fail', output: states[i]?.detail ?? '' }],
      ]),
    ),
  };
  return { status: ready ? 200 : 503, headers: { ...headers }, body: JSON.stringify(body) };
}
