// The log sample: individual requests drawn from a day's traffic, written into typed column
// batches (no row objects), so millions of rows stream through with bounded memory.
import { callerKindOf } from '../../src/lib/caller-kind.ts';
import type { Rng } from '../rng.ts';
import type { CallerKind } from '../world/types.ts';
import { stochasticRound } from './apportion.ts';
import type { DayTraffic, LaneDay } from './day.ts';
import { functionDurationMs } from './day.ts';
import type { FunctionModel, IncidentModel, TrafficModel } from './model.ts';
import { userAgentList, userAgents } from './user-agents.ts';

/** Rows per batch: DuckDB's vector size, so a batch fills one data chunk. */
export const LOG_BATCH_ROWS = 2048;

/** A batch of log rows as columns; strings are indexes into the model's and user-agent lists. */
export interface LogBatch {
  size: number;
  dayMs: number;
  tsMs: Float64Array;
  route: Int32Array;
  key: Int32Array;
  consumer: Int32Array;
  kind: Uint8Array;
  userAgent: Int32Array;
  status: Int16Array;
  edgeMs: Float64Array;
  originMs: Float64Array;
}

/** Caller kinds by their index in a batch's `kind` column. */
export const callerKinds: readonly CallerKind[] = ['human', 'automation', 'assistant'];

/** An empty batch. */
export function createLogBatch(): LogBatch {
  const n = LOG_BATCH_ROWS;
  return {
    size: 0,
    dayMs: 0,
    tsMs: new Float64Array(n),
    route: new Int32Array(n),
    key: new Int32Array(n),
    consumer: new Int32Array(n),
    kind: new Uint8Array(n),
    userAgent: new Int32Array(n),
    status: new Int16Array(n),
    edgeMs: new Float64Array(n),
    originMs: new Float64Array(n),
  };
}

/** Per user agent (by its index in userAgentList), the index of its caller kind: one classifier for all. */
const kindOfAgent = Uint8Array.from(userAgentList, (ua) => callerKinds.indexOf(callerKindOf(ua)));

// Per kind: cumulative weights and the indexes into userAgentList.
const uaTables = callerKinds.map((kind) => {
  const offset = callerKinds
    .slice(0, callerKinds.indexOf(kind))
    .reduce((n, k) => n + userAgents[k].length, 0);
  const total = userAgents[kind].reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  return { offset, cumulative: userAgents[kind].map(([, w]) => (acc += w / total)) };
});

const clientErrors: Record<string, readonly [number, number][]> = {
  GET: [
    [404, 0.7],
    [400, 0.12],
    [401, 0.1],
    [403, 0.08],
  ],
  DELETE: [
    [404, 0.6],
    [409, 0.2],
    [401, 0.1],
    [403, 0.1],
  ],
  other: [
    [422, 0.45],
    [400, 0.3],
    [409, 0.1],
    [401, 0.08],
    [403, 0.07],
  ],
};
const serverErrors: readonly [number, number][] = [
  [500, 0.5],
  [502, 0.2],
  [503, 0.2],
  [504, 0.1],
];
const pick = (table: readonly [number, number][], u: number): number => {
  for (const [code, p] of table) if ((u -= p) < 0) return code;
  return (table[table.length - 1] as [number, number])[0];
};

/**
 * Cumulative distribution over a day's minutes (of demand, or of demand over budget), counting only
 * minutes first…last (an incident's window).
 */
function minuteCdf(perMinute: Int32Array, budget: number | null, first = 0, last = 1439): Float64Array {
  const cdf = new Float64Array(1440);
  let acc = 0;
  for (let m = 0; m < 1440; m++) {
    const d = m < first || m > last ? 0 : (perMinute[m] as number);
    acc += budget === null ? d : Math.max(0, d - budget);
    cdf[m] = acc;
  }
  return cdf;
}
const drawMinute = (cdf: Float64Array, u: number): number => {
  const target = u * (cdf[1439] as number);
  let lo = 0;
  let hi = 1439;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cdf[mid] as number) <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Samples the day's requests at `rate` into batches, calling `emit` with each full batch and the last. */
