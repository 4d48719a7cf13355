import { spawnSync } from 'node:child_process';

/** Runs a command with inherited stdio and exits with its code if it fails. */
export function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
