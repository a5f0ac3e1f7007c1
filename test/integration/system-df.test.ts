import {afterAll, beforeAll, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {systemDf} from '../../source/engine/system-df.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv} from '../helpers/bench.js';

// Engine 20.10 (the bench's) answers a concurrent /system/df with HTTP 500 "a disk usage operation is already
// running": the images list, a prune preview and the engine view used to collide on it.
let one: EngineClient;
let other: EngineClient;
beforeAll(async () => {
  one = await connectEngine(resolveEngineTarget({}, benchEnv()));
  other = await connectEngine(resolveEngineTarget({}, benchEnv()));
});
afterAll(() => {
  one?.close();
  other?.close();
});

test('concurrent asks from one client share a request; another client waiting on the engine retries', async () => {
  const first = systemDf(one.docker);
  expect(systemDf(one.docker)).toBe(first);
  const answers = (await Promise.all([
    first,
    systemDf(one.docker, {types: ['image']}),
    ...Array.from({length: 8}, () => systemDf(other.docker)),
  ])) as {Images?: unknown[] | null}[];
  for (const answer of answers) expect(Array.isArray(answer.Images)).toBe(true);
});
