// The line-chart island: chart.js is most of a page's script, so it is loaded, and a chart drawn,
// only once the chart comes near the viewport, in an idle moment: the first paint and the main
// thread wait for neither (a phone that never scrolls to a chart never pays for it).
const canvases = [...document.querySelectorAll<HTMLCanvasElement>('canvas[data-chart]')];

/** Runs `work` when the main thread is idle (at once where requestIdleCallback is missing). */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(work, { timeout: 1_000 });
  else setTimeout(work, 0);
}

// Loading chart.js and drawing a chart are each a task of their own: two charts resolved by the
// same import would otherwise be drawn in one long task, together with the module's evaluation.
function draw(canvas: HTMLCanvasElement): void {
  whenIdle(
    () => void import('./line-chart-draw.ts').then(({ drawChart }) => whenIdle(() => drawChart(canvas))),
  );
}

if (canvases.length > 0) {
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        draw(entry.target as HTMLCanvasElement);
      }
    },
    { rootMargin: '200px 0px' },
  );
  for (const canvas of canvases) near.observe(canvas);
}
