// One simulated day: per-minute demand per consumer × key, daily traffic per route, quota burn and
// function invocations. Pure: (model, day, rng) → rows; a day is small, so it is held whole.
import type { Rng } from '../rng.ts';
import type { CallerKind } from '../world/types.ts';
import { apportion, stochasticRound } from './apportion.ts';
import { demandHistogram, minuteDemand } from './demand.ts';
import { demandShareIn, incidentFailures, incidentsOn } from './incidents.ts';
import { laneShares } from './lanes.ts';
import type { FunctionModel, IncidentModel, TrafficModel } from './model.ts';
import { diurnal } from './seasonality.ts';

/** A row of traffic_daily (indexes into the model's consumers, keys and routes). */
export interface TrafficCell {
  routeIndex: number;
  consumerIndex: number;
  keyIndex: number;
  /** Index into the day's lanes (for the per-minute shape of the log sample). */
  laneIndex: number;
  requests: number;
  human: number;
  automation: number;
  assistant: number;
  s2xx: number;
  s3xx: number;
  s4xx: number;
  s5xx: number;
  throttled: number;
  /** Of s5xx, the failures of a planted incident (inside its window), and its index among the day's. */
  incident5xx: number;
  incidentIndex: number;
}

/** A consumer × key on this day: its per-minute demand, for timestamps and the demand histogram. */
export interface LaneDay {
  consumerIndex: number;
  keyIndex: number;
  perMinute: Int32Array;
  budget: number;
  histogram: [number, number][];
  /** Epoch ms bounds (both inclusive) of the key's live span within this day. */
  fromMs: number;
  toMs: number;
}

/** A row of function_daily, plus the cold-start rate the log sample uses that day. */
export interface FunctionDay {
  functionIndex: number;
  invocations: number;
  coldStarts: number;
  errors: number;
  p99Ms: number;
  coldRate: number;
}

/** Everything generated for one day. */
export interface DayTraffic {
  dayMs: number;
  lanes: LaneDay[];
  cells: TrafficCell[];
  /** Requests counted against quota, per consumer index. */
  counted: number[];
  /** The planted incidents of the day (cells index into them). */
  incidents: IncidentModel[];
  functions: FunctionDay[];
}

const shapes: Record<CallerKind, Float64Array> = {
  human: diurnal('human'),
  automation: diurnal('automation'),
  assistant: diurnal('assistant'),
};

