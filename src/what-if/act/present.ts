// What an act's dialog shows, as markup from plain data (so tests read it without a browser): the
// dry run's preview (what changes, the blast radius, the what-if's figures), the refusal of a call
// in words, and the result of an applied change with a link to its audit entry.
import { formatInteger, formatPct, formatScore } from '../../lib/format.ts';
import { formatInstant } from '../../live/format-live.ts';
import { escapeHtml, link, row } from '../html.ts';
import type { Preview } from './actions.ts';

const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A value of a before/after view as text. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(valueText).join(', ');
  if (typeof value === 'number') return formatInteger(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return instant.test(value) ? formatInstant(Date.parse(value)) : value;
  const id = (value as { key_id?: unknown }).key_id;
  return typeof id === 'string' ? id : JSON.stringify(value);
}

const label = (field: string) => field.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * A what-if figure as the page's what-if shows it: a share (`…_pct`) as a percentage with one
 * decimal under its name without the unit, a count whole; [label, text].
 */
export function whatIfFigure(field: string, value: number): [string, string] {
  if (field.endsWith('_pct')) return [label(field.slice(0, -'_pct'.length)), formatPct(value)];
  return [label(field), formatInteger(value)];
}

/** The fields whose value the change alters: [field, before, after]. */
export function changedFields(before: unknown, after: unknown): [string, string, string][] {
  const was = (before ?? {}) as Record<string, unknown>;
  const will = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(was), ...Object.keys(will)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(will[field]))
    .map((field) => [field, valueText(was[field]), valueText(will[field])]);
}

/** What a demo reset returns to the simulation (its before: the ids that differ), counted. */
function resetCounts(before: unknown): string {
  const differ = (before ?? {}) as { keys?: unknown[]; routes?: unknown[]; consumers?: unknown[] };
  const count = (list: unknown[] | undefined) => formatInteger(list?.length ?? 0);
  return `${count(differ.keys)} keys, ${count(differ.routes)} routes and ${count(differ.consumers)} consumers`;
}

