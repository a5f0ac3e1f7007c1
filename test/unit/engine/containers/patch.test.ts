import {describe, expect, test} from 'vitest';
import {sortContainers, type ContainerRow} from '../../../../source/engine/containers/list.js';
import {patchContainers} from '../../../../source/engine/containers/patch.js';

const row = (name: string, state = 'exited'): ContainerRow => ({
  id: `id-${name}`,
  name,
  image: 'busybox',
  state,
  status: state,
  ports: '',
  created: 0,
});

describe('patchContainers', () => {
  const items = sortContainers([
    row('a', 'running'),
    row('c', 'running'),
    row('b'),
    row('d'),
    row('web-2'),
    row('web-10'),
  ]);

  test('a row that changed state moves to where a full sort puts it; the others stay the same objects', () => {
    const started = row('d', 'running');
    const patched = patchContainers(items, new Set([started.id]), [started]);
    const whole = sortContainers([...items.filter(r => r.name !== 'd'), started]);
    expect(patched.map(r => r.name)).toEqual(whole.map(r => r.name));
    expect(patched.filter(r => !items.includes(r))).toEqual([started]);
  });

  test('a row the engine no longer has is taken out; a new one comes in', () => {
    const created = row('web-3');
    const patched = patchContainers(items, new Set(['id-b', created.id]), [created]);
    const whole = sortContainers([...items.filter(r => r.name !== 'b'), created]);
    expect(patched.map(r => r.name)).toEqual(whole.map(r => r.name));
    expect(patched.map(r => r.name)).not.toContain('b');
  });

  test('an answer holding containers that were not asked for (a filter ignored) adds none of them', () => {
    const started = row('d', 'running');
    const patched = patchContainers(items, new Set([started.id]), [...items.filter(r => r.name !== 'd'), started]);
    expect(patched).toHaveLength(items.length);
    expect(new Set(patched.map(r => r.id)).size).toBe(items.length);
  });
});
