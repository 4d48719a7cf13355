// The keys a consumer's traffic goes through on a day: each key only within its live span
// [created_at, last_used_at] (to the millisecond), so the daily facts, the per-minute demand and the
// log sample all honour the key's lifecycle.
import { DAY_MS } from '../rng.ts';
import { apportion } from './apportion.ts';
import type { LiveMinutes } from './demand.ts';
import type { ConsumerModel, KeyLane } from './model.ts';

/** A lane live on a day: the minutes it may carry traffic in, and their epoch ms bounds. */
export interface LiveLane {
  lane: KeyLane;
  live: LiveMinutes;
  fromMs: number;
  toMs: number;
}

/** The part of `dayMs` within the lane's span [created_at, last_used_at], or null. */
function liveOn(lane: KeyLane, dayMs: number): LiveLane | null {
  const fromMs = Math.max(dayMs, lane.fromMs);
  const toMs = Math.min(dayMs + DAY_MS - 1, lane.toMs);
  if (fromMs > toMs) return null;
  const live = {
    first: Math.floor((fromMs - dayMs) / 60_000),
    last: Math.floor((toMs - dayMs) / 60_000),
    endsInLastUse: toMs === lane.toMs,
  };
  return { lane, live, fromMs, toMs };
}

/**
 * Splits a consumer's counted requests for the day over its keys live that day: by environment
 * share, then within an environment the newest key takes 65% (a rotation's overlap), each weighted
 * by the share of the day it is live. A key whose last use falls on the day gets at least one.
 */
export function laneShares(consumer: ConsumerModel, dayMs: number, counted: number): [LiveLane, number][] {
  const active = consumer.lanes.map((l) => liveOn(l, dayMs)).filter((l): l is LiveLane => l !== null);
  if (active.length === 0) return [];
  const envs = (['production', 'sandbox', 'staging'] as const).filter((env) =>
    active.some((l) => l.lane.key.environment === env),
  );
  const envTotals = apportion(
    counted,
    envs.map((env) => consumer.envShare[env] || (envs.length === 1 ? 1 : 0)),
  );
  const out: [LiveLane, number][] = [];
  envs.forEach((env, i) => {
    const lanes = active
      .filter((l) => l.lane.key.environment === env)
      .sort((a, b) => a.lane.fromMs - b.lane.fromMs);
    const weights = lanes.map(
      (l, k) =>
        (lanes.length > 1 ? (k === lanes.length - 1 ? 0.65 : 0.35 / (lanes.length - 1)) : 1) *
        ((l.live.last - l.live.first + 1) / 1440),
    );
    const shares = apportion(envTotals[i] as number, weights);
    lanes.forEach((l, k) => {
      if (!l.live.endsInLastUse || (shares[k] as number) > 0) return;
      const donor = shares.indexOf(Math.max(...shares));
      if ((shares[donor] as number) < 2) return;
      shares[donor] = (shares[donor] as number) - 1;
      shares[k] = 1;
    });
    shares.forEach((n, k) => out.push([lanes[k] as LiveLane, n]));
  });
  return out;
}