/** Simulates one day given each consumer's counted requests for it. */
export function simulateDay(
  model: TrafficModel,
  dayMs: number,
  countedByConsumer: readonly number[],
  rng: Rng,
): DayTraffic {
  const lanes: LaneDay[] = [];
  const cells: TrafficCell[] = [];
  const counted = model.consumers.map(() => 0);
  const served = new Float64Array(model.routes.length);
  const today = incidentsOn(model, dayMs);
  const incidentErrors = new Float64Array(model.functions.length);
  for (const consumer of model.consumers) {
    for (const [{ lane, live, fromMs, toMs }, accepted] of laneShares(
      consumer,
      dayMs,
      countedByConsumer[consumer.consumerIndex] ?? 0,
    )) {
      const budget = lane.key.rpm_budget;
      const isProd = lane.key.environment === 'production';
      const demand = minuteDemand(
        rng,
        accepted,
        shapes[consumer.consumer.primary_caller_kind],
        budget,
        isProd ? consumer.burst : null,
        live,
      );
      const laneIndex = lanes.length;
      lanes.push({
        consumerIndex: consumer.consumerIndex,
        keyIndex: lane.keyIndex,
        perMinute: demand.perMinute,
        budget,
        histogram: demandHistogram(demand.perMinute),
        fromMs,
        toMs,
      });
      counted[consumer.consumerIndex] =
        (counted[consumer.consumerIndex] ?? 0) + demand.requests - demand.throttled;
      const windowShares = today.map((i) => demandShareIn(demand.perMinute, i.first, i.last));
      const weights = lane.routes.map((r) => r.weight * rng.logNormal(1, 0.1));
      const acceptedByRoute = apportion(demand.requests - demand.throttled, weights);
      const throttledByRoute = apportion(demand.throttled, weights);
      lane.routes.forEach((r, k) => {
        const ok = acceptedByRoute[k] as number;
        const throttled = throttledByRoute[k] as number;
        const requests = ok + throttled;
        if (requests === 0) return;
        const route = model.routes[r.routeIndex];
        if (!route) return;
        const incident = incidentFailures(today, windowShares, r.routeIndex, ok, rng);
        const s5xx =
          incident.failed +
          Math.min(
            ok - incident.failed,
            stochasticRound(ok * route.p5xx * rng.logNormal(1, 0.2), rng.next()),
          );
        const failing = today[incident.incidentIndex]?.functionIndex;
        if (failing !== undefined)
          incidentErrors[failing] = (incidentErrors[failing] as number) + incident.failed;
        const s3xx = Math.min(
          ok - s5xx,
          stochasticRound(ok * route.p3xx * rng.logNormal(1, 0.15), rng.next()),
        );
        const s4 = Math.min(
          ok - s5xx - s3xx,
          stochasticRound(ok * route.p4xx * rng.logNormal(1, 0.15), rng.next()),
        );
        const [human, automation, assistant] = apportion(requests, r.kindMix) as [number, number, number];
        served[r.routeIndex] = (served[r.routeIndex] as number) + ok - s3xx;
        cells.push({
          routeIndex: r.routeIndex,
          consumerIndex: consumer.consumerIndex,
          keyIndex: lane.keyIndex,
          laneIndex,
          requests,
          human,
          automation,
          assistant,
          s2xx: ok - s5xx - s3xx - s4,
          s3xx,
          s4xx: s4 + throttled,
          s5xx,
          throttled,
          incident5xx: incident.failed,
          incidentIndex: incident.incidentIndex,
        });
      });
    }
  }
  return {
    dayMs,
    lanes,
    cells,
    counted,
    incidents: today,
    functions: functionDays(model, dayMs, served, incidentErrors, rng),
  };
}

/**
 * Invocations, cold starts, errors and p99 per function from the requests its routes served; a
 * failing function's errors include its incident's failures.
 */
function functionDays(
  model: TrafficModel,
  dayMs: number,
  served: Float64Array,
  incidentErrors: Float64Array,
  rng: Rng,
): FunctionDay[] {
  const invocations = new Float64Array(model.functions.length);
  model.routes.forEach((route, r) => {
    for (const f of route.functionIndexes)
      invocations[f] = (invocations[f] as number) + (served[r] as number);
  });
  const out: FunctionDay[] = [];
  model.functions.forEach((fn: FunctionModel, functionIndex) => {
    const n = invocations[functionIndex] as number;
    if (n === 0) return;
    // Rarely-called functions scale to zero between calls, so a larger share of their calls start cold.
    const scaled = Math.min(0.3, (fn.coldFactor * 3) / Math.sqrt(n));
    // Instances that keep restarting (the degraded function's story) start cold far more often.
    const restarting = fn.restartsFromMs !== null && dayMs >= fn.restartsFromMs;
    const coldRate = restarting ? Math.max(scaled, fn.restartColdRate) : scaled;
    const draws: number[] = [];
    for (let i = 0; i < 400; i++) draws.push(functionDurationMs(fn, coldRate, rng));
    draws.sort((a, b) => a - b);
    out.push({
      functionIndex,
      invocations: n,
      coldStarts: Math.min(n, stochasticRound(n * coldRate * rng.logNormal(1, 0.1), rng.next())),
      errors: Math.min(
        n,
        stochasticRound(n * fn.errorRate * rng.logNormal(1, 0.15), rng.next()) +
          (incidentErrors[functionIndex] as number),
      ),
      p99Ms: Math.round((draws[395] as number) * 10) / 10,
      coldRate,
    });
  });
  return out;
}

/** One invocation's duration: long-tailed, plus a cold start's cost when it starts cold. */
export function functionDurationMs(fn: FunctionModel, coldRate: number, rng: Rng): number {
  const warm = fn.medianMs * Math.exp(fn.sigma * rng.normal());
  return rng.next() < coldRate ? warm + fn.coldMedianMs * Math.exp(0.4 * rng.normal()) : warm;
}
