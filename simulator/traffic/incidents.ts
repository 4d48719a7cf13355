// Planted outages (simulator/world/stories.ts INCIDENTS): on its day, part of the requests a failing
// function serves within the window answer 5xx. The daily facts count them, the failing function's
// errors include them, and the log sample places them inside the window.
import type { Rng } from '../rng.ts';
import { stochasticRound } from './apportion.ts';
import type { IncidentModel, TrafficModel } from './model.ts';

/** The incidents of one simulated day. */
export function incidentsOn(model: TrafficModel, dayMs: number): IncidentModel[] {
  return model.incidents.filter((incident) => incident.dayMs === dayMs && incident.functionIndex >= 0);
}

/** Share of a day's per-minute demand that falls within minutes first…last (inclusive). */
export function demandShareIn(perMinute: Int32Array, first: number, last: number): number {
  let inside = 0;
  let all = 0;
  for (let m = 0; m < 1440; m++) {
    const d = perMinute[m] as number;
    all += d;
    if (m >= first && m <= last) inside += d;
  }
  return all === 0 ? 0 : inside / all;
}

/** How a cell's accepted requests fail in an incident: its index among the day's, and the count. */
export interface IncidentFailures {
  incidentIndex: number;
  failed: number;
}

/**
 * The failures an incident adds to a cell of `ok` accepted requests on `routeIndex`, whose lane put
 * `shares[i]` of its day's demand in incident i's window; none when no incident hits the route.
 */
export function incidentFailures(
  today: readonly IncidentModel[],
  shares: readonly number[],
  routeIndex: number,
  ok: number,
  rng: Rng,
): IncidentFailures {
  const incidentIndex = today.findIndex((incident) => incident.routeIndexes.has(routeIndex));
  const incident = today[incidentIndex];
  if (!incident) return { incidentIndex: -1, failed: 0 };
  const expected = ok * (shares[incidentIndex] as number) * incident.failRatio;
  return { incidentIndex, failed: Math.min(ok, stochasticRound(expected, rng.next())) };
}
