// The traffic model derived from a world: per consumer its quota target, keys, routes and caller
// mix; per route its error rates; per function its latency. Derived with seeded streams, so the
// world's tables stay exactly the schema's columns.
import type { SimConfig } from '../config.ts';
import { createRng, DAY_MS, dayStartMs, type Rng } from '../rng.ts';
import { endpointKey, endpoints } from '../world/catalog.ts';
import { INCIDENTS, plantedBurnPct, RESTARTS, THROTTLE_STORM_CONSUMER } from '../world/stories.ts';
import type {
  CallerKind,
  ConsumerRow,
  Environment,
  FunctionRow,
  KeyRow,
  RouteRow,
  World,
} from '../world/types.ts';

/** A key a consumer sends traffic through, the span it may do so in, and its routes with weights. */
export interface KeyLane {
  key: KeyRow;
  keyIndex: number;
  /** Epoch ms of the key's created_at: no request before it. */
  fromMs: number;
  /** Epoch ms of the key's last_used_at (for a revoked key, its revocation): no request after it. */
  toMs: number;
  routes: { routeIndex: number; weight: number; kindMix: [number, number, number] }[];
}

/** How a consumer behaves over the period. */
export interface ConsumerModel {
  consumer: ConsumerRow;
  consumerIndex: number;
  /** Requests counted against quota over the whole period. */
  countedTarget: number;
  envShare: Record<Environment, number>;
  lanes: KeyLane[];
  /** A nightly batch that bursts over the key's rpm budget (the throttle storm). */
  burst: { multiplier: number } | null;
}

/** Error and latency behaviour of a route. */
export interface RouteModel {
  route: RouteRow;
  p3xx: number;
  p4xx: number;
  p5xx: number;
  functionIndexes: number[];
  /** 0-based popularity rank of its endpoint. */
  rank: number;
}

/** Latency and failure behaviour of a function. */
export interface FunctionModel {
  fn: FunctionRow;
  errorRate: number;
  medianMs: number;
  sigma: number;
  coldMedianMs: number;
  coldFactor: number;
  /** From this epoch ms its instances keep restarting: at least `restartColdRate` start cold. */
  restartsFromMs: number | null;
  restartColdRate: number;
}

/** A planted outage on one day: the failing function, the routes it serves, the window. */
export interface IncidentModel {
  functionIndex: number;
  routeIndexes: Set<number>;
  dayMs: number;
  /** First and last minute of the window (inclusive). */
  first: number;
  last: number;
  failRatio: number;
  status: number;
}

/** The whole model, with the dictionaries log rows index into. */
export interface TrafficModel {
  consumers: ConsumerModel[];
  routes: RouteModel[];
  functions: FunctionModel[];
  incidents: IncidentModel[];
}

const baseMix: Record<CallerKind, [number, number, number]> = {
  human: [0.86, 0.08, 0.06],
  automation: [0.03, 0.95, 0.02],
  assistant: [0.04, 0.08, 0.88],
};
const agentAffinity = new Set([
  'GET /v2/search',
  'GET /v3/catalog',
  'GET /v3/recommendations',
  'GET /v1/products',
  'GET /v2/skus/{sku}',
]);
const runtimeMs = {
  edge: [4, 25, 0.3],
  go: [18, 110, 0.7],
  node: [32, 240, 1],
  python: [55, 650, 1.6],
} as const;

function burnPct(rng: Rng, consumer: ConsumerRow): number {
  const planted = plantedBurnPct[consumer.name];
  if (planted !== undefined) return planted;
  return consumer.consumer_type === 'team' ? rng.range(18, 66) : rng.range(6, 74);
}

