import {expect, test} from 'vitest';
import {emptyList, relocate} from '../../../source/store/list.js';

// A list scrolled in a short viewport (a dialog open under the swarm view's list) showed one row above blank ones
// once the viewport grew again: it scrolls back as far as its rows fill the viewport.
test('a taller viewport brings back the rows scrolled away when there is room for them', () => {
  const ids = ['a', 'b', 'c'];
  const short = relocate({...emptyList(), cursor: 2, selectedId: 'c'}, ids, 1);
  expect(short.scrollTop).toBe(2);
  const tall = relocate(short, ids, 10);
  expect(tall).toMatchObject({cursor: 2, selectedId: 'c', scrollTop: 0});
  // A long list keeps its place (the cursor in view, no blank rows at its end).
  const many = Array.from({length: 50}, (_, i) => `r${i}`);
  const scrolled = relocate({...emptyList(), cursor: 45, selectedId: 'r45', scrollTop: 40}, many, 10);
  expect(scrolled.scrollTop).toBe(40);
  expect(relocate(scrolled, many, 20).scrollTop).toBe(30);
});