/** The preview of a dry run as markup. */
export function previewHtml(preview: Preview, highBlastScore: number): string {
  const { blast } = preview;
  const high = blast.score >= highBlastScore;
  const radius = `<p data-act-out="blast">Blast score <strong>${escapeHtml(formatScore(blast.score))}</strong>${
    high ? ' (high)' : ''
  } · ${escapeHtml(formatInteger(blast.dependents))} dependents · ${escapeHtml(
    formatInteger(blast.requests_per_day),
  )} requests per day</p>`;
  if (preview.changed === false)
    return `<p data-act-out="changes">Nothing changes: ${escapeHtml(preview.target.name)} already is as asked, so there is nothing to apply.</p>`;
  if (preview.action === 'demo.reset') {
    const what = resetCounts(preview.before);
    return `<p data-act-out="changes">Returns ${escapeHtml(what)} to the state the workspace simulated.</p>`;
  }
  const rows = changedFields(preview.before, preview.after)
    // Each value names its column, for the narrow dialog that stacks them under the field (act.css).
    .map(([field, was, will]) =>
      row([
        [label(field)],
        [was, { attrs: { 'data-label': 'Now' } }],
        [will, { attrs: { 'data-label': 'After' } }],
      ]),
    )
    .join('');
  const table = rows
    ? `<div class="act-table" role="region" aria-label="What changes" tabindex="0"><table class="data" data-act-out="changes"><caption class="visually-hidden">What changes</caption><thead><tr><th scope="col">Field</th><th scope="col">Now</th><th scope="col">After</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : '<p data-act-out="changes">Nothing visible changes.</p>';
  const figures = Object.entries(preview.what_if ?? {}).filter(
    // The workspace's own policy overlap and the score shown above are not this change's figures.
    ([field, value]) => typeof value === 'number' && !field.includes('overlap') && field !== 'blast_score',
  );
  const whatIf = figures.length
    ? `<h3>The what-if</h3><dl class="facts" data-act-out="what-if">${figures
        .map(([field, value]) => {
          const [name, text] = whatIfFigure(field, value as number);
          return `<div><dt>${escapeHtml(name)}</dt><dd>${escapeHtml(text)}</dd></div>`;
        })
        .join('')}</dl>`
    : '';
  return `${radius}${table}${whatIf}`;
}

/** A problem+json body as the dialog words it. */
export interface Problem {
  status: number;
  code?: string;
  detail?: string;
  errors?: { pointer?: string; detail?: string }[];
}

/** A refusal in words; `stale` is true when a new preview is the way on. */
export function problemText(problem: Problem): { text: string; stale: boolean } {
  if (problem.code === 'preview_token_stale')
    return {
      text: 'Someone changed this since your preview, so it was not applied. Preview again to see the new numbers.',
      stale: true,
    };
  // The dialog calls with the page's session, never a key: a 401 is that session gone (signed out in
  // another tab clears the cookie, and the API then asks for a management key, which means nothing here).
  if (problem.status === 401)
    return {
      text: 'Your console session has ended; sign in again at /app/sign-in, then preview again.',
      stale: false,
    };
  const fields = (problem.errors ?? []).map((e) => e.detail).filter(Boolean);
  const detail = [problem.detail, ...fields].filter(Boolean).join(' ');
  return { text: `Refused (${problem.status}): ${detail || 'the server gave no reason'}`, stale: false };
}

/** What an applied change answers (the fields the dialog reads). */
export interface Applied {
  action: string;
  /** null when the change changed nothing (and wrote no entry). */
  audit_entry_id: string | null;
  target: { type: string; id: string; name: string };
  before?: unknown;
  after: unknown;
  secret?: string;
}

/** The href of an audit entry on the Audit screen. */
export const auditHref = (id: string) => `/app/api/audit?id=${encodeURIComponent(id)}`;

/** The result of an applied change as markup: what it did, and its audit entry. */
export function resultHtml(applied: Applied): string {
  const after = (applied.after ?? {}) as Record<string, unknown>;
  const name = escapeHtml(applied.target.name);
  if (applied.audit_entry_id === null)
    return `<p data-act-out="done">Nothing changed: ${name} already was as asked, so no audit entry was written.</p>`;
  const said: Record<string, string> = {
    'key.revoke': `Revoked ${name}: the API refuses it from now on (within a second on every server).`,
    'key.roll':
      Date.parse(String(after.rotation_ends_at)) > Date.parse(String(after.rotated_at))
        ? `Rolled ${name}: the old key works until ${escapeHtml(valueText(after.rotation_ends_at))}, then the API refuses it.`
        : `Rolled ${name}: the API refuses the old key from now on.`,
    'key.update': `Changed ${name}: ${escapeHtml(valueText(after.rpm_budget))} rpm, ${escapeHtml(valueText(after.quota_orders_per_month))} orders per month.`,
    'route.deprecate': `Deprecated ${name}: its callers get Deprecation and Sunset (${escapeHtml(valueText(after.sunset_at))}) from now on.`,
    'route.restore': `Undid the deprecation of ${name}: its callers get no Deprecation or Sunset headers any more.`,
    'consumer.update': `Changed ${name}: plan ${escapeHtml(valueText(after.plan))}, quota ${escapeHtml(valueText(after.quota_requests_per_period))} requests per period.`,
    'demo.reset': `Reset the demo: ${escapeHtml(resetCounts(applied.before))} are as simulated again.`,
  };
  const replacement = after.replacement as { key_id?: string } | undefined;
  const secret =
    applied.secret && replacement?.key_id
      ? `<p>Its replacement is ${link(`/app/api/keys/${replacement.key_id}`, replacement.key_id)}. Its value, shown once:</p><p><code class="act-secret" data-act-out="secret">${escapeHtml(applied.secret)}</code></p>`
      : '';
  return `<p data-act-out="done">${said[applied.action] ?? `Done: ${escapeHtml(applied.action)} on ${name}.`}</p>${secret}<p>Audit entry: ${link(
    auditHref(applied.audit_entry_id),
    applied.audit_entry_id,
  ).replace('<a ', '<a data-act-out="audit" ')}</p>`;
}
