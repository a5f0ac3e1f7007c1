import {expect, test} from 'vitest';
import {emptyList, relocate} from '../../../source/store/list.js';

// A list scrolled in a short viewport (a dialog open under the swarm view's list) showed one row above blank ones
// once the viewport grew again: it scrolls back as far as its rows fill the viewport.
test('a taller viewport brings back the rows scrolled away when there is room for them', () => {
  const ids = ['a', 'b', 'c'];
  const short = relocate({...emptyList(), cursor: 2, selectedId: 'c', chosen: true}, ids, 1);
  expect(short.scrollTop).toBe(2);
  const tall = relocate(short, ids, 10);
  expect(tall).toMatchObject({cursor: 2, selectedId: 'c', scrollTop: 0});
  // A long list keeps its place (the cursor in view, no blank rows at its end).
  const many = Array.from({length: 50}, (_, i) => `r${i}`);
  const scrolled = relocate({...emptyList(), cursor: 45, selectedId: 'r45', scrollTop: 40, chosen: true}, many, 10);
  expect(scrolled.scrollTop).toBe(40);
  expect(relocate(scrolled, many, 20).scrollTop).toBe(30);
});

// A list read again is empty for a moment; a relocation then (a dialog closing resizes the view) kept nothing, and
// the registry's cursor jumped to the first tag after a retag.
test('an empty moment keeps the selected row, found again when the rows come back', () => {
  const selected = relocate({...emptyList(), cursor: 2, selectedId: 'c', chosen: true}, ['a', 'b', 'c'], 10);
  const empty = relocate(selected, [], 8);
  expect(empty).toMatchObject({cursor: 0, selectedId: 'c'});
  expect(relocate(empty, ['a', 'b', 'c', 'yy'], 8)).toMatchObject({cursor: 2, selectedId: 'c'});
});

// Several engines' lists arrive one after another: the row first on top before the others came was no choice, and
// the cursor stays on the first row until a key or a click puts it somewhere.
test('a cursor nobody moved stays on the first row as rows come in above it; a chosen one follows its row', () => {
  const first = relocate(emptyList(), ['second-a', 'second-b'], 10);
  expect(first).toMatchObject({cursor: 0, selectedId: 'second-a'});
  expect(relocate(first, ['bench-a', 'bench-b', 'second-a', 'second-b'], 10)).toMatchObject({
    cursor: 0,
    selectedId: 'bench-a',
  });
  const chosen = relocate({...first, chosen: true}, ['bench-a', 'bench-b', 'second-a', 'second-b'], 10);
  expect(chosen).toMatchObject({cursor: 2, selectedId: 'second-a'});
});
