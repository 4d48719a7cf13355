// `npm run preview`, and the last step of `npm start`: the production server with its V8 flags.
import { serverNodeFlags } from '../server/node-flags.ts';
import { run } from './run.ts';

run('node', [...serverNodeFlags, 'server/main.ts', ...process.argv.slice(2)]);
