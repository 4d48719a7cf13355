// The what-if previews' island: each preview embeds its setup as JSON; this reads the inputs from
// the URL on load (so a shared link shows the same result, on a static deployment too), recomputes
// as an input changes, keeps the URL in step (replaceState) and copies a link to the preview.
// No network, no database.
import { parseWhatIf, whatIfParams, withWhatIf, type WhatIfInput, type WhatIfValues } from './params.ts';
import { changePresenter } from './change/present.ts';
import type { Presented, WhatIfPresenter } from './presented.ts';
import { retirePresenter } from './retire/present.ts';
import { rotatePresenter } from './rotate/present.ts';
import { throttlePresenter } from './throttle/present.ts';

const presenters: Record<string, WhatIfPresenter<never>> = {
  rotate: rotatePresenter,
  throttle: throttlePresenter,
  retire: retirePresenter,
  change: changePresenter,
};

/** Writes a presentation into a preview's slots, or its problem instead of a result. */
function apply(root: HTMLElement, presented: Presented): void {
  const problem = root.querySelector<HTMLElement>('[data-what-if-problem]');
  if (problem) {
    problem.textContent = presented.problem ?? '';
    problem.hidden = presented.problem === undefined;
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-what-if-result]'))
    el.hidden = presented.problem !== undefined;
  if (presented.problem !== undefined) return;
  for (const el of root.querySelectorAll<HTMLElement>('[data-out]'))
    el.textContent = presented.text[el.dataset.out ?? ''] ?? '';
  for (const el of root.querySelectorAll<HTMLElement>('[data-out-html]'))
    el.innerHTML = presented.html[el.dataset.outHtml ?? ''] ?? '';
}

/** The value of one input as typed, read with the URL's rules; undefined when invalid. */
function readInput(name: WhatIfInput, text: string): WhatIfValues[WhatIfInput] {
  return parseWhatIf(new URLSearchParams({ [whatIfParams[name]]: text.trim() }))[name];
}

/** Copies the link to a preview (its inputs in the query, its anchor as the fragment). */
async function copyLink(root: HTMLElement): Promise<void> {
  const url = `${location.origin}${location.pathname}${location.search}#${root.id}`;
  const status = root.querySelector<HTMLElement>('[data-copy-status]');
  const field = root.querySelector<HTMLInputElement>('[data-copy-field]');
  root.dataset.link = url;
  try {
    await navigator.clipboard.writeText(url);
    if (status) status.textContent = 'Link copied';
  } catch {
    // No clipboard (an insecure origin, a refused permission): show the link selected to copy by hand.
    if (status) status.textContent = 'Copy this link:';
    if (field) {
      field.value = url;
      field.hidden = false;
      field.select();
    }
  }
}

/** Wires one preview. */
function mount(root: HTMLElement): void {
  const presenter = presenters[root.dataset.whatIf ?? ''];
  const setupText = root.querySelector('[data-what-if-setup]')?.textContent;
  if (!presenter || !setupText) return;
  const setup = JSON.parse(setupText) as never;
  const defaults = presenter.defaults(setup);
  const inputs = presenter.inputs.flatMap((name) => {
    const input = root.querySelector<HTMLInputElement>(`[data-what-if-input="${name}"]`);
    return input ? [[name, input] as const] : [];
  });
  const fromUrl = parseWhatIf(new URLSearchParams(location.search));
  for (const [name, input] of inputs) input.value = String(fromUrl[name] ?? defaults[name] ?? '');
  apply(root, presenter.present(setup, fromUrl));
  root.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());
  root.addEventListener('input', () => {
    const values: WhatIfValues = {};
    let params = new URLSearchParams(location.search);
    let invalid: HTMLInputElement | undefined;
    for (const [name, input] of inputs) {
      const value = readInput(name, input.value);
      input.setAttribute('aria-invalid', String(value === undefined));
      const isDefault = value === defaults[name];
      if (value === undefined) invalid ??= input;
      else if (!isDefault) Object.assign(values, { [name]: value });
      params = withWhatIf(params, name, value === undefined || isDefault ? undefined : value);
    }
    if (invalid) {
      apply(root, { text: {}, html: {}, problem: invalid.dataset.invalid ?? 'Not a valid value.' });
      return;
    }
    const query = params.toString();
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    apply(root, presenter.present(setup, values));
  });
  root.querySelector('[data-copy-link]')?.addEventListener('click', () => void copyLink(root));
  root.dataset.ready = 'true';
}

for (const root of document.querySelectorAll<HTMLElement>('[data-what-if]:not([data-ready])')) mount(root);
