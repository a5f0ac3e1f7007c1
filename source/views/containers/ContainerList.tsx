import {Box, Text} from 'ink';
import {memo, useMemo} from 'react';
import {sanitizeLine} from '../../text/sanitize.js';
import {fitColumns} from '../../text/columns.js';
import {age, bytes, fit} from '../../text/format.js';
import {compactStatus} from '../../text/status.js';
import type {Usage} from '../../engine/stats/compute.js';
import {cpuText, memText} from './usage-text.js';
import {useStore} from '../use-store.js';
import {GLYPH} from '../kit/glyphs.js';
import {ListStatus} from '../kit/ListBody.js';

export const NOUN = {one: 'container', many: 'containers'};
import {visibleContainers} from './selectors.js';
import {containerKey} from '../kit/merge-engine-rows.js';
import {downEngines, severalEngines} from '../../store/engine-connections.js';

const GLYPH_ENGINE_DOWN = '×';
import type {ContainerRow} from './state.js';
import {useTheme} from '../use-theme.js';
import {styles} from '../../theme/index.js';

export type Columns = {
  engine: number;
  name: number;
  status: number;
  cpu: number;
  mem: number;
  image: number;
  ports: number;
  created: number;
  size: number;
};

const SIZE_WIDTH = 17;
const CPU_WIDTH = 6;
const MEM_WIDTH = 13;

// The widest value of each column over all rows (not just the visible ones, so columns do not jump while
// scrolling); columns are no wider than their content, which keeps rows short — every row the cursor enters
// or leaves is sent to the terminal again.
export function contentWidths(
  rows: readonly ContainerRow[],
): Record<'engine' | 'name' | 'status' | 'image' | 'ports', number> {
  const widths = {engine: 6, name: 4, status: 6, image: 5, ports: 0};
  for (const row of rows) {
    widths.engine = Math.max(widths.engine, row.engine?.length ?? 0);
    widths.name = Math.max(widths.name, row.name.length);
    widths.status = Math.max(widths.status, compactStatus(row.state, row.status).length);
    widths.image = Math.max(widths.image, row.image.length);
    widths.ports = Math.max(widths.ports, row.ports.length);
  }
  return widths;
}

// Name and status always show (how long up, how it exited: the engine's full text is in i); the size column
// when asked for; then image, ports and age while they fit, each dropped whole before the name is cut.
export function columnsFor(
  width: number,
  showSize: boolean,
  showStats: boolean,
  content: ReturnType<typeof contentWidths>,
  showEngine: boolean,
): Columns {
  const widths = fitColumns(width - 3, [
    {id: 'name', content: content.name, required: true},
    {id: 'status', content: content.status, required: true, max: 28},
    // Several engines: which one a row is on (the context's name) always shows, drawn first (ORDER); the name
    // is what gives way on a narrow terminal.
    ...(showEngine ? [{id: 'engine', content: content.engine, required: true, max: 16}] : []),
    ...(showStats
      ? [
          {id: 'cpu', content: CPU_WIDTH},
          {id: 'mem', content: MEM_WIDTH},
        ]
      : []),
    ...(showSize ? [{id: 'size', content: SIZE_WIDTH}] : []),
    {id: 'image', content: content.image, min: 12, max: 40},
    {id: 'ports', content: content.ports, max: 30},
    {id: 'created', content: 5},
  ]);
  return {
    engine: widths.engine ?? 0,
    name: widths.name,
    status: widths.status,
    cpu: widths.cpu ?? 0,
    mem: widths.mem ?? 0,
    image: widths.image ?? 0,
    ports: content.ports ? (widths.ports ?? 0) : 0,
    created: widths.created ?? 0,
    size: widths.size ?? 0,
  };
}

export const ORDER = ['engine', 'name', 'status', 'cpu', 'mem', 'size', 'image', 'ports', 'created'] as const;

function joinColumns(columns: Columns, cells: Record<(typeof ORDER)[number], string>): string {
  return ORDER.filter(id => columns[id] > 0)
    .map(id => (id === 'cpu' ? cells[id].padStart(columns[id]) : fit(cells[id], columns[id])))
    .join(' ');
}

const glyph = (state: string) => (state === 'running' ? '●' : state === 'paused' ? '‖' : '○');
const stateRole = (state: string, status: string) =>
  state === 'running'
    ? /\(unhealthy\)/i.test(status)
      ? 'unhealthy'
      : 'running'
    : state === 'exited' || state === 'dead'
      ? 'exited'
      : 'paused';

type Size = {rw?: number; rootFs?: number} | undefined;

const sizeText = (size: Size) => (size ? `${bytes(size.rw)} / ${bytes(size.rootFs)}` : '…');

