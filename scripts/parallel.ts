// Runs shell commands side by side (`npm test`'s static checks: each is one single-threaded process,
// and CI has two cores) and prints each one's output whole when it ends, headed by the command, its
// time and its exit status. Exits 1 if any command failed, 2 on bad usage.
//   node scripts/parallel.ts "eslint ." "prettier --check ." ...
import { spawn } from 'node:child_process';

/** How one command ended: its exit code (null if a signal ended it) and everything it printed. */
interface CommandResult {
  command: string;
  code: number | null;
  output: string;
  seconds: number;
}

/** Runs `command` in a shell, stdout and stderr collected together in the order they arrive. */
function runCommand(command: string): Promise<CommandResult> {
  const started = performance.now();
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((done) => {
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) =>
      done({
        command,
        code,
        output: Buffer.concat(chunks).toString('utf8'),
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}

const commands = process.argv.slice(2);
if (commands.length === 0 || commands.includes('--help')) {
  process.stderr.write('usage: node scripts/parallel.ts "<command>" ["<command>" ...]\n');
  process.exit(commands.length === 0 ? 2 : 0);
}
let failed = false;
await Promise.all(
  commands.map(async (command) => {
    const result = await runCommand(command);
    failed ||= result.code !== 0;
    const status = result.code === 0 ? 'ok' : `failed (exit ${result.code ?? 'by signal'})`;
    process.stdout.write(`\n> ${command}: ${status} in ${result.seconds.toFixed(1)} s\n${result.output}`);
  }),
);
process.exit(failed ? 1 : 0);
