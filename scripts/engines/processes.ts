// Processes as Linux's /proc shows them: a process's children (a primary's workers, a postmaster's
// backends), and signals to processes that may have exited meanwhile.
import { readFileSync, readdirSync } from 'node:fs';

/** The pids of the processes whose parent is `parent`, from /proc (empty off Linux). */
export function childPids(parent: number): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat, after the parenthesised command name, is the parent's pid.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Sends `name` to `pid`; a process that exited since /proc was read (ESRCH) needs nothing more. */
export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