const Row = memo(function Row({
  row,
  selected,
  marked,
  columns,
  stale,
  engineDown,
  size,
  usage,
}: {
  row: ContainerRow;
  selected: boolean;
  marked: boolean;
  columns: Columns;
  stale: boolean;
  engineDown: boolean;
  size: Size;
  usage?: Usage;
}) {
  const theme = useTheme();
  // The status ages from when the row was listed to this render ("Up 3 minutes"): reading the clock here is the
  // point, and every list refresh renders the row again.
  // eslint-disable-next-line react-hooks/purity -- the age is as of this render, on purpose (see above)
  const listedFor = row.listedAt ? (Date.now() - row.listedAt) / 1000 : 0;
  const text = joinColumns(columns, {
    engine: sanitizeLine(row.engine ?? ''),
    name: sanitizeLine(row.name),
    status: sanitizeLine(compactStatus(row.state, row.status, listedFor)),
    cpu: row.state === 'running' ? cpuText(usage) : '',
    mem: row.state === 'running' ? memText(usage) : '',
    size: sizeText(size),
    image: sanitizeLine(row.image),
    ports: sanitizeLine(row.ports),
    created: age(row.created),
  });
  // Trailing padding is left out: every byte of a row is sent again when the cursor enters or leaves it.
  const trimmed = text.trimEnd();
  return (
    <Text {...styles(selected && theme.selection, stale && theme.muted)} wrap="truncate-end">
      {/* The cursor is a character too: without colour (NO_COLOR, dumb terminals) inverse video is not drawn. */}
      {selected ? GLYPH.cursor : GLYPH.blank}
      {/* A row of an engine that is away: dim, and × where its state was (the state is no longer known). */}
      <Text {...(stale ? undefined : theme[stateRole(row.state, row.status)])}>
        {engineDown ? GLYPH_ENGINE_DOWN : glyph(row.state)}
      </Text>
      {marked ? <Text {...theme.marked}>{GLYPH.mark}</Text> : GLYPH.blank}
      {trimmed}
    </Text>
  );
});

// Only the rows on screen are rendered, so thousands of containers cost the same as twenty.
export function ContainerList({width, height}: {width: number; height: number}) {
  const rows = useStore(visibleContainers);
  const list = useStore(state => state.containers.list);
  const loaded = useStore(state => state.containers.loaded);
  const stale = useStore(state => state.containers.stale);
  const total = useStore(state => state.containers.items.length);
  const showSize = useStore(state => state.containers.showSize);
  const sizes = useStore(state => state.containers.sizes);
  const items = useStore(state => state.containers.items);
  const content = useMemo(() => contentWidths(items), [items]);
  // Stable between renders, so rows the cursor did not touch are not rendered again (an AGE of "12s" would
  // otherwise tick on every one of them and the whole list would be resent).
  const theme = useTheme();
  const showStats = useStore(state => state.containers.stats.on);
  const usage = useStore(state => state.containers.stats.usage);
  const showEngine = useStore(severalEngines);
  // Joined to a string so the selector stays a primitive.
  const down = useStore(state => downEngines(state).join('\u0000'));
  const downSet = useMemo(() => new Set(down ? down.split('\u0000') : []), [down]);
  const columns = useMemo(
    () => columnsFor(width, showSize, showStats, content, showEngine),
    [width, showSize, showStats, content, showEngine],
  );
  const bodyHeight = Math.max(1, height - 1);
  const page = rows.slice(list.scrollTop, list.scrollTop + bodyHeight);
  const heading =
    '   ' +
    joinColumns(columns, {
      engine: 'ENGINE',
      name: 'NAME',
      status: 'STATUS',
      cpu: 'CPU',
      mem: 'MEM',
      size: 'SIZE rw/total',
      image: 'IMAGE',
      ports: 'PORTS',
      created: 'AGE',
    });
  // Every row is a Text cut to the list's width (truncate-end), so only the height is clipped: a horizontal clip
  // made Ink slice every changed row again (ANSI-aware), a stats tick's rows among them.
  return (
    <Box flexDirection="column" width={width} height={height} overflowY="hidden">
      <Text bold {...theme.columnHeader} wrap="truncate-end">
        {heading}
      </Text>
      <ListStatus noun={NOUN} loaded={loaded} total={total} shown={rows.length} />
      {page.map((row, i) => (
        <Row
          key={containerKey(row)}
          row={row}
          selected={list.scrollTop + i === list.cursor}
          marked={list.marked.includes(containerKey(row))}
          columns={columns}
          stale={stale || (row.engine !== undefined && downSet.has(row.engine))}
          engineDown={row.engine !== undefined && downSet.has(row.engine)}
          size={sizes?.[row.id]}
          usage={showStats ? usage[row.id] : undefined}
        />
      ))}
    </Box>
  );
}
