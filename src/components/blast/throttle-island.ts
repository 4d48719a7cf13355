// The throttle what-if's island: reads the embedded demand histogram and re-predicts 429s with
// throttle-formula.ts whenever the proposed budget changes. No network, no database.
import { formatCount, formatPct } from '../../lib/format.ts';
import {
  predictThrottle,
  sortThrottleRows,
  totalThrottledPerDay,
  type DemandHistogram,
} from './throttle-formula.ts';

/** One table row's cells, in column order, as text. */
function cells(row: ReturnType<typeof predictThrottle>[number]): string[] {
  return [
    row.name,
    row.key_id,
    row.primary_caller_kind,
    formatCount(row.requests_per_day),
    formatCount(row.throttled_per_day),
    row.throttled_pct === null ? '—' : formatPct(row.throttled_pct, 2),
    formatCount(row.minutes_over_per_day),
  ];
}

/** Renders the prediction for `rpm` into one preview. */
function render(root: Element, histogram: DemandHistogram, rpm: number): void {
  const total = root.querySelector('[data-throttle-total]');
  if (total) total.textContent = formatCount(totalThrottledPerDay(histogram, rpm));
  const body = root.querySelector('[data-throttle-rows]');
  if (!body) return;
  const rows = sortThrottleRows(predictThrottle(histogram, rpm)).map((row) => {
    const tr = document.createElement('tr');
    cells(row).forEach((text, i) => {
      const cell = document.createElement(i === 0 ? 'th' : 'td');
      if (i === 0) cell.setAttribute('scope', 'row');
      if (i === 1) cell.className = 'mono';
      if (i >= 3) cell.className = 'num';
      cell.textContent = text;
      tr.append(cell);
    });
    return tr;
  });
  body.replaceChildren(...rows);
}

/** Wires every throttle preview under `scope`: typing a budget updates its prediction. */
export function mountThrottlePreviews(scope: ParentNode): void {
  for (const root of scope.querySelectorAll('[data-throttle]')) {
    const data = root.querySelector('[data-throttle-histogram]')?.textContent;
    const input = root.querySelector<HTMLInputElement>('[data-throttle-rpm]');
    if (!data || !input) continue;
    const histogram = JSON.parse(data) as DemandHistogram;
    root.querySelector('[data-throttle-form]')?.addEventListener('submit', (event) => event.preventDefault());
    input.addEventListener('input', () => {
      const rpm = Number(input.value);
      if (input.value === '' || !Number.isInteger(rpm) || rpm < 0) return;
      render(root, histogram, rpm);
    });
  }
}