export function sampleDay(
  model: TrafficModel,
  day: DayTraffic,
  rate: number,
  rng: Rng,
  batch: LogBatch,
  emit: (batch: LogBatch) => void,
): void {
  const coldRate = new Float64Array(model.functions.length);
  for (const f of day.functions) coldRate[f.functionIndex] = f.coldRate;
  const cdfs = day.lanes.map((lane) => ({
    all: minuteCdf(lane.perMinute, null),
    excess: minuteCdf(lane.perMinute, lane.budget),
    // Per incident of the day, demand within its window (built when a failure is drawn).
    incident: new Map<number, Float64Array>(),
  }));
  const incidentCdf = (laneIndex: number, incidentIndex: number): Float64Array => {
    const lane = cdfs[laneIndex] as (typeof cdfs)[number];
    let cdf = lane.incident.get(incidentIndex);
    if (!cdf) {
      const incident = day.incidents[incidentIndex] as IncidentModel;
      cdf = minuteCdf((day.lanes[laneIndex] as LaneDay).perMinute, null, incident.first, incident.last);
      lane.incident.set(incidentIndex, cdf);
    }
    return cdf;
  };
  batch.dayMs = day.dayMs;
  for (const cell of day.cells) {
    const n = stochasticRound(cell.requests * rate, rng.next());
    if (n === 0) continue;
    const route = model.routes[cell.routeIndex];
    const cdf = cdfs[cell.laneIndex];
    const lane = day.lanes[cell.laneIndex];
    if (!route || !cdf || !lane) continue;
    const method = route.route.method;
    const errors = clientErrors[method === 'GET' || method === 'DELETE' ? method : 'other'] as readonly [
      number,
      number,
    ][];
    const ok = method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200;
    const t2 = cell.s2xx / cell.requests;
    const t3 = t2 + cell.s3xx / cell.requests;
    const t4 = t3 + (cell.s4xx - cell.throttled) / cell.requests;
    const t429 = t4 + cell.throttled / cell.requests;
    const k0 = cell.human / cell.requests;
    const k1 = k0 + cell.automation / cell.requests;
    const incident = day.incidents[cell.incidentIndex];
    const incidentShare = cell.s5xx === 0 ? 0 : cell.incident5xx / cell.s5xx;
    for (let i = 0; i < n; i++) {
      const row = batch.size;
      const u = rng.next();
      // A 5xx of the cell is an incident's failure with the share of them it caused: its status,
      // and a minute inside the incident's window.
      const failed = u >= t429 && incident !== undefined && rng.next() < incidentShare;
      const status = failed
        ? incident.status
        : u < t2
          ? ok
          : u < t3
            ? 304
            : u < t4
              ? pick(errors, rng.next())
              : u < t429
                ? 429
                : pick(serverErrors, rng.next());
      const uk = rng.next();
      const kind = uk < k0 ? 0 : uk < k1 ? 1 : 2;
      const minuteCdfOf = failed
        ? incidentCdf(cell.laneIndex, cell.incidentIndex)
        : status === 429
          ? cdf.excess
          : cdf.all;
      const minute = drawMinute(minuteCdfOf, rng.next());
      const ua = uaTables[kind] as { offset: number; cumulative: number[] };
      const uu = rng.next();
      let a = 0;
      while (a < ua.cumulative.length - 1 && uu >= (ua.cumulative[a] as number)) a++;
      let origin = 0;
      if (status === 504) origin = 10_000 + 5_000 * Math.exp(0.5 * rng.normal());
      else if (status !== 304 && status !== 429 && status !== 401 && status !== 403) {
        for (const f of route.functionIndexes)
          origin += functionDurationMs(model.functions[f] as FunctionModel, coldRate[f] as number, rng);
      }
      // Within the minute, and within the key's live span to the millisecond.
      const minuteMs = day.dayMs + minute * 60_000;
      const lo = Math.max(minuteMs, lane.fromMs);
      const hi = Math.min(minuteMs + 59_999, lane.toMs);
      batch.tsMs[row] = lo + Math.floor(rng.next() * (hi - lo + 1));
      batch.route[row] = cell.routeIndex;
      batch.key[row] = cell.keyIndex;
      batch.consumer[row] = cell.consumerIndex;
      batch.kind[row] = kindOfAgent[ua.offset + a] as number;
      batch.userAgent[row] = ua.offset + a;
      batch.status[row] = status;
      batch.edgeMs[row] = Math.round(6 * Math.exp(0.45 * rng.normal()) * 100) / 100;
      batch.originMs[row] = Math.round(origin * 100) / 100;
      batch.size = row + 1;
      if (batch.size === LOG_BATCH_ROWS) {
        emit(batch);
        batch.size = 0;
      }
    }
  }
}
