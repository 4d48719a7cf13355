// The acts' island's dealings with the page and the server: the management API called with the
// console's session (a same-origin fetch, no key), who is signed in, why they may not act, and the
// what-if on the page filled in to match the dialog.
import { mayChange, type Role, type Stage } from '../../operators/roles.ts';
import { acts, type ActFields, type ActName } from './actions.ts';

/** The signed-in console actor as GET /app/session answers it. */
export interface Actor {
  type: 'operator' | 'console_token' | 'demo_visitor';
  name: string;
  role: Role;
}

/** One call to the management API: its status and parsed body (null when not JSON). */
export async function manage(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  try {
    const response = await fetch(`/manage/v1${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, json };
  } catch {
    return { status: 0, json: { status: 0, detail: 'The console server did not answer; try again.' } };
  }
}

/** The signed-in actor, or null without the console's server (a static copy, astro dev). */
export async function whoAmI(): Promise<Actor | null> {
  try {
    const response = await fetch('/app/session', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    return ((await response.json()) as { actor: Actor | null }).actor;
  } catch {
    return null;
  }
}

/** Why this actor may not act on this stage; null when they may. */
export function refusal(actor: Actor | null, stage: Stage): string | null {
  if (!actor) return "Acting needs the console's server (npm start): this copy cannot change anything.";
  if (actor.role === 'viewer')
    return `You are signed in as ${actor.name}, a viewer: viewers read the console but change nothing.`;
  if (!mayChange(actor.role, stage))
    return `You are signed in as ${actor.name}, an operator: changes in production need an admin.`;
  return null;
}

/** Sets a what-if input on the page (the what-if island recomputes on its input event). */
export function fillWhatIf(name: ActName, fields: ActFields, reveal: boolean): void {
  const spec = acts[name];
  const whatIf = 'whatIf' in spec ? spec.whatIf : undefined;
  const root = whatIf ? document.getElementById(whatIf.anchor) : null;
  if (!whatIf || !root) return;
  const value = whatIf.value(fields);
  const input = root.querySelector<HTMLInputElement>(`[data-what-if-input="${whatIf.input}"]`);
  if (input && value !== undefined && input.value !== value) {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (reveal) root.scrollIntoView({ block: 'start' });
}

/** Today plus `days`, as YYYY-MM-DD (UTC). */
export const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The target's live state as the management API reads it from the journal; null when it cannot. */
export async function liveState(name: ActName, id: string): Promise<unknown> {
  const target = acts[name].target;
  if (target !== 'key' && target !== 'route') return null;
  const answer = await manage('GET', `/${target}s/${id}`);
  return answer.status === 200 ? answer.json : null;
}
