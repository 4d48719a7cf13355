// The request log screen's queries at a million logged requests: the newest page, each filter, a
// deep page, one request's detail, the live summary and per-key activity, on the embedded log; and
// how long a restart takes to replay it. Medians, against `select 1` on the workspace in the same
// run. Target: every query ≤ 100 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestRecord } from '../../src/api/request-record.ts';
import { openWorkspace } from '../../src/node/db.ts';
import { FileRequestLog } from '../../server/request-log/file-log.ts';
import type { BenchSuite } from '../run.ts';

const entries = Number(process.env.LOGS_BENCH_ENTRIES ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 15);
const budgetMs = 100;

/** Median of `runs` timed calls after two warm-ups, in milliseconds. */
async function median(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;
}

const statuses = [201, 201, 201, 201, 200, 404, 401, 422, 429, 503];
const kinds = ['human', 'automation', 'assistant'] as const;
const environments = ['production', 'sandbox', 'staging'] as const;

/** A varied request: 40 keys, 12 routes, every status class, over the last day. */
function request(n: number, now: number): RequestRecord {
  const status = statuses[n % statuses.length] as number;
  return {
    request_id: `req_${n.toString(36).padStart(24, '0')}`,
    time_ms: now - 86_400_000 + Math.floor((n / entries) * 86_400_000),
    method: n % 3 ? 'POST' : 'GET',
    path: n % 3 ? '/v2/orders' : `/v2/orders/ord_${n}`,
    route_id: `rt_${n % 12}`,
    status,
    problem_type: status >= 400 ? 'rate-limited' : null,
    latency_ms: 1 + (n % 997) / 10,
    key_id: `key_${n % 40}`,
    consumer_id: `con_${n % 20}`,
    environment: environments[n % 3] ?? 'sandbox',
    livemode: n % 3 === 0,
    caller_kind: kinds[n % 3] ?? 'human',
    user_agent: 'estate-node-sdk/3.4.1 node/22.11.0',
    idempotent_replay: false,
    order_id: status === 201 ? `ord_${n}` : null,
    response_headers: { 'content-type': 'application/json', ratelimit: '"rpm";r=59;t=42' },
    problem: null,
  };
}

export const suite: BenchSuite = {
  name: `logs: the request log screen's queries at ${entries.toLocaleString('en-US')} requests`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'estate-logs-bench-'));
    const db = await openWorkspace();
    try {
      const now = Date.now();
      const log = await FileRequestLog.open({ dir, maxBytes: 4 * 2 ** 30 });
      for (let n = 0; n < entries; n++) {
        log.append(request(n, now));
        if (n % 50_000 === 0) await log.flushed();
      }
      await log.close();
      const start = performance.now();
      const reopened = await FileRequestLog.open({ dir, maxBytes: 4 * 2 ** 30 });
      const replayMs = performance.now() - start;
      const deep = (await reopened.page({ limit: 50, before: Math.floor(entries / 2) })).rows.at(-1)?.seq;
      const cases: [string, () => Promise<unknown>][] = [
        ['select 1 on the workspace (baseline)', () => db.query('select 1')],
        ['newest 50, no filter', () => reopened.page({ limit: 50 })],
        ['status class 5xx', () => reopened.page({ limit: 50, statusClass: 5 })],
        ['status 429', () => reopened.page({ limit: 50, status: 429 })],
        ['one key', () => reopened.page({ limit: 50, keyId: 'key_7' })],
        [
          'one route, one caller kind',
          () => reopened.page({ limit: 50, routeId: 'rt_3', callerKind: 'assistant' }),
        ],
        [
          'environment + last hour',
          () => reopened.page({ limit: 50, environment: 'sandbox', fromMs: now - 3_600_000 }),
        ],
        ['a page half-way down (cursor)', () => reopened.page({ limit: 50, before: deep })],
        ['a filter nothing matches', () => reopened.page({ limit: 50, keyId: 'key_none' })],
        ['one request by id (detail)', () => reopened.find(request(entries - 12_345, now).request_id)],
        ['live summary since start (p99)', () => reopened.summary(0)],
        ['live summary, last hour', () => reopened.summary(now - 3_600_000)],
        ['per-key activity (Keys screen)', () => reopened.keyActivity()],
      ];
      const baseline = await median(() => db.query('select 1'));
      console.log('| query | median ms | × select 1 | within 100 ms |');
      console.log('|---|---|---|---|');
      for (const [label, fn] of cases) {
        const ms = await median(fn);
        console.log(
          `| ${label} | ${ms.toFixed(2)} | ${(ms / baseline).toFixed(1)} | ${ms <= budgetMs ? 'yes' : 'NO'} |`,
        );
      }
      console.log(
        `\nreplay at start: ${(replayMs / 1000).toFixed(1)} s for ${entries.toLocaleString('en-US')} entries`,
      );
      console.log(`heap after replay: ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB`);
      await reopened.close();
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
