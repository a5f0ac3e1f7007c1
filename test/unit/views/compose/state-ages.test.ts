import {expect, test} from 'vitest';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {SERVICE_COLUMNS} from '../../../../source/views/compose/columns.js';
import type {ServiceRow} from '../../../../source/engine/compose/project.js';

// STATE ages as view 1's STATUS does: a container listed "Up 5 seconds" a minute ago is up a minute now (it stayed
// "up 5s" until the next engine event).
test("a service's STATE is aged from when its container was listed", () => {
  const now = Date.now();
  const container: ContainerRow = {
    id: 'c1',
    name: 'shop_web_1',
    image: 'busybox',
    state: 'running',
    status: 'Up 5 seconds',
    ports: '',
    created: 1,
    listedAt: now - 60_000,
  };
  const row: ServiceRow = {key: 'web', service: 'web', container};
  const state = SERVICE_COLUMNS.find(column => column.id === 'status');
  expect(state?.cell(row)).toBe('up 5s');
  expect(state?.live?.(row, undefined, now)).toBe('up 1m');
  const exited = {...row, container: {...container, state: 'exited', status: 'Exited (3) 5 seconds ago'}};
  expect(state?.live?.(exited, undefined, now)).toMatch(/^exited 3 · 1m ago$/);
  expect(state?.live?.({key: 'db', service: 'db'}, undefined, now)).toBe('not created');
});
