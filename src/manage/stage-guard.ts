// Which stage a change lands in, and whether the principal may change it: an operator changes
// sandbox and staging, an admin production too (src/operators/roles.ts). A management key has no
// stages set: its scopes alone decide. The workspace's routes on `prod` and every consumer count as
// production.
import type { Principal } from './actor.ts';
import type { Stage } from '../operators/roles.ts';
import type { ManageState } from './state.ts';
import { manageProblem } from './problems.ts';
import type { PlainResponse } from '../api/orders/plain.ts';

const stageNames: Record<string, Stage> = {
  prod: 'production',
  production: 'production',
  staging: 'staging',
  sandbox: 'sandbox',
};

/** The stage a write to `path` changes; null when it has none (a demo reset, an unknown target). */
export function stageOfWrite(path: string, body: Record<string, unknown>, state: ManageState): Stage | null {
  const [, kind, id] = path.split('/');
  if (kind === 'keys' && id === undefined)
    return stageNames[typeof body.environment === 'string' ? body.environment : 'sandbox'] ?? null;
  if (kind === 'keys') return stageNames[state.keys.get(id ?? '')?.environment ?? ''] ?? null;
  if (kind === 'routes') return stageNames[state.routes.get(id ?? '')?.stage ?? ''] ?? 'production';
  if (kind === 'consumers') return 'production';
  return null;
}

/** The refusal of a write to a stage the principal may not change, or null. */
export function stageRefusal(principal: Principal, stage: Stage | null): PlainResponse | null {
  if (principal.stages === undefined || stage === null || principal.stages.includes(stage)) return null;
  return manageProblem(
    'stage-not-allowed',
    `${principal.actor.name} may change ${principal.stages.join(' and ') || 'nothing'}, not ${stage}: ${stage} changes need an admin`,
  );
}
