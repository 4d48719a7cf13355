// Which acts a key or a route takes in its live state (the management API's view of it, read from
// the journal), and why not when it does not: the same rules the API's changes refuse with 409
// (src/manage/changes/keys.ts, routes-consumers.ts), so the page offers no act that would fail.
// Pure and browser-safe: the acts' island reads it, its tests hold it to the API's answers.
import { formatInstant } from '../../live/format-live.ts';
import { acts, type ActName } from './actions.ts';

/** The fields of a key's view (GET /manage/v1/keys/{id}) the rules read. */
export interface KeyState {
  status: string;
  replaced_by: string | null;
  rotation_ends_at: string | null;
  revoked_at: string | null;
  expires_at: string | null;
}

/** The field of a route's view (GET /manage/v1/routes/{id}) the rules read. */
export interface RouteState {
  deprecated: boolean;
}

const at = (iso: string | null) => (iso === null ? '' : ` at ${formatInstant(Date.parse(iso))}`);

/** Why the API refuses an act on a key in this state; null when it takes it. */
export function keyActRefusal(name: ActName, key: KeyState): string | null {
  if (key.status === 'revoked') return `this key was revoked${at(key.revoked_at)}`;
  if (key.status === 'rotated')
    return `this key was rotated${key.replaced_by ? `; its replacement is ${key.replaced_by}` : ''}`;
  if (name !== 'roll') return null;
  if (key.replaced_by !== null)
    return `this key is already being rotated: ${key.replaced_by} replaces it${at(key.rotation_ends_at).replace(' at', ', and it works until')}`;
  if (key.status === 'expired') return `this key expired${at(key.expires_at)}; issue a new key instead`;
  return null;
}

/** Why the API refuses an act on a route in this state; null when it takes it. */
export function routeActRefusal(name: ActName, route: RouteState): string | null {
  return name === 'undeprecate' && !route.deprecated ? 'this route is not deprecated' : null;
}

/** Why an act is refused on its target's state (a key's or a route's view); null when it is taken. */
export function actRefusal(name: ActName, state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  const target = acts[name].target;
  if (target === 'key') return keyActRefusal(name, state as KeyState);
  if (target === 'route') return routeActRefusal(name, state as RouteState);
  return null;
}

/**
 * One short line per reason for the acts not offered, e.g. "Roll and Revoke are not offered: this
 * key was revoked at …". Acts refused for the same reason share a line.
 */
export function unavailableLines(refusals: ReadonlyMap<ActName, string>): string[] {
  const byReason = new Map<string, string[]>();
  for (const [name, reason] of refusals)
    byReason.set(reason, [...(byReason.get(reason) ?? []), acts[name].label]);
  return [...byReason].map(([reason, labels]) => {
    const named =
      labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
    return `${named} ${labels.length === 1 ? 'is' : 'are'} not offered: ${reason}.`;
  });
}
