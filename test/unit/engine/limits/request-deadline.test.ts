import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import {expect, test} from 'vitest';
import {startDeadline} from '../../../../source/engine/limits/deadline.js';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const aborted = (signal: AbortSignal) =>
  new Promise<unknown>(resolve => signal.addEventListener('abort', () => resolve(signal.reason), {once: true}));

test('the deadline fires after a full collection (nothing but the request refers to its signal)', async () => {
  let fired = false;
  // Only a listener on the signal, as http.request registers one; the Deadline object itself is dropped.
  startDeadline(100).signal.addEventListener('abort', () => (fired = true));
  collect();
  await new Promise(resolve => setTimeout(resolve, 200));
  collect();
  expect(fired).toBe(true);
});

test('it ends with a TimeoutError and says it expired', async () => {
  const deadline = startDeadline(20);
  const reason = await aborted(deadline.signal);
  expect(reason).toMatchObject({name: 'TimeoutError'});
  expect(deadline.expired()).toBe(true);
});

test("the caller's signal ends it too (not counted as expiry), also one aborted before", async () => {
  const caller = new AbortController();
  const deadline = startDeadline(10_000, caller.signal);
  const reason = aborted(deadline.signal);
  caller.abort(new Error('closed'));
  expect(await reason).toMatchObject({message: 'closed'});
  expect(deadline.expired()).toBe(false);
  deadline.end();
  expect(startDeadline(10_000, caller.signal).signal.aborted).toBe(true);
});

test("answered() stops the clock but keeps the caller's signal; end() lets go of it", async () => {
  const caller = new AbortController();
  const deadline = startDeadline(30, caller.signal);
  deadline.answered();
  await new Promise(resolve => setTimeout(resolve, 60));
  expect(deadline.signal.aborted).toBe(false);
  caller.abort();
  expect(deadline.signal.aborted).toBe(true);

  const other = new AbortController();
  const ended = startDeadline(30, other.signal);
  ended.end();
  other.abort();
  await new Promise(resolve => setTimeout(resolve, 60));
  expect(ended.signal.aborted).toBe(false);
});
