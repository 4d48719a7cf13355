// Setup file of the browser project: every browser file starts once the console build its global
// setup started has ended well (console-build.ts), and fails with the build's output if it did not.
import { inject } from 'vitest';
import { consoleBuilt } from '../helpers/console-build.ts';

await consoleBuilt(inject('consoleBuild'));
