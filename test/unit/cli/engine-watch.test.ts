import {afterEach, expect, test, vi} from 'vitest';
import {watchEngine} from '../../../source/cli/engine-watch.js';

afterEach(() => vi.useRealTimers());

function watched(answering: () => boolean, answers: () => number) {
  const said: string[] = [];
  let pings = 0;
  const stop = watchEngine({
    url: 'tcp://h:2376',
    ping: async () => {
      pings++;
      if (!answering()) throw Object.assign(new Error('read ECONNRESET'), {code: 'ECONNRESET'});
    },
    lastAnswer: answers,
    say: line => said.push(line),
  });
  return {said, pings: () => pings, stop};
}

test('while answers come the engine is not asked; when they stop it is, the loss and the return said once each', async () => {
  vi.useFakeTimers();
  let up = true;
  let last = Date.now();
  const watch = watched(
    () => up,
    () => last,
  );
  for (let second = 0; second < 5; second++) {
    last = Date.now();
    await vi.advanceTimersByTimeAsync(1000);
  }
  expect(watch.pings()).toBe(0);
  up = false;
  await vi.advanceTimersByTimeAsync(10_000);
  expect(watch.said).toEqual([
    expect.stringMatching(
      /^\d\d:\d\d:\d\d engine tcp:\/\/h:2376: connection lost \(ECONNRESET\): .*; retrying every 1 s and going on when it is back \(ctrl-c to stop\)$/,
    ),
  ]);
  up = true;
  await vi.advanceTimersByTimeAsync(1000);
  expect(watch.said[1]).toMatch(/^\d\d:\d\d:\d\d engine tcp:\/\/h:2376 is back after \d+ s; going on$/);
  const pings = watch.pings();
  // Back and quiet (no container to sample): asked again only every few seconds, and nothing more said.
  await vi.advanceTimersByTimeAsync(9000);
  expect(watch.pings() - pings).toBeLessThanOrEqual(3);
  expect(watch.said).toHaveLength(2);
  watch.stop();
});
