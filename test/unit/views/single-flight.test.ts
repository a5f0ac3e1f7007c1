import {expect, test} from 'vitest';
import {singleFlight} from '../../../source/views/single-flight.js';

test('one load in flight; asks meanwhile make exactly one more, with the newest argument', async () => {
  const calls: number[] = [];
  let release: () => void = () => undefined;
  const load = singleFlight(async (n: number) => {
    calls.push(n);
    if (calls.length === 1) await new Promise<void>(resolve => (release = resolve));
  });
  const first = load(1);
  void load(2);
  void load(3);
  expect(calls).toEqual([1]);
  release();
  await first;
  await new Promise(resolve => setTimeout(resolve, 0));
  expect(calls).toEqual([1, 3]);
});
