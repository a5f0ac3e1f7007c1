import type {Usage} from '../../engine/stats/compute.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {age, bytes} from '../../text/format.js';
import {compactStatus} from '../../text/status.js';
import {withEngineColumn} from '../kit/across-engines.js';
import type {Column} from '../kit/columns.js';
import {containerKey} from '../kit/merge-engine-rows.js';
import {severalEngines} from '../../store/engine-connections.js';
import type {ContainerRow, ContainersState} from './state.js';
import {cpuText, memText} from './usage-text.js';

// What the live cells read besides the row: the latest stats sample and the sizes (`z`), per container ID, and what
// berth is doing to each container (by key).
export type Live = {
  usage: ContainersState['stats']['usage'];
  sizes: ContainersState['sizes'];
  busy: ContainersState['busy'];
};

const running = (row: ContainerRow) => row.state === 'running';
const usageOf = (row: ContainerRow, live: Live): Usage | undefined => (running(row) ? live.usage[row.id] : undefined);
const sizeText = (size: {rw?: number; rootFs?: number} | undefined) =>
  size ? `${bytes(size.rw)} / ${bytes(size.rootFs)}` : '…';

// NAME and STATUS always show (how long up, how it exited: the engine's full text is in i); the stats and size
// columns when asked for; then image, ports and age while they fit, each dropped whole before the name is cut.
const NAME: Column<ContainerRow, Live> = {id: 'name', title: 'NAME', cell: row => row.name, required: true};
const STATUS: Column<ContainerRow, Live> = {
  id: 'status',
  title: 'STATUS',
  // Measured with a cell to spare: the age it is drawn with grows by a digit (9s → 10s) before its unit changes.
  cell: row => `${compactStatus(row.state, row.status)} `,
  // `stopping…` while berth stops it; else the status, aged from when the row was listed to this render ("Up 3
  // minutes" listed a minute ago says 4m).
  live: (row, live, now) => {
    const busy = live.busy[containerKey(row)];
    return busy ? `${busy}…` : compactStatus(row.state, row.status, row.listedAt ? (now - row.listedAt) / 1000 : 0);
  },
  required: true,
  max: 28,
};
const CPU: Column<ContainerRow, Live> = {
  id: 'cpu',
  title: 'CPU',
  cell: () => '',
  live: (row, live) => (running(row) ? cpuText(usageOf(row, live)) : ''),
  width: 6,
  align: 'right',
  sort: (row, live) => usageOf(row, live)?.cpuPercent,
  descendingFirst: true,
};
const MEM: Column<ContainerRow, Live> = {
  id: 'mem',
  title: 'MEM',
  cell: () => '',
  live: (row, live) => (running(row) ? memText(usageOf(row, live)) : ''),
  width: 13,
  sort: (row, live) => usageOf(row, live)?.memory,
  descendingFirst: true,
};
const SIZE: Column<ContainerRow, Live> = {
  id: 'size',
  title: 'SIZE rw/total',
  cell: () => '',
  live: (row, live) => sizeText(live.sizes?.[row.id]),
  width: 17,
  sort: (row, live) => live.sizes?.[row.id]?.rw,
  descendingFirst: true,
};
const REST: readonly Column<ContainerRow, Live>[] = [
  {id: 'image', title: 'IMAGE', cell: row => row.image, min: 12, max: 40},
  {id: 'ports', title: 'PORTS', cell: row => row.ports, max: 30, hideEmpty: true},
  {
    id: 'created',
    title: 'AGE',
    cell: () => '',
    live: (row, _live, now) => age(row.created, now),
    width: 5,
    // By age: youngest first, as the column reads.
    sort: row => -row.created,
  },
];

// One array for each of the eight sets, made once: the list draws one set while `o` offers another (CPU and MEM),
// and a list's cells are cached per set (kit/table.ts), so a new array for the same set measured every row again
// (~250 ms at 100,000 rows each time the sort menu opened).
const columnSets = new Map<string, readonly Column<ContainerRow, Live>[]>();
function columnsOf(engines: boolean, stats: boolean, size: boolean): readonly Column<ContainerRow, Live>[] {
  const key = `${engines}${stats}${size}`;
  let columns = columnSets.get(key);
  if (!columns) {
    const plain = [NAME, STATUS, ...(stats ? [CPU, MEM] : []), ...(size ? [SIZE] : []), ...REST];
    // Several engines: which one a row is on (the context's name) always shows, drawn first; the name gives way.
    columns = engines ? withEngineColumn(plain) : plain;
    columnSets.set(key, columns);
  }
  return columns;
}

const liveOf = memoLast((usage: Live['usage'], sizes: Live['sizes'], busy: Live['busy']): Live => ({
  usage,
  sizes,
  busy,
}));
const NO_USAGE: Live['usage'] = {};

// The containers view's columns now: ENGINE with several engines, CPU and MEM with the stats on, SIZE with `z`.
export const containerColumns = (state: AppState) =>
  columnsOf(severalEngines(state), state.containers.stats.on, state.containers.showSize);

// What `o` offers: CPU and MEM whether the stats are on or not (picking one turns them on, containers/reducer.ts).
export const containerSortColumns = (state: AppState) =>
  columnsOf(severalEngines(state), true, state.containers.showSize);

// What the live cells (and the CPU, MEM and SIZE sort keys) read now.
export const containerLive = (state: AppState) =>
  liveOf(
    state.containers.stats.on ? state.containers.stats.usage : NO_USAGE,
    state.containers.sizes,
    state.containers.busy,
  );
