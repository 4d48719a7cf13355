// The Audit screen's state in the URL: its filters (actor, actor type, action, target, time), its
// page cursors and the entry it opens. Like the request log's (./log-query.ts), unknown or malformed
// values are ignored, defaults are left out of the URL, and the same state reads back from the URL
// it writes.
import { actorTypes, type ActorType } from '../manage/actor.ts';
import { auditActionNames, manageLimits, type AuditActionName, type AuditQuery } from '../manage/contract.ts';

/** The parameters, in the order the URL writes them. */
export const auditParams = [
  'actor',
  'type',
  'action',
  'target',
  'since',
  'until',
  'limit',
  'before',
  'after',
  'id',
] as const;

/** A parameter of the Audit screen. */
export type AuditParam = (typeof auditParams)[number];

/** The Audit screen's state: each parameter's accepted value (absent: not filtered). */
export type AuditState = Partial<Record<AuditParam, string>>;

/** Entries on one page unless the URL asks for another size. */
export const auditPageSize = 50;

/**
 * What a person reads for each kind of actor. A console operator is "Console operator", not
 * "Operator": beside an admin's name, the bare word would read as her role (viewer, operator, admin).
 */
export const actorTypeLabels: Record<ActorType, string> = {
  operator: 'Console operator',
  management_key: 'Management key',
  cli: 'CLI',
  demo_visitor: 'Demo visitor',
  console_token: 'Admin token',
};

/** The audit trail's actions, and what a person reads for each. */
export const auditActions: Record<AuditActionName, string> = {
  'key.issue': 'Key issued',
  'key.update': 'Key changed',
  'key.revoke': 'Key revoked',
  'key.roll': 'Key rolled',
  'key.restore': 'Key restored',
  'route.deprecate': 'Route deprecated',
  'route.restore': 'Deprecation undone',
  'consumer.update': 'Consumer changed',
  'management_key.create': 'Management key created',
  'management_key.revoke': 'Management key revoked',
  'demo.reset': 'Demo reset',
  'operator.add': 'Operator added',
  'operator.import': 'Operators imported',
  'operator.change_role': 'Operator role changed',
  'operator.reissue_token': 'Operator token reissued',
  'operator.remove': 'Operator removed',
};

/** An action as a person reads it (an unknown one as it is written). */
export function actionLabel(action: string): string {
  return Object.hasOwn(auditActions, action) ? auditActions[action as AuditActionName] : action;
}

/** A time filter: a date, or a date and time in UTC (minutes, optionally seconds, optionally `Z`). */
const timePattern = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?Z?)?$/;

/** The instant a time filter means (UTC), or null when it is no valid time (30 February included). */
export function timeOf(value: string): string | null {
  if (!timePattern.test(value)) return null;
  const plain = value.replace(/Z$/, '');
  const full = plain.length === 10 ? `${plain}T00:00:00` : plain.length === 16 ? `${plain}:00` : plain;
  const ms = Date.parse(`${full}Z`);
  if (Number.isNaN(ms)) return null;
  const iso = new Date(ms).toISOString();
  // Date.parse rolls an impossible day or hour over to the next; such a value is no time.
  return iso.slice(0, 19) === full ? iso : null;
}

/** Whether `value` is an accepted value of `param`. */
function accepts(param: AuditParam, value: string): boolean {
  switch (param) {
    case 'actor':
      return /^[\x21-\x7e][\x20-\x7e]{0,99}$/.test(value);
    case 'type':
      return (actorTypes as readonly string[]).includes(value);
    case 'action':
      return (auditActionNames as readonly string[]).includes(value);
    case 'target':
      // Every kind of target the trail holds (src/manage/audit.ts targetSchema): a key, a route, a
      // consumer, a management key, an operator, the demo workspace (a reset) and the operators an import brought.
      return /^(?:(?:key|rt|con|mkid|op)_[A-Za-z0-9_]{1,115}|workspace|operators)$/.test(value);
    case 'since':
    case 'until':
      return timeOf(value) !== null;
    case 'limit':
      return /^[1-9]\d{0,2}$/.test(value) && Number(value) <= manageLimits.maxPageSize;
    case 'before':
    case 'after':
      return /^\d{1,12}$/.test(value);
    case 'id':
      return /^aud_[A-Za-z0-9]{1,80}$/.test(value);
  }
}

/** Reads the screen's state from URL parameters; unknown or malformed values are ignored. */
export function parseAuditState(params: URLSearchParams): AuditState {
  const state: AuditState = {};
  for (const param of auditParams) {
    const value = params.get(param)?.trim();
    if (value !== undefined && value !== '' && accepts(param, value)) state[param] = value;
  }
  if (state.limit === String(auditPageSize)) delete state.limit;
  // One cursor at a time: an older page, or a newer one.
  if (state.before !== undefined) delete state.after;
  return state;
}

/** The trail's query for a state: its filters, its cursor and its page size. */
export function auditPageQuery(state: AuditState): AuditQuery {
  const query: AuditQuery = { limit: state.limit ? Number(state.limit) : auditPageSize };
  if (state.actor) query.actor = state.actor;
  if (state.type) query.actor_type = state.type as ActorType;
  if (state.action) query.action = state.action as AuditActionName;
  if (state.target) query.target = state.target;
  if (state.since) query.since = timeOf(state.since) ?? undefined;
  if (state.until) query.until = timeOf(state.until) ?? undefined;
  if (state.before) query.cursor = state.before;
  if (state.after) query.ending_before = state.after;
  return query;
}

/** The Audit screen's URL for a state, with `changes` applied (undefined clears a parameter). */
export function auditHref(state: AuditState, changes: AuditState = {}): string {
  const params = new URLSearchParams();
  const next: AuditState = { ...state, ...changes };
  for (const param of auditParams) {
    const value = next[param];
    if (value !== undefined && value !== '') params.set(param, value);
  }
  const query = params.toString();
  return query ? `/app/api/audit?${query}` : '/app/api/audit';
}

/** The Audit screen opened on one entry. */
export function auditEntryHref(id: string): string {
  return auditHref({ id });
}

/** Whether any filter (not a cursor, the page size or an opened entry) is set. */
export function isAuditFiltered(state: AuditState): boolean {
  return (['actor', 'type', 'action', 'target', 'since', 'until'] as const).some(
    (p) => state[p] !== undefined,
  );
}

/**
 * Whether a target has a blast radius (a score, dependents, requests per day): keys, routes and
 * consumers take traffic; an entry's blast figures for any other target (an operator, a management
 * key, the workspace) are zeros that mean nothing.
 */
export function hasBlastRadius(target: { type: string }): boolean {
  return target.type === 'key' || target.type === 'route' || target.type === 'consumer';
}

/** The console page of an audit entry's target; null when it has none (a management key). */
export function targetHref(target: { type: string; id: string }): string | null {
  if (target.type === 'operator') return '/app/operators';
  const section = { key: 'keys', route: 'routes', consumer: 'consumers' }[target.type];
  return section ? `/app/api/${section}/${target.id}` : null;
}
