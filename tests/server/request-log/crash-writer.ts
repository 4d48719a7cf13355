// A process that logs requests until it is killed: `checkpoint N` once the first N are on disk.
import { FileRequestLog } from '../../../server/request-log/file-log.ts';
import { record } from './records.ts';

const [dir = '', checkpoint = '1000', maxBytes = String(1 << 20)] = process.argv.slice(2);
const log = await FileRequestLog.open({
  dir,
  maxBytes: Number(maxBytes),
  segmentBytes: 64 * 1024,
  flushMs: 5,
});
let n = 0;
for (; n < Number(checkpoint); n++) log.append(record(n));
await log.flushed();
console.log(`checkpoint ${n}`);
// Then log without pause until SIGKILL, a few hundred per turn of the event loop.
const more = () => {
  for (let i = 0; i < 200; i++) log.append(record(n++));
  setImmediate(more);
};
more();