/** Derives the traffic model of a world. */
export function buildModel(config: SimConfig, world: World): TrafficModel {
  const rng = (stream: string): Rng => createRng(config.seed, `traffic/${stream}`);
  const routeIndex = new Map(world.routes.map((r, i) => [r.route_id, i]));
  const keyIndex = new Map(world.keys.map((k, i) => [k.key_id, i]));
  const asOfMs = dayStartMs(config.asOf);
  const prodFunction = (name: string): number =>
    world.functions.findIndex(
      (f) => f.name === name && world.routes.some((r) => r.route_id === f.route_id && r.stage === 'prod'),
    );
  const restarting = prodFunction(RESTARTS.fn);
  const fnRng = rng('functions');
  const functions: FunctionModel[] = world.functions.map((fn, i) => {
    const [median, cold, coldFactor] = runtimeMs[fn.runtime];
    const restarts = i === restarting;
    return {
      fn,
      errorRate:
        fn.status === 'erroring' ? 0.085 : fn.status === 'degraded' ? 0.012 : fnRng.range(0.0001, 0.0008),
      medianMs: median * fnRng.logNormal(1, 0.35) * (fn.status === 'degraded' ? 7 : 1),
      sigma: fn.status === 'degraded' ? 1 : 0.55,
      coldMedianMs: (restarts ? RESTARTS.coldStartMs : cold) * fnRng.logNormal(1, 0.2),
      coldFactor,
      restartsFromMs: restarts ? asOfMs - RESTARTS.daysAgo * DAY_MS : null,
      restartColdRate: restarts ? RESTARTS.coldRate : 0,
    };
  });
  const fnIndex = new Map(world.functions.map((f, i) => [f.function_id, i]));
  const rankOf = (key: string) => {
    const rank = endpoints.findIndex((e) => endpointKey(e) === key);
    return rank === -1 ? endpoints.length : rank;
  };
  const routeRng = rng('routes');
  const routes: RouteModel[] = world.routes.map((route) => {
    const functionIndexes = world.routeFunctions
      .filter((rf) => rf.route_id === route.route_id)
      .map((rf) => fnIndex.get(rf.function_id) as number);
    const survive = functionIndexes.reduce((p, i) => p * (1 - (functions[i] as FunctionModel).errorRate), 1);
    const get = route.method === 'GET';
    const param = route.path.includes('{');
    const p4 =
      (get
        ? param
          ? routeRng.range(0.02, 0.04)
          : routeRng.range(0.005, 0.012)
        : routeRng.range(0.025, 0.06)) * (route.stage === 'prod' ? 1 : 2.2);
    return {
      route,
      p3xx: get ? routeRng.range(0.005, 0.05) : 0,
      p4xx: p4,
      p5xx: 1 - survive,
      functionIndexes,
      // A live events route the catalog lacks (world/live-routes.ts) ranks after every endpoint.
      rank: rankOf(endpointKey(route)),
    };
  });
  const mixRng = rng('mix');
  const burnRng = rng('burn');
  const consumers: ConsumerModel[] = world.consumers.map((consumer, consumerIndex) => {
    const quota = consumer.quota_requests_per_period;
    const countedTarget = Math.round((quota * burnPct(burnRng, consumer)) / 100);
    const envShare: Record<Environment, number> =
      consumer.plan === 'Sandbox'
        ? { production: 0, sandbox: 1, staging: 0 }
        : consumer.consumer_type === 'team'
          ? { production: 0.9, sandbox: 0.03, staging: 0.07 }
          : { production: 0.96, sandbox: 0.04, staging: 0 };
    const lanes: KeyLane[] = [];
    for (const link of world.consumerKeys.filter((ck) => ck.consumer_id === consumer.consumer_id)) {
      const key = world.keys[keyIndex.get(link.key_id) as number] as KeyRow;
      const links = world.consumerRoutes.filter(
        (cr) => cr.consumer_id === consumer.consumer_id && cr.key_id === key.key_id,
      );
      if (links.length === 0 || key.last_used_at === null) continue;
      lanes.push({
        key,
        keyIndex: keyIndex.get(key.key_id) as number,
        fromMs: Date.parse(key.created_at),
        toMs: Date.parse(key.last_used_at),
        routes: links.map((cr) => {
          const index = routeIndex.get(cr.route_id) as number;
          const model = routes[index] as RouteModel;
          const affinity = agentAffinity.has(endpointKey(model.route)) ? 2.5 : 1;
          const [h, a, s] = baseMix[consumer.primary_caller_kind];
          const mix: [number, number, number] = [
            h * mixRng.logNormal(1, 0.3),
            a * mixRng.logNormal(1, 0.3),
            s * affinity * mixRng.logNormal(1, 0.3),
          ];
          const total = mix[0] + mix[1] + mix[2];
          return {
            routeIndex: index,
            weight: mixRng.logNormal(1, 0.3) / (model.rank + 1) ** 1.3,
            kindMix: [mix[0] / total, mix[1] / total, mix[2] / total],
          };
        }),
      });
    }
    for (const env of Object.keys(envShare) as Environment[])
      if (!lanes.some((l) => l.key.environment === env)) envShare[env] = 0;
    return {
      consumer,
      consumerIndex,
      countedTarget,
      envShare,
      lanes,
      burst: consumer.name === THROTTLE_STORM_CONSUMER ? { multiplier: 1.55 } : null,
    };
  });
  const incidents: IncidentModel[] = INCIDENTS.map((incident) => {
    const functionIndex = prodFunction(incident.fn);
    return {
      functionIndex,
      routeIndexes: new Set(
        routes.flatMap((r, index) => (r.functionIndexes.includes(functionIndex) ? [index] : [])),
      ),
      dayMs: asOfMs - incident.daysAgo * DAY_MS,
      first: incident.startMinute,
      last: incident.startMinute + incident.minutes - 1,
      failRatio: incident.failRatio,
      status: incident.status,
    };
  });
  return { consumers, routes, functions, incidents };
}
