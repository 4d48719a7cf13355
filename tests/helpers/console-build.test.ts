// The background build's end is what every browser file waits on: a build that ends well lets them
// start, one that fails (or never ends) fails them with its own output, not a missing page later.
import { describe, expect, it } from 'vitest';
import { consoleBuilt, startConsoleBuild } from './console-build.ts';

describe('a console build in the background', () => {
  it('is awaited until its last step has ended well, each step with its own env', async () => {
    const running = startConsoleBuild([
      { args: ['-e', 'setTimeout(() => console.log("built"), 300)'] },
      { args: ['-e', 'process.exit(process.env.STEP === "two" ? 0 : 5)'], env: { STEP: 'two' } },
    ]);
    try {
      await expect(consoleBuilt(running.build, 20_000, 20)).resolves.toBeUndefined();
    } finally {
      await running.stop();
    }
  });

  it('fails its waiters with the exit code and the end of its output', async () => {
    const running = startConsoleBuild([
      { args: ['-e', 'console.error("no such page"); process.exit(3)'] },
      { args: ['-e', 'console.error("second step ran")'] },
    ]);
    try {
      await expect(consoleBuilt(running.build, 20_000, 20)).rejects.toThrow(
        /console build exited with 3\n[^]*no such page/,
      );
      // a failed step ends the build: the next one never runs
      await expect(consoleBuilt(running.build, 20_000, 20)).rejects.not.toThrow(/second step ran/);
    } finally {
      await running.stop();
    }
  });

  it('fails its waiters when it has not ended in time, and stops when asked', async () => {
    const running = startConsoleBuild([{ args: ['-e', 'setInterval(() => undefined, 1000)'] }]);
    await expect(consoleBuilt(running.build, 200, 20)).rejects.toThrow(/did not end within 0.2 s/);
    await running.stop();
  });
});
