// The line-chart island: chart.js with only the parts a line chart uses registered (tree-shaken),
// coloured from the design tokens so light and dark both read.
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
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { grid: { display: false }, ticks: { color: muted, maxTicksLimit: 8, maxRotation: 0 } },
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
  });
}

let charts = [...document.querySelectorAll<HTMLCanvasElement>('canvas[data-chart]')].map(draw);

// Light and dark follow the system setting: redraw with the other palette when it changes.
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
  for (const chart of charts) chart.destroy();
  charts = [...document.querySelectorAll<HTMLCanvasElement>('canvas[data-chart]')].map(draw);
});
