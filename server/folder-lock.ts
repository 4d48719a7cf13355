// One Orders API process per orders folder, held by a `.lock` file naming its pid.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Takes the orders folder for this process, or throws naming the process that holds it: two writers
 * would split rate limits and idempotency records, and one's torn-tail repair could cut the other's
 * batch. A lock left by a process that died (kill -9) is taken over. Returns the release.
 */
export function lockFolder(dir: string): () => void {
  const file = join(dir, '.lock');
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder))
      throw new Error(`${dir} is in use by process ${holder}: one Orders API process per orders folder`);
    rmSync(file, { force: true });
  }
}

/** Whether a process with this pid is running. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
