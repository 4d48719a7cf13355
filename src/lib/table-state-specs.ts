// The table specs of the console's screens: which columns sort, which chips and filters exist,
// and the default order. Field names are the columns of the views the screens read.
import type { SortSpec, TableSpec } from './table-state.ts';

const num = (field: string, firstDir: SortSpec['firstDir'] = 'desc'): SortSpec => ({
  field,
  type: 'number',
  firstDir,
});
const text = (field: string, firstDir: SortSpec['firstDir'] = 'asc'): SortSpec => ({
  field,
  type: 'text',
  firstDir,
});
const equals = (field: string, value: string) => ({ field, equals: value });

/** Keys: sorted by blast score, highest first; chips for the statuses and for unused keys. */
export const keysTable: TableSpec = {
  sorts: {
    name: text('name'),
    status: text('status'),
    plan: text('plan'),
    rpm: num('rpm_budget'),
    dependents: num('dependents'),
    requests: num('requests_per_day'),
    blast: num('blast_score'),
    last_used: text('last_used_at', 'desc'),
    expires: text('expires_at'),
  },
  defaultSort: { key: 'blast', dir: 'desc' },
  filters: [
    {
      param: 'chip',
      options: {
        expiring: equals('status', 'expiring'),
        revoked: equals('status', 'revoked'),
        rotated: equals('status', 'rotated'),
        unused: equals('is_unused', 'true'),
        'rotation-risk': equals('is_high_blast', 'true'),
      },
    },
  ],
};

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const stages = ['prod', 'sandbox', 'staging'] as const;

/** Routes: sorted by requests per day; one-verb method chips, a stage filter, and flag chips. */
export const routesTable: TableSpec = {
  sorts: {
    method: text('method'),
    path: text('path'),
    stage: text('stage'),
    requests: num('requests_per_day'),
    p99: num('p99_ms'),
    errors: num('error_pct'),
    agent: num('agent_share_pct'),
    blast: num('blast_score'),
    dependents: num('dependents'),
    functions: num('functions'),
    deprecated: text('deprecated', 'desc'),
  },
  defaultSort: { key: 'requests', dir: 'desc' },
  filters: [
    { param: 'method', options: Object.fromEntries(methods.map((m) => [m, equals('method', m)])) },
    { param: 'stage', options: Object.fromEntries(stages.map((s) => [s, equals('stage', s)])) },
    {
      param: 'flag',
      options: {
        hot: equals('is_hot_path', 'true'),
        deprecated: equals('deprecated', 'true'),
        'agent-heavy': equals('is_agent_heavy', 'true'),
      },
    },
  ],
};

const runtimes = ['node', 'python', 'go', 'edge'] as const;

/** Functions: sorted by blast score; the cold-heavy, needs-attention and status chips, a runtime filter. */
export const functionsTable: TableSpec = {
  sorts: {
    name: text('name'),
    runtime: text('runtime'),
    region: text('region'),
    invocations: num('invocations'),
    cold: num('cold_pct'),
    p99: num('p99_ms'),
    errors: num('errors'),
    status: text('status'),
    blast: num('blast_score'),
  },
  defaultSort: { key: 'blast', dir: 'desc' },
  filters: [
    {
      param: 'chip',
      options: {
        'cold-heavy': equals('is_cold_heavy', 'true'),
        attention: equals('needs_attention', 'true'),
        degraded: equals('status', 'degraded'),
        erroring: equals('status', 'erroring'),
      },
    },
    { param: 'runtime', options: Object.fromEntries(runtimes.map((r) => [r, equals('runtime', r)])) },
  ],
};

/** The plans a consumer can be on, in the order the plan filter lists them. */
export const consumerPlans = ['Internal', 'Sandbox', 'Growth', 'Enterprise'] as const;

/** Consumers: sorted by quota burn, highest first; at-risk and throttled chips and a plan filter. */
export const consumersTable: TableSpec = {
  sorts: {
    name: text('name'),
    plan: text('plan'),
    burn: num('quota_burn_pct'),
    throttled: num('throttled_429'),
    requests: num('requests_per_day'),
    errors: num('error_pct'),
    keys: num('keys'),
    routes: num('routes'),
    blast: num('top_key_blast_score'),
    assistant: num('assistant_share_pct'),
  },
  defaultSort: { key: 'burn', dir: 'desc' },
  filters: [
    {
      param: 'chip',
      options: {
        'at-risk': equals('is_at_risk', 'true'),
        throttled: equals('is_throttled', 'true'),
      },
    },
    { param: 'plan', options: Object.fromEntries(consumerPlans.map((p) => [p, equals('plan', p)])) },
  ],
};
