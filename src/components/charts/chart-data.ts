// The data a line-chart island receives from the page (as JSON), shared by server and browser.

/** How a chart's values read: counts, milliseconds or percentages. */
export type ChartUnit = 'count' | 'ms' | 'pct';

/** One line of a chart: a label, one value per x label, and a colour token (chart-1..3). */
export interface ChartSeries {
  label: string;
  values: number[];
  color: 'chart-1' | 'chart-2' | 'chart-3';
  fill?: boolean;
  /** Drawn dashed: a reference line such as a threshold, not a measure. */
  dashed?: boolean;
}

/** A whole chart: x labels, its lines and the unit of the y axis. */
export interface ChartData {
  labels: string[];
  series: ChartSeries[];
  unit: ChartUnit;
}
