// The line chart itself: chart.js with only the parts a line chart uses registered (tree-shaken),
// coloured from the design tokens so light and dark both read. Loaded by ./line-chart-island.ts
// once a chart comes near the viewport.
import {
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { formatCount, formatMs, formatPct } from '../../lib/format.ts';
import type { ChartData, ChartUnit } from './chart-data.ts';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Tooltip,
  Legend,
  Filler,
);

const formatters: Record<ChartUnit, (value: number) => string> = {
  count: formatCount,
  ms: formatMs,
  pct: (value) => formatPct(value, 1),
};

function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim();
}

/** Date labels a chart of this width can show without crowding: about one per 72 px, 2 to 8. */
function xTickLimit(width: number): number {
  return Math.max(2, Math.min(8, Math.floor(width / 72)));
}

/**
 * After each layout, the free space in px between neighbouring x labels (negative: they overlap),
 * written to the canvas as data-x-label-gap so the layout can be checked at any width.
 */
const labelGap = {
  id: 'labelGap',
  afterLayout(chart: Chart) {
    const scale = chart.scales.x;
    const font = chart.options.scales?.x?.ticks?.font as { size: number; family: string } | undefined;
    if (!scale || !font) return;
    chart.ctx.save();
    chart.ctx.font = `${font.size}px ${font.family}`;
    const labels = scale.ticks.map((tick, i) => ({
      x: scale.getPixelForTick(i),
      width: chart.ctx.measureText(String(tick.label)).width,
    }));
    chart.ctx.restore();
    const gaps = labels.slice(1).map((label, i) => {
      const previous = labels[i] as (typeof labels)[number];
      return label.x - previous.x - (label.width + previous.width) / 2;
    });
    chart.canvas.dataset.xLabelGap = String(Math.round(Math.min(Infinity, ...gaps)));
  },
};

function draw(canvas: HTMLCanvasElement): Chart {
  const data = JSON.parse(canvas.dataset.chart ?? '{}') as ChartData;
  const format = formatters[data.unit];
  const grid = token('chart-grid');
  const muted = token('text-muted');
  return new Chart(canvas, {
    type: 'line',
    data: {
      labels: data.labels,
      datasets: data.series.map((s) => ({
        label: s.label,
        data: s.values,
        borderColor: token(s.color),
        backgroundColor: `${token(s.color)}24`,
        fill: s.fill ?? false,
        borderWidth: 2,
        borderDash: s.dashed ? [6, 4] : [],
        pointRadius: 0,
        pointHoverRadius: 4,
        tension: 0.2,
        cubicInterpolationMode: 'monotone' as const,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      // Thin the date labels out as the chart narrows (a phone shows fewer).
      onResize: (chart, size) => {
        const ticks = chart.options.scales?.x?.ticks;
        if (ticks) ticks.maxTicksLimit = xTickLimit(size.width);
      },
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          grid: { display: false },
          ticks: {
            color: muted,
            font: { size: 12, family: getComputedStyle(document.body).fontFamily },
            maxTicksLimit: xTickLimit(canvas.clientWidth),
            autoSkipPadding: 16,
            maxRotation: 0,
          },
        },
        y: {
          beginAtZero: true,
          grid: { color: grid },
          border: { display: false },
          ticks: { color: muted, maxTicksLimit: 5, callback: (value) => format(Number(value)) },
        },
      },
      plugins: {
        legend: { display: data.series.length > 1, labels: { color: muted, boxWidth: 12 } },
        tooltip: {
          callbacks: { label: (ctx) => `${ctx.dataset.label ?? ''}: ${format(Number(ctx.parsed.y))}` },
        },
      },
    },
    plugins: [labelGap],
  });
}

const charts = new Map<HTMLCanvasElement, Chart>();

/** Draws the chart a canvas's data-chart describes (once; again when the colour scheme changes). */
export function drawChart(canvas: HTMLCanvasElement): void {
  if (!charts.has(canvas)) charts.set(canvas, draw(canvas));
}

// Light and dark follow the system setting: redraw with the other palette when it changes.
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
  for (const [canvas, chart] of charts) {
    chart.destroy();
    charts.set(canvas, draw(canvas));
  }
});
