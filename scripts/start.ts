// `npm start`: read the command line and check the workers' stores and the data folders first (a
// mistake is one line, before anything slow), simulate the default workspace if it is missing, build
// unless the build's inputs are unchanged since the last build (scripts/build-inputs.ts) and refuse
// to rebuild a build another running server serves, then serve on PORT (4321).
import { folderRefusal, servedBy } from '../server/folder-lock.ts';
import { serverCli } from '../server/server-args.ts';
import { engineUrls } from '../server/stores/select.ts';
import { workerCount, workersRefusal } from '../server/workers.ts';
import { runCli } from './lib/cli-args.ts';
import { ordersDir, requestLogDir } from '../src/node/live-views.ts';
import { buildInputsDigest, buildNeeded, forgetBuild, recordBuild } from './build-inputs.ts';
import { run } from './run.ts';

// Where `astro build` writes (server/main.ts serves ESTATE_DIST, the same folder unless a test moves it).
const distDir = 'dist';

/** Throws the one line that says why this server could not take its folders, if another holds one. */
async function refuseHeldFolders(): Promise<void> {
  if (engineUrls().databaseUrl) return;
  const folders = [ordersDir()];
  if (process.env.ESTATE_REQUEST_LOG !== 'off') folders.push(requestLogDir());
  for (const dir of folders) {
    const refusal = await folderRefusal(dir);
    if (refusal !== null) throw new Error(refusal);
  }
}

await runCli(serverCli, async () => {
  const refusal = workersRefusal(workerCount(process.argv.slice(2), process.env), engineUrls());
  if (refusal !== null) throw new Error(refusal);
  await refuseHeldFolders();
  run('node', ['scripts/ensure-data.ts']);
  const digest = await buildInputsDigest('.');
  if (process.env.ESTATE_REBUILD === '1' || buildNeeded(distDir, digest)) {
    // A build replaces the chunks a running server loads as it goes: its pages would fail.
    const serving = await servedBy(distDir);
    if (serving !== null)
      throw new Error(
        `The build in ${distDir}/ is out of date, and process ${serving} serves it: rebuilding would break that server's pages. Stop it first.`,
      );
    forgetBuild(distDir);
    run('npx', ['astro', 'build']);
    run('node', ['scripts/precompress.ts', distDir]);
    recordBuild(distDir, digest);
  } else
    console.log(`The build in ${distDir}/ is up to date with the sources and the workspace: serving it.`);
  await import('./serve.ts');
});
