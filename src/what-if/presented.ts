// What a what-if preview shows for some inputs, as plain data: the text of each `[data-out]` slot
// and the markup of each `[data-out-html]` slot, or a problem with the inputs. The server renders
// it into the page; the island (island.ts) applies it again whenever an input changes.
import type { WhatIfValues } from './params.ts';

/** A what-if's rendering for one set of inputs. */
export interface Presented {
  /** The text of each `[data-out="name"]` slot. */
  text: Record<string, string>;
  /** The markup of each `[data-out-html="name"]` slot (built with html.ts, escaped). */
  html: Record<string, string>;
  /** What is wrong with the inputs, when the result cannot be computed. */
  problem?: string;
}

/** A what-if as the island drives it: the inputs it reads, their defaults, and how it presents. */
export interface WhatIfPresenter<Setup> {
  inputs: (keyof WhatIfValues)[];
  defaults: (setup: Setup) => WhatIfValues;
  present: (setup: Setup, values: WhatIfValues) => Presented;
}
