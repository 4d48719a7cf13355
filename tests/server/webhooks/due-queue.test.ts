// The deliveries due now: oldest first, at most a share in flight per endpoint, an endpoint's own
// order kept, and those waiting aside still counted, found and removed.
import { describe, expect, it } from 'vitest';
import { DueQueue } from '../../../server/webhooks/due-queue.ts';

const task = (endpointId: string, n: number) => ({ endpointId, n });
const names = (tasks: Iterable<{ endpointId: string; n: number }>) =>
  [...tasks].map((t) => `${t.endpointId}${t.n}`);

/** Takes until nothing with room is left. */
function takeAll(queue: DueQueue<ReturnType<typeof task>>) {
  const taken = [];
  for (let t = queue.take(); t !== undefined; t = queue.take()) taken.push(t);
  return taken;
}

describe('DueQueue', () => {
  it('takes oldest first, at most its share of one endpoint, passing over the rest to others', () => {
    const queue = new DueQueue<ReturnType<typeof task>>(2);
    for (const t of [task('a', 1), task('a', 2), task('a', 3), task('a', 4), task('b', 1), task('a', 5)])
      queue.push(t);
    expect(names(takeAll(queue))).toEqual(['a1', 'a2', 'b1']);
    expect(queue.length).toBe(3);
    expect(names(queue)).toEqual(['a3', 'a4', 'a5']);
  });

  it("lets an endpoint's next delivery back in line as each of its own ends, in its order", () => {
    const queue = new DueQueue<ReturnType<typeof task>>(1);
    queue.push(task('a', 1));
    queue.push(task('a', 2));
    const [first] = takeAll(queue);
    queue.push(task('a', 3)); // behind a2, which waits aside
    queue.push(task('b', 1));
    expect(names(takeAll(queue))).toEqual(['b1']);
    if (first) queue.ended(first);
    expect(names(takeAll(queue))).toEqual(['a2']);
    expect(names(queue)).toEqual(['a3']);
  });

  it("keeps an endpoint's order when a later delivery of it is still in line as one aside comes back", () => {
    const queue = new DueQueue<ReturnType<typeof task>>(2);
    for (const t of [task('a', 1), task('a', 2), task('a', 3), task('b', 1), task('a', 4), task('a', 5)])
      queue.push(t);
    const [a1] = [queue.take(), queue.take()];
    expect(queue.take()).toMatchObject({ endpointId: 'b', n: 1 }); // a3 set aside, a4 and a5 still in line
    if (a1) queue.ended(a1);
    expect(names([queue.take()].flatMap((t) => t ?? []))).toEqual(['a3']);
    queue.push(task('a', 6));
    for (const t of [task('a', 2), task('a', 3)]) queue.ended(t);
    expect(names(takeAll(queue))).toEqual(['a4', 'a5']);
    expect(names(queue)).toEqual(['a6']);
  });

  it('finds and removes deliveries waiting aside as well as those in line', () => {
    const queue = new DueQueue<ReturnType<typeof task>>(1);
    for (const t of [task('a', 1), task('a', 2), task('b', 1), task('b', 2)]) queue.push(t);
    takeAll(queue);
    queue.push(task('c', 1));
    expect(queue.some((t) => t.endpointId === 'b' && t.n === 2)).toBe(true);
    expect(names(queue.remove((t) => t.endpointId !== 'c'))).toEqual(['a2', 'b2']);
    expect(names(queue)).toEqual(['c1']);
    expect(queue.length).toBe(1);
  });
});
