// The simulator's inputs. The defaults give the demo workspace every screen and test is built on.

/** What a workspace is generated from: the same config always gives the same data. */
export interface SimConfig {
  seed: string;
  /** "Today" of the workspace (YYYY-MM-DD); the last simulated day is the day before. */
  asOf: string;
  /** Simulated days, ending the day before asOf. */
  days: number;
  /** Multiplier on the log-sample volume (1 ≈ 1M sampled requests over 30 days). */
  scale: number;
}

/** The demo workspace. */
export const defaultConfig: SimConfig = { seed: 'estate-demo', asOf: '2026-11-01', days: 30, scale: 1 };

/** Version written into `workspace.simulator_version`; bump when generated data changes shape. */
export const simulatorVersion = '1.0.0';
