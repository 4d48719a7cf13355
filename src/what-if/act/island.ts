// The acts' island: asks who you are (GET /app/session) and disables what your role may not do,
// with the reason; a button fills in the matching what-if on the page and opens the dialog; Preview
// sends the change as a dry run to the management API (/manage/v1, with the console's session: the
// same-origin request is the console's actor); Apply sends it again with the preview token. A
// stale token (412) says so and offers a new preview. The result links to its audit entry.
import type { Stage } from '../../operators/roles.ts';
import {
  acts,
  bodyOf,
  isActName,
  overlapMsOf,
  overlapProblem,
  needsTypedName,
  type ActFields,
  type ActName,
  type Preview,
} from './actions.ts';
import { actRefusal, unavailableLines } from './availability.ts';
import { dayFromNow, fillWhatIf, liveState, manage, refusal, whoAmI } from './page-calls.ts';
import { previewHtml, problemText, resultHtml, type Applied, type Problem } from './present.ts';

/** Wires one panel of acts. */
function mount(panel: HTMLElement): void {
  const q = <T extends Element>(selector: string) => panel.querySelector<T>(selector);
  const dialog = q<HTMLDialogElement>('[data-act-dialog]');
  const form = q<HTMLFormElement>('[data-act-form]');
  const [previewButton, applyButton, closeButton] = ['preview', 'apply', 'close'].map((step) =>
    q<HTMLButtonElement>(`[data-act-step="${step}"]`),
  );
  const problem = q<HTMLElement>('[data-act-problem]');
  const previewOut = q<HTMLElement>('[data-act-preview]');
  const resultOut = q<HTMLElement>('[data-act-result]');
  const confirm = q<HTMLElement>('[data-act-confirm]');
  const confirmInput = confirm?.querySelector<HTMLInputElement>('input');
  const status = q<HTMLElement>('[data-act-status]');
  if (!dialog || !form || !previewButton || !applyButton || !closeButton || !problem || !previewOut) return;
  if (!resultOut || !confirm || !confirmInput || !status) return;
  const targetId = panel.dataset.targetId ?? '';
  const highBlast = Number(panel.dataset.highBlast ?? '55');
  const input = (name: string) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;

  let act: ActName = 'roll';
  let opener: HTMLElement | null = null;
  let current: ActFields = {};
  let pending: { body: Record<string, unknown>; preview: Preview } | null = null;

  const readFields = (): ActFields => {
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const choice = text('overlap');
    return {
      overlap: choice === 'other' ? text('overlap_other') : choice,
      rpm_budget: text('rpm_budget'),
      quota_orders_per_month: text('quota_orders_per_month'),
      sunset_at: text('sunset_at'),
      successor_route_id: text('successor_route_id'),
      plan: text('plan'),
      quota_requests_per_period: text('quota_requests_per_period'),
    };
  };

  const say = (text: string | null) => {
    problem.textContent = text ?? '';
    problem.hidden = text === null;
  };

  /** Back to the parameters: no preview, nothing to apply. */
  const unpreview = () => {
    pending = null;
    previewOut.innerHTML = '';
    confirm.hidden = true;
    confirmInput.value = '';
    applyButton.hidden = true;
  };

  const setValue = (name: string, value: string | number | undefined) => {
    const field = input(name);
    if (field && value !== undefined) field.value = String(value);
  };

  /** Fills the dialog's fields with the target's values now (from the management API). */
  const prefill = async (name: ActName) => {
    current = {};
    if (name === 'limits') {
      const key = (await manage('GET', `/keys/${targetId}`)).json as Record<string, number> | null;
      current = {
        rpm_budget: String(key?.rpm_budget ?? ''),
        quota_orders_per_month: String(key?.quota_orders_per_month ?? ''),
      };
    } else if (name === 'plan') {
      const consumer = (await manage('GET', `/consumers/${targetId}`)).json as Record<string, string> | null;
      current = {
        plan: consumer?.plan ?? '',
        quota_requests_per_period: String(consumer?.quota_requests_per_period ?? ''),
      };
    } else if (name === 'deprecate') {
      const routes =
        ((await manage('GET', '/routes')).json as { data?: Record<string, string>[] } | null)?.data ?? [];
      const self = routes.find((r) => r.route_id === targetId);
      const select = input('successor_route_id') as HTMLSelectElement | null;
      if (select && select.options.length <= 1)
        for (const route of routes.filter((r) => r.route_id !== targetId && r.stage === self?.stage))
          select.add(new Option(`${route.method} ${route.path} (${route.stage})`, route.route_id));
      const planned = document.querySelector<HTMLInputElement>('[data-what-if-input="retireSunset"]')?.value;
      current = {
        sunset_at: planned || self?.sunset_at?.slice(0, 10) || dayFromNow(90),
        successor_route_id: self?.successor_route_id ?? '',
      };
    }
    for (const [field, value] of Object.entries(current) as [string, string | undefined][])
      setValue(field, value);
  };

  const open = async (name: ActName, from: HTMLElement) => {
    act = name;
    opener = from;
    const spec = acts[name];
    form.reset();
    unpreview();
    say(null);
    resultOut.innerHTML = '';
    previewButton.hidden = false;
    previewButton.textContent = 'Preview';
    closeButton.textContent = 'Cancel';
    for (const field of form.querySelectorAll<HTMLElement>('[data-act-field]'))
      field.hidden = !(spec.fields as readonly string[]).includes(field.dataset.actField ?? '');
    const title = q<HTMLElement>('[data-act-title]');
    const page = document.querySelector('h1')?.textContent?.trim() ?? targetId;
    if (title) title.textContent = spec.target === 'workspace' ? spec.label : `${spec.label}: ${page}`;
    const lede = q<HTMLElement>('[data-act-lede]');
    if (lede)
      lede.textContent =
        'Preview first: the management API shows what changes and the blast radius, then you apply it. Every change is recorded in the audit trail.';
    await prefill(name);
    fillWhatIf(name, readFields(), true);
    dialog.showModal();
    (
      form.querySelector<HTMLElement>(
        '[data-act-field]:not([hidden]) input, [data-act-field]:not([hidden]) select',
      ) ?? previewButton
    ).focus();
  };

  const showProblem = (json: unknown, statusCode: number) => {
    const { text, stale } = problemText({ status: statusCode, ...(json as Partial<Problem> | null) });
    say(text);
    if (stale) {
      unpreview();
      previewButton.hidden = false;
      previewButton.textContent = 'Preview again';
      previewButton.focus();
    }
  };

  const preview = async () => {
    unpreview();
    const built = bodyOf(act, readFields(), current);
    if ('problem' in built) {
      say(built.problem);
      const field = input(built.field === 'overlap' ? 'overlap_other' : built.field);
      field?.setAttribute('aria-invalid', 'true');
      field?.focus();
      return;
    }
    for (const field of form.querySelectorAll('[aria-invalid]')) field.removeAttribute('aria-invalid');
    say(null);
    const spec = acts[act];
    previewButton.disabled = true;
    const answer = await manage(spec.method, spec.path(targetId), { ...built.body, dry_run: true });
    previewButton.disabled = false;
    if (answer.status !== 200) return showProblem(answer.json, answer.status);
    const shown = answer.json as Preview;
    pending = { body: built.body, preview: shown };
    previewOut.innerHTML = previewHtml(shown, highBlast);
    // A change of nothing has nothing to apply (the preview says so).
    const nothing = shown.changed === false;
    const typed = !nothing && needsTypedName(shown, highBlast);
    confirm.hidden = !typed;
    const nameOut = confirm.querySelector('[data-act-name]');
    if (nameOut) nameOut.textContent = shown.target.name;
    applyButton.textContent = spec.method === 'PATCH' ? 'Apply the change' : spec.label;
    applyButton.hidden = nothing;
    applyButton.disabled = typed;
    status.textContent = nothing
      ? `Nothing to apply: ${shown.target.name} already is as asked.`
      : `Preview ready: blast score ${shown.blast.score}.${typed ? ` Type ${shown.target.name} to confirm.` : ''}`;
    (typed ? confirmInput : nothing ? closeButton : applyButton).focus();
  };

  const apply = async () => {
    if (!pending) return;
    const spec = acts[act];
    applyButton.disabled = true;
    const answer = await manage(spec.method, spec.path(targetId), {
      ...pending.body,
      preview_token: pending.preview.preview_token,
    });
    if (answer.status !== 200 && answer.status !== 201) {
      applyButton.disabled = false;
      return showProblem(answer.json, answer.status);
    }
    const applied = answer.json as Applied;
    unpreview();
    say(null);
    for (const field of form.querySelectorAll<HTMLElement>('[data-act-field]')) field.hidden = true;
    previewButton.hidden = true;
    closeButton.textContent = 'Close';
    resultOut.innerHTML = resultHtml(applied);
    const last = q<HTMLElement>('[data-act-last]');
    if (last) last.innerHTML = resultHtml({ ...applied, secret: undefined });
    panel.dataset.actDone = applied.action;
    status.textContent = resultOut.textContent ?? '';
    closeButton.focus();
  };

  /** Offers only the acts the target's live state takes; says why for the others. */
  const offerLive = async () => {
    const offer = (panel.dataset.offer ?? '').split(' ').filter(isActName);
    const first = offer[0];
    const state = first === undefined ? null : await liveState(first, targetId);
    const refused = new Map<ActName, string>();
    for (const name of offer) {
      const why = actRefusal(name, state);
      if (why !== null) refused.set(name, why);
      const button = q<HTMLButtonElement>(`[data-act-open="${name}"]`);
      if (button) button.hidden = why !== null;
    }
    const out = q<HTMLElement>('[data-act-unavailable]');
    out?.replaceChildren(
      ...unavailableLines(refused).map((line) =>
        Object.assign(document.createElement('p'), { textContent: line }),
      ),
    );
  };

  form.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement;
    if (target === confirmInput) {
      applyButton.disabled = confirmInput.value.trim() !== pending?.preview.target.name;
      return;
    }
    if (target.name === 'overlap_other') {
      const other = form.querySelector<HTMLInputElement>('input[name="overlap"][value="other"]');
      if (other) other.checked = true;
    }
    if (pending) unpreview();
    // An overlap past the API's limit is said as it is typed, before anything is sent.
    const overlap = readFields().overlap ?? '';
    if (act === 'roll' && (target.name === 'overlap' || target.name === 'overlap_other'))
      say(overlapMsOf(overlap) === null ? null : overlapProblem(overlap));
    fillWhatIf(act, readFields(), false);
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  previewButton.addEventListener('click', () => void preview());
  applyButton.addEventListener('click', () => void apply());
  closeButton.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    opener?.focus();
    // After a change, the acts it ruled out go (a revoked key's); focus moves to the line saying why.
    if (panel.dataset.actDone)
      void offerLive().then(() => {
        if (opener?.hidden) q<HTMLElement>('[data-act-unavailable]')?.focus();
      });
  });

  void whoAmI().then(async (actor) => {
    const reason = panel.querySelector<HTMLElement>('[data-act-reason]');
    const offer = (panel.dataset.offer ?? '').split(' ');
    // Reset demo is the open demo's alone: hidden until its visitor is known.
    if (offer.includes('reset')) {
      if (actor?.type !== 'demo_visitor') return;
      panel.hidden = false;
    }
    const why = refusal(actor, (panel.dataset.stage ?? 'production') as Stage);
    if (reason)
      reason.textContent =
        why ??
        `Signed in as ${actor?.name ?? ''} (${actor?.role ?? ''}). Each act is previewed first and recorded in the audit trail.`;
    for (const button of panel.querySelectorAll<HTMLButtonElement>('[data-act-open]')) {
      const name = button.dataset.actOpen ?? '';
      button.disabled = why !== null || !isActName(name);
      if (isActName(name)) button.addEventListener('click', () => void open(name, button));
    }
    if (actor) await offerLive();
    panel.dataset.ready = 'true';
  });
}

for (const panel of document.querySelectorAll<HTMLElement>('[data-act-panel]:not([data-ready])'))
  mount(panel);
