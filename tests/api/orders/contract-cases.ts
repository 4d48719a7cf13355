// THE table of contract cases. Every case runs on every serving path (handler, MSW in node, the
// production server over HTTP, and that server on Postgres + Redis: ./orders.engines.test.ts) and
// all must agree; the cases live in ./cases/, one file per purpose.
import { errorCases } from './cases/errors.ts';
import { eventCases, eventErrorCases } from './cases/events.ts';
import { happyCases } from './cases/happy.ts';
import { idempotencyCases } from './cases/idempotency.ts';
import { listingCases, listingErrorCases } from './cases/listing.ts';
import { rateLimitCases } from './cases/rate-limit.ts';
import { routingCases } from './cases/routing.ts';
import { securityCases } from './cases/security.ts';
import { webhookBodyCases } from './cases/webhook-bodies.ts';
import { webhookIdempotencyCases } from './cases/webhook-idempotency.ts';
import { webhookInputCases } from './cases/webhook-inputs.ts';
import { webhookUrlCases } from './cases/webhook-urls.ts';
import { requeueCases, requeueErrorCases } from './cases/webhook-requeue.ts';
import type { ContractCase } from './contract-types.ts';
/** Idempotency-Key: on orders, and on webhook registrations. */
const allIdempotencyCases = [...idempotencyCases, ...webhookIdempotencyCases];

export { get, post, validOrder } from './cases/requests.ts';

/** Client errors: the body and its headers, then routing, then the list's query. */
const allErrorCases = [
  ...errorCases,
  ...routingCases,
  ...listingErrorCases,
  ...eventErrorCases.filter((c) => c.purpose === 'error'),
  ...webhookBodyCases,
  ...webhookInputCases,
  ...webhookUrlCases.filter((c) => c.purpose === 'error'),
  ...requeueErrorCases.filter((c) => c.purpose === 'error'),
];
/** Success paths: creating and reading, then listing. */
const allHappyCases = [
  ...happyCases,
  ...listingCases,
  ...eventCases,
  ...requeueCases,
  ...webhookUrlCases.filter((c) => c.purpose === 'happy'),
];
/** Refusals on behalf of the caller's safety: scopes, environments, credentials, SSRF. */
const allSecurityCases = [
  ...securityCases,
  ...eventErrorCases.filter((c) => c.purpose === 'security'),
  ...requeueErrorCases.filter((c) => c.purpose === 'security'),
  ...webhookUrlCases.filter((c) => c.purpose === 'security'),
];

export {
  allErrorCases as errorCases,
  allHappyCases as happyCases,
  allIdempotencyCases as idempotencyCases,
  rateLimitCases,
  allSecurityCases as securityCases,
};

/** Every case, by purpose. */
export const contractCases: Record<ContractCase['purpose'], ContractCase[]> = {
  happy: allHappyCases,
  error: allErrorCases,
  security: allSecurityCases,
  'rate-limit': rateLimitCases,
  idempotency: allIdempotencyCases,
};
