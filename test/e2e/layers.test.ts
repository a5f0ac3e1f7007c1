import {afterAll, beforeAll, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {berthPerTest} from '../helpers/terminal.js';

// The layers pane at 80x24 on an image of known layers: one file rewritten (20 then 40 bytes), one deleted (30).
const DOCKERFILE = `FROM ${BUSYBOX}
RUN mkdir /data && printf %010d 0 > /data/keep.txt && printf %020d 0 > /data/over.txt && printf %030d 0 > /data/gone.txt
RUN printf %040d 0 > /data/over.txt
RUN rm /data/gone.txt
`;
const repository = uniqueName('berth-e2e-layers');
const berth = berthPerTest();

beforeAll(() => {
  docker(['build', '--network', 'none', '-q', '-t', `${repository}:v1`, '-'], DOCKERFILE);
}, 120_000);

afterAll(() => {
  docker(['rmi', '-f', `${repository}:v1`]);
});

test('l on an image: the layers, a layer’s files, the merged tree and the waste, at 80x24', async () => {
  const terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
  await terminal.waitFor(/API 1\.41/);
  terminal.type('2');
  await terminal.waitFor('REPOSITORY');
  terminal.type('/');
  terminal.type(repository);
  terminal.keys('Enter');
  await terminal.waitUntil(s => s.includes(repository) && !s.includes('berth-test/busybox'), 'the filtered list');
  terminal.type('l');
  const shown = await terminal.waitFor(/4 layers · .* · wasted 90B · efficiency/);
  expect(shown).toMatch(/ 4 +0B +0 +0 +1 RUN rm \/data\/gone.txt/);
  terminal.type('G');
  await terminal.waitFor('files of layer 4');
  expect(await terminal.waitFor(/- +gone\.txt +deleted/)).toContain('▾ data/');
  terminal.type('m');
  await terminal.waitFor('the merged tree');
  terminal.keys('Tab');
  terminal.type('j');
  terminal.type('l');
  const merged = await terminal.waitFor(/over\.txt +40B +L3/);
  expect(merged).toMatch(/keep\.txt +10B +L2/);
  expect(merged).not.toMatch(/gone\.txt +\d+B/);
  terminal.type('m');
  const waste = await terminal.waitFor(/60B +×2 +data\/over\.txt/);
  expect(waste).toMatch(/30B +×2 +data\/gone\.txt/);
  terminal.keys('Escape');
  await terminal.waitUntil(s => !s.includes('wasted:'), 'the pane closed');
});
