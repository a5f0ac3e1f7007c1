import {expect, test} from 'vitest';
import {compareContainers} from '../../../../source/engine/containers/rows.js';
import {compareVolumeRows} from '../../../../source/engine/volumes/volumes.js';

// The default order of view 1 (running first, then by name) reads numbers in names by value, as sorting by NAME does.
test('ut1-web-2 comes before ut1-web-10, running first', () => {
  const rows = ['ut1-web-10', 'ut1-web-2', 'ut1-web-1', 'ut1-db-10', 'ut1-db-9'].map((name, i) => ({
    name,
    state: i === 4 ? 'exited' : 'running',
  }));
  expect(rows.sort(compareContainers).map(row => row.name)).toEqual([
    'ut1-db-10',
    'ut1-web-1',
    'ut1-web-2',
    'ut1-web-10',
    'ut1-db-9',
  ]);
});

test('volumes by name the same way', () => {
  const names = ['data-10', 'data-2'].map(name => ({name}) as Parameters<typeof compareVolumeRows>[0]);
  expect(names.sort(compareVolumeRows).map(row => row.name)).toEqual(['data-2', 'data-10']);
});
