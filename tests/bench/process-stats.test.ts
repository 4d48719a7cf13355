// The benchmark's CPU accounting over a set of processes that changes while it is measured: one
// that starts counts whole, one that ends is left out instead of spoiling the sum (the orders
// bench's engine column read NaN when Postgres ended a backend mid-round).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cpuByPid, cpuSince, median } from '../../bench/process-stats.ts';

/** A process that spins until it has used `ms` of CPU, says so, then waits to be killed. */
async function spinner(ms: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [
    '-e',
    `const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
     while (used() < ${ms}); console.log('spun'); setInterval(() => {}, 1000);`,
  ]);
  await once(child.stdout, 'data');
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill();
  await exited;
}

describe.runIf(process.platform === 'linux')('cpuSince', () => {
  it('counts a process started since whole, and leaves out one that ended', async () => {
    const ending = await spinner(0);
    const before = cpuByPid([ending.pid!]);
    expect(before.has(ending.pid!)).toBe(true);
    await stop(ending);
    const started = await spinner(300);
    const used = cpuSince(before, [ending.pid!, started.pid!]);
    await stop(started);
    expect(used).not.toBeNull();
    // At least what it spun (the clock ticks of /proc are 10 ms).
    expect(used!).toBeGreaterThanOrEqual(290);
  });

  it('is null when no process can be read, and 0 for no process (a server without engines)', () => {
    expect(cpuSince(new Map(), [2 ** 22 + 1])).toBeNull();
    expect(cpuSince(new Map(), [])).toBe(0);
  });
});

describe('median', () => {
  it('takes the middle figure, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
