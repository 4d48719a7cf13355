// `npm start`: simulate the default workspace if it is missing, build, then serve on PORT (4321).
import { run } from './run.ts';

run('node', ['scripts/ensure-data.ts']);
run('npx', ['astro', 'build']);
await import('./serve.ts');
