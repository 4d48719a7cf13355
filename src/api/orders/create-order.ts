// POST /v2/orders after authentication: size, coding, media type and Idempotency-Key from the
// headers, then the body: idempotency, JSON, schema, references, quota, and a durable create.
// Every refusal is a problem+json with the rate-limit headers.
import { createOrderSchema, type CreateOrder, type ProblemDetail } from './contract.ts';
import { type KeyRecord, type OrdersDeps, type QuotaReservation, type StoredOrder } from './deps.ts';
import { isPending } from './maybe-promise.ts';
import { orderCreatedEvent } from './events/order-event.ts';
import { orderBody } from './order-body.ts';
import { parseBody } from './parse-body.ts';
import { malformedBody, readBody, refusedByHeaders, refusedRead } from './body-checks.ts';
import type { PlainRequest, PlainResponse } from './plain.ts';
import { QuotaCounter } from './quota.ts';
import { json, problemResponse } from './respond.ts';
import { parseIdempotencyKey } from './idempotency-key.ts';
import { counted, validationErrors } from './validation.ts';

let lastMs = Number.NaN;
let lastIso = '';

/** `new Date(ms).toISOString()`, kept for the last millisecond asked (many orders share one). */
function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

/**
 * Creates an order for an authenticated key with the orders:write scope. Everything the headers
 * decide (size by Content-Length, coding, media type, Idempotency-Key) is decided before a byte of
 * the body is read.
 */
export async function createOrder(
  request: PlainRequest,
  key: KeyRecord,
  deps: OrdersDeps,
  nowMs: number,
  headers: Record<string, string>,
  requestId: string,
  reservation: QuotaReservation = 'ask',
): Promise<PlainResponse> {
  const quota = new QuotaHold(deps, key, nowMs, reservation);
  try {
    return await createRequested(request, key, deps, nowMs, headers, requestId, quota);
  } finally {
    if (quota.unused) await quota.giveBack();
  }
}

/**
 * A create's quota: reserved ahead with its rpm hit (RateLimitStore.hitAndReserve), or asked for
 * at the quota step; a reservation made ahead for a request that creates nothing is given back.
 */
class QuotaHold {
  private taken = false;
  private readonly deps: OrdersDeps;
  private readonly key: KeyRecord;
  private readonly nowMs: number;
  private readonly ahead: QuotaReservation;

  constructor(deps: OrdersDeps, key: KeyRecord, nowMs: number, ahead: QuotaReservation) {
    this.deps = deps;
    this.key = key;
    this.nowMs = nowMs;
    this.ahead = ahead;
  }

  /** At the quota step: whether this create has its order of the month's quota. */
  take(): boolean | Promise<boolean> {
    this.taken = true;
    if (this.ahead === 'ask')
      return this.deps.quota.tryReserve(this.key.key_id, this.key.quota_orders_per_month, this.nowMs);
    return this.ahead === 'reserved';
  }

  /** A reservation made ahead that the quota step never took: it is to be given back. */
  get unused(): boolean {
    return this.ahead === 'reserved' && !this.taken;
  }

  /** Gives back the reservation made ahead (see `unused`). */
  async giveBack(): Promise<void> {
    await this.deps.quota.refund(this.key.key_id, this.nowMs);
  }
}

