import {compareImages, listImages, sharedSizes, withSharedSizes, type ImageRow} from '../../engine/images/list.js';
import {createdSince, humanSize} from '../../engine/images/units.js';
import {engineList} from '../kit/engine-list.js';
import {engineOf} from '../kit/across-engines.js';
import {compareText} from '../../text/compare.js';

// A row's key: an image with several tags has several rows with one ID.
export const rowKey = (row: ImageRow) => `${row.id} ${row.reference}`;

// Newest first, as engine/ lists one engine's; across engines one image's tags on one engine stay together (the
// same image on two engines: first one engine's tags, then the other's).
export const compareImageRowsAcross = (a: ImageRow, b: ImageRow): number =>
  compareImages(a, b) || compareText(engineOf(a) ?? '', engineOf(b) ?? '') || compareText(a.reference, b.reference);

// The images view's list: one row per tag, newest first.
export const imagesList = engineList<ImageRow>({
  id: 'images',
  noun: {one: 'image', many: 'images'},
  slice: state => state.images,
  put: (state, images) => ({...state, images: {...state.images, ...images}}),
  key: rowKey,
  filterText: row => [`${row.repository}:${row.tag}`, row.shortId],
  columns: [
    {id: 'repository', title: 'REPOSITORY', cell: row => row.repository, required: true, max: 60},
    {id: 'tag', title: 'TAG', cell: row => row.tag, required: true, max: 30},
    {id: 'id', title: 'IMAGE ID', cell: row => row.shortId, required: true},
    {
      id: 'created',
      title: 'CREATED',
      cell: row => createdSince(row.created),
      // By age: newest first, as "5 hours ago" reads.
      sort: row => -row.created,
      // Room goes to SIZE first: one row reading "About a minute ago" (4 cells wider than the rest) cuts this
      // column rather than drops SIZE.
      priority: 4.5,
      min: 11,
    },
    {
      id: 'size',
      title: 'SIZE',
      cell: row => humanSize(row.size),
      align: 'right',
      sort: row => row.size,
      descendingFirst: true,
    },
    {
      id: 'shared',
      title: 'SHARED',
      cell: row => humanSize(row.sharedSize),
      align: 'right',
      sort: row => row.sharedSize,
      descendingFirst: true,
    },
    {
      id: 'used',
      title: 'USED',
      cell: row => String(row.containers),
      align: 'right',
      sort: row => row.containers,
      descendingFirst: true,
    },
  ],
  order: compareImageRowsAcross,
  fetch: (client, state) =>
    listImages(client.docker, client.api, {all: state.images.all, dangling: state.images.dangling}),
  // a or D pressed meanwhile: this answer is to the question before.
  sameQuestion: (asked, now) => asked.images.all === now.images.all && asked.images.dangling === now.images.dangling,
  // The SHARED column fills in behind (on API 1.41 only /system/df knows it, and it walks every layer).
  // With several engines, per engine: only its rows take its sizes, if they are still the ones in the list.
  async afterLoad(services, client, items) {
    const shared = await sharedSizes(client.docker, client.api).catch(() => undefined);
    const engine = items[0] && engineOf(items[0]);
    const now = services.store.get().images.items;
    if (!shared || services.engine(engine)?.client !== client) return;
    const listed = new Set(now);
    if (now !== items && (engine === undefined || !items.every(row => listed.has(row)))) return;
    const mine = new Set(items);
    services.dispatch({
      type: 'images.loaded',
      items: withSharedSizes(now, shared, row => mine.has(row)),
    });
  },
  events: ['image'],
});

export const selectedImage = imagesList.selected;
export const targetImages = imagesList.targets;
