// The cursor's keys made on demand (source/views/kit/lazy-keys.ts) answer as the array of every row's key would.
import {expect, test} from 'vitest';
import {containerKey, type ContainerRow} from '../../../../source/engine/containers/rows.js';
import {lazyKeys} from '../../../../source/views/kit/lazy-keys.js';

const row = (id: string, engine?: string) => ({id, engine}) as ContainerRow;

test('at and indexOf give what the array of keys gives, with one engine and with several', () => {
  const keysOf = lazyKeys(containerKey, (r: ContainerRow, key: string) => key.endsWith(r.id));
  // Same IDs on two engines, and an ID that ends another's.
  const rows = [row('abc', 'one'), row('abc', 'two'), row('bc', 'one'), row('c'), row('xc', 'one/x')];
  const keys = keysOf(rows);
  const array = rows.map(containerKey);
  expect(keys.length).toBe(array.length);
  for (let i = -1; i <= rows.length; i++) expect(keys.at(i)).toBe(array.at(i));
  for (const key of [...array, 'abc', 'three/abc', 'one/c', 'c/one', '', 'x/abc'])
    expect(keys.indexOf(key)).toBe(array.indexOf(key));
  expect(keysOf(rows)).toBe(keys);
  expect(keysOf([...rows])).not.toBe(keys);
  expect(keysOf([]).at(0)).toBeUndefined();
});