/** createOrder's checks and create, with the create's quota held in `quota`. */
async function createRequested(
  request: PlainRequest,
  key: KeyRecord,
  deps: OrdersDeps,
  nowMs: number,
  headers: Record<string, string>,
  requestId: string,
  quota: QuotaHold,
): Promise<PlainResponse> {
  const refused = refusedByHeaders(request, headers);
  if (refused !== null) return refused;
  const idempotency = parseIdempotencyKey(request.headers['idempotency-key']);
  if (idempotency.kind === 'invalid') return problemResponse('invalid-request', idempotency.reason, headers);
  const reading = readBody(request.body);
  const read = isPending(reading) ? await reading : reading;
  if (read.kind !== 'body') return refusedRead(read, headers);
  const bytes = read.bytes;
  const idemKey = idempotency.kind === 'key' ? idempotency.key : null;
  // The body's fingerprint tells a replay from a reuse; without an Idempotency-Key nobody asks.
  const fingerprint = idemKey === null ? null : await deps.sha256(bytes);
  if (idemKey !== null && fingerprint !== null) {
    const claim = await deps.idempotency.claim(key.key_id, idemKey, fingerprint, nowMs);
    if (claim.kind === 'in-flight') {
      return problemResponse(
        'idempotency-key-in-use',
        'A request with this Idempotency-Key is still in progress',
        headers,
      );
    }
    if (claim.kind === 'mismatch') {
      return problemResponse(
        'idempotency-key-reused',
        'This Idempotency-Key was used with a different body',
        headers,
      );
    }
    if (claim.kind === 'replay') {
      const order = await deps.orders.get(claim.orderId);
      if (order) return created(order, { ...headers, 'idempotent-replayed': 'true' });
    }
  }
  let done = false;
  try {
    const response = await createChecked(
      bytes,
      key,
      deps,
      nowMs,
      headers,
      idemKey,
      fingerprint,
      requestId,
      quota,
    );
    done = response.status === 201;
    return response;
  } finally {
    if (idemKey !== null && !done) await deps.idempotency.release(key.key_id, idemKey);
  }
}

async function createChecked(
  bytes: Uint8Array,
  key: KeyRecord,
  deps: OrdersDeps,
  nowMs: number,
  headers: Record<string, string>,
  idemKey: string | null,
  fingerprint: string | null,
  requestId: string,
  quota: QuotaHold,
): Promise<PlainResponse> {
  const parsed = parseBody(bytes);
  if (parsed.kind === 'problem') return malformedBody(parsed, headers);
  let body: CreateOrder;
  if (parsed.order !== null) body = parsed.order;
  else {
    const result = createOrderSchema.safeParse(parsed.value, { reportInput: true });
    if (!result.success) {
      const errors = validationErrors(result.error.issues);
      const detail = `${counted(errors.length, 'problem')} in the body`;
      return problemResponse('validation-failed', detail, headers, errors);
    }
    body = result.data;
  }
  const unknown = unknownReferences(body, deps);
  if (unknown.length > 0) {
    const slug = unknown[0]?.code === 'unknown_customer' ? 'unknown-customer' : 'unknown-sku';
    return problemResponse(slug, unknown.map((u) => u.detail).join('; '), headers, unknown);
  }
  const taking = quota.take();
  if (!(isPending(taking) ? await taking : taking)) {
    const retry = QuotaCounter.secondsToNextMonth(nowMs);
    return problemResponse(
      'quota-exceeded',
      `The ${key.plan} plan allows ${key.quota_orders_per_month} orders per month for this key`,
      { ...headers, 'retry-after': String(retry) },
    );
  }
  const order: StoredOrder = {
    id: deps.ids.orderId(),
    customer: body.customer,
    lines: body.lines,
    livemode: key.environment === 'production',
    created_at: isoTime(nowMs),
    key_id: key.key_id,
    environment: key.environment,
    idempotency_key: idemKey,
    request_sha256: fingerprint,
    request_id: requestId,
  };
  try {
    await deps.orders.create(order);
  } catch (error) {
    await deps.quota.refund(key.key_id, nowMs);
    throw error;
  }
  if (idemKey !== null) await deps.idempotency.complete(key.key_id, idemKey, order.id, nowMs);
  // Durable with the order: its event is the same line (./events/order-event.ts). Delivery is queued.
  deps.onEvent?.(orderCreatedEvent(order));
  return created(order, headers);
}

function created(order: StoredOrder, headers: Record<string, string>): PlainResponse {
  return json(201, orderBody(order, ['order.created']), { ...headers, location: `/v2/orders/${order.id}` });
}

/** Every customer or sku the catalog does not know, customer first. */
function unknownReferences(body: CreateOrder, deps: OrdersDeps): ProblemDetail[] {
  const unknown: ProblemDetail[] = [];
  if (!deps.catalog.hasCustomer(body.customer)) {
    unknown.push({ pointer: '/customer', code: 'unknown_customer', detail: `No customer ${body.customer}` });
  }
  body.lines.forEach((line, index) => {
    if (!deps.catalog.hasSku(line.sku)) {
      unknown.push({ pointer: `/lines/${index}/sku`, code: 'unknown_sku', detail: `No sku ${line.sku}` });
    }
  });
  return unknown;
}
