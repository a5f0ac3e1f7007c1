import {describe, expect, test} from 'vitest';
import {sortContainers, type ContainerRow} from '../../../../source/engine/containers/rows.js';
import {eventNames, patchContainers, rowLookup} from '../../../../source/engine/containers/patch.js';
import {changesSince} from '../../../../source/util/row-changes.js';

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
  const current = (id: string) => items.find(r => r.id === id);

  test('a row that changed state moves to where a full sort puts it; the others stay the same objects', () => {
    const started = row('d', 'running');
    const patched = patchContainers(items, new Set([started.id]), [started], current);
    const whole = sortContainers([...items.filter(r => r.name !== 'd'), started]);
    expect(patched.map(r => r.name)).toEqual(whole.map(r => r.name));
    expect(patched.filter(r => !items.includes(r))).toEqual([started]);
  });

  test('a row the engine no longer has is taken out; a new one comes in', () => {
    const created = row('web-3');
    const patched = patchContainers(items, new Set(['id-b', created.id]), [created], current);
    const whole = sortContainers([...items.filter(r => r.name !== 'b'), created]);
    expect(patched.map(r => r.name)).toEqual(whole.map(r => r.name));
    expect(patched.map(r => r.name)).not.toContain('b');
  });

  test('an answer holding containers that were not asked for (a filter ignored) adds none of them', () => {
    const started = row('d', 'running');
    const patched = patchContainers(
      items,
      new Set([started.id]),
      [...items.filter(r => r.name !== 'd'), started],
      current,
    );
    expect(patched).toHaveLength(items.length);
    expect(new Set(patched.map(r => r.id)).size).toBe(items.length);
  });

  test('the patched list says which rows left and came, where (for the views to follow those rows alone)', () => {
    const started = row('d', 'running');
    const patched = patchContainers(items, new Set([started.id]), [started], current);
    const changes = changesSince(items, patched);
    expect(changes?.splices).toEqual([
      {index: 3, removed: current('id-d')},
      {index: 2, added: started},
    ]);
  });

  test('an index that does not match the list (a row not where it says) patches by going over every row', () => {
    const started = row('d', 'running');
    const stranger = {...row('d'), status: 'not in the list'};
    const patched = patchContainers(items, new Set([started.id]), [started], () => stranger);
    const whole = sortContainers([...items.filter(r => r.name !== 'd'), started]);
    expect(patched.map(r => r.name)).toEqual(whole.map(r => r.name));
    expect(changesSince(items, patched)).toBeUndefined();
  });
});

describe('rowLookup: the row of a container an event named, without an index of every row', () => {
  const items = sortContainers([row('a', 'running'), row('c', 'paused'), row('b'), row('d'), row('web-2')]);
  const byId = (id: string) => items.find(r => r.id === id);

  test('by the name its event gave, whatever its state in the list', () => {
    const find = rowLookup(
      items,
      new Map([
        ['id-c', ['c']],
        ['id-d', ['d']],
        ['id-a', ['a']],
      ]),
      [],
    );
    for (const id of ['id-a', 'id-c', 'id-d']) expect(find(id)).toBe(byId(id));
  });

  test("by a rename's old name, or by the name the engine answers with", () => {
    const renamed = {...row('b-new'), id: 'id-b'};
    const attributes = {name: 'b-new', oldName: '/b'};
    expect(eventNames(attributes)).toEqual(['b-new', 'b']);
    expect(rowLookup(items, new Map([['id-b', eventNames(attributes)]]), [renamed])('id-b')).toBe(byId('id-b'));
    expect(rowLookup(items, new Map([['id-d', []]]), [{...row('d', 'running')}])('id-d')).toBe(byId('id-d'));
  });

  test('a container its names do not find is looked for in every row, unless its events created it', () => {
    expect(rowLookup(items, new Map([['id-new', ['new']]]), [], new Set(['id-new']))('id-new')).toBeUndefined();
    expect(rowLookup(items, new Map([['id-new', ['new']]]), [])('id-new')).toBeUndefined();
    expect(rowLookup(items, new Map([['id-web-2', []]]), [])('id-web-2')).toBe(byId('id-web-2'));
    // Podman's rename event names only the new name, which the list does not hold yet.
    const renamed = {...row('zzz-new', 'running'), id: 'id-b'};
    expect(rowLookup(items, new Map([['id-b', ['zzz-new']]]), [renamed])('id-b')).toBe(byId('id-b'));
    expect(
      patchContainers(
        items,
        new Set(['id-b']),
        [renamed],
        rowLookup(items, new Map([['id-b', ['zzz-new']]]), [renamed]),
      ).filter(r => r.id === 'id-b'),
    ).toEqual([renamed]);
  });
});
