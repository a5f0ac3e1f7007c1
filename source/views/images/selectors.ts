import {makeMatcher} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {FocusedList} from '../types.js';
import type {ImageRow} from './state.js';

// A row's key: an image with several tags has several rows with one ID.
export const rowKey = (row: ImageRow) => `${row.id} ${row.reference}`;

const filterImages = memoLast((items: readonly ImageRow[], filter: string) => {
  if (!filter) return items;
  const match = makeMatcher(filter);
  return items.filter(row => match(`${row.repository}:${row.tag}`) || match(row.shortId));
});

export const visibleImages = (state: AppState): readonly ImageRow[] =>
  filterImages(state.images.items, state.images.list.filter);

const keysOf = memoLast((rows: readonly ImageRow[]) => rows.map(rowKey));

export function selectedImage(state: AppState): ImageRow | undefined {
  return visibleImages(state)[state.images.list.cursor];
}

// Marked rows, else the selected one.
export function targetImages(state: AppState): ImageRow[] {
  const {marked} = state.images.list;
  if (marked.length) return state.images.items.filter(row => marked.includes(rowKey(row)));
  const row = selectedImage(state);
  return row ? [row] : [];
}

export function imagesList(state: AppState): FocusedList {
  return {
    ids: keysOf(visibleImages(state)),
    list: state.images.list,
    put: (s, list) => (list === s.images.list ? s : {...s, images: {...s.images, list}}),
  };
}
