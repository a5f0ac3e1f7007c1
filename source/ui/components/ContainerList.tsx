import {Box, Text} from 'ink';
import {memo, useMemo} from 'react';
import type {ContainerRow} from '../../store/state.js';
import {visibleContainers} from '../../store/selectors.js';
import {useStore} from '../hooks/use-store.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {age, bytes, fit} from './format.js';

type Columns = {name: number; image: number; status: number; ports: number; created: number; size: number};
type Widths = {name: number; image: number; status: number; ports: number};

// The widest value of each column over all rows (not just the visible ones, so columns do not jump while
// scrolling); columns are no wider than their content, which keeps rows short — every row the cursor enters
// or leaves is sent to the terminal again.
function contentWidths(rows: readonly ContainerRow[]): Widths {
  const widths = {name: 4, image: 5, status: 6, ports: 0};
  for (const row of rows) {
    widths.name = Math.max(widths.name, row.name.length);
    widths.image = Math.max(widths.image, row.image.length);
    widths.status = Math.max(widths.status, row.status.length);
    widths.ports = Math.max(widths.ports, row.ports.length);
  }
  return widths;
}

function columnsFor(width: number, showSize: boolean, content: Widths): Columns {
  const size = showSize ? 18 : 0;
  const rest = width - 3 - size;
  const created = rest >= 70 ? 6 : 0;
  const ports = rest >= 90 && content.ports ? Math.min(content.ports + 1, 24, Math.floor(rest * 0.2)) : 0;
  const status = Math.min(content.status + 1, 22, Math.max(10, Math.floor(rest * 0.22)));
  const room = rest - created - ports - status;
  // Name and image share what is left, each capped by its content; a short one leaves room to the other.
  let name = Math.min(content.name + 1, Math.max(8, Math.floor(room * 0.5)));
  const image = Math.min(content.image + 1, Math.max(0, room - name));
  name = Math.min(content.name + 1, Math.max(name, room - image));
  return {name, image, status, ports, created, size};
}

const glyph = (state: string) => (state === 'running' ? '●' : state === 'paused' ? '‖' : '○');
const stateColor = (state: string) => (state === 'running' ? 'green' : state === 'exited' || state === 'dead' ? 'gray' : 'yellow');

type Size = {rw?: number; rootFs?: number} | undefined;

const sizeText = (size: Size) => (size ? `${bytes(size.rw)} / ${bytes(size.rootFs)}` : '…');

const Row = memo(function Row({row, selected, marked, columns, stale, size}: {row: ContainerRow; selected: boolean; marked: boolean; columns: Columns; stale: boolean; size: Size}) {
  const text =
    fit(sanitizeLine(row.name), columns.name) +
    ' ' +
    fit(sanitizeLine(row.image), columns.image - 1) +
    ' ' +
    fit(sanitizeLine(row.status), columns.status - 1) +
    (columns.ports ? ' ' + fit(sanitizeLine(row.ports), columns.ports - 1) : '') +
    (columns.created ? ' ' + fit(age(row.created), columns.created - 1) : '') +
    (columns.size ? fit(sizeText(size), columns.size) : '');
  // Trailing padding is left out: every byte of a row is sent again when the cursor enters or leaves it.
  const trimmed = text.trimEnd();
  return (
    <Text inverse={selected} dimColor={stale} wrap="truncate-end">
      {/* The cursor is a character too: without colour (NO_COLOR, dumb terminals) inverse video is not drawn. */}
      {selected ? '›' : ' '}
      <Text color={stale ? undefined : stateColor(row.state)}>{glyph(row.state)}</Text>
      {marked ? <Text color="magenta">*</Text> : ' '}
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
  const columns = useMemo(() => columnsFor(width, showSize, content), [width, showSize, content]);
  const bodyHeight = Math.max(1, height - 1);
  const page = rows.slice(list.scrollTop, list.scrollTop + bodyHeight);
  const heading =
    '   ' +
    fit('NAME', columns.name) +
    ' ' +
    fit('IMAGE', columns.image - 1) +
    ' ' +
    fit('STATUS', columns.status - 1) +
    (columns.ports ? ' ' + fit('PORTS', columns.ports - 1) : '') +
    (columns.created ? ' ' + fit('AGE', columns.created - 1) : '') +
    (columns.size ? fit('SIZE rw / total', columns.size) : '');
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold dimColor wrap="truncate-end">
        {heading}
      </Text>
      {!loaded ? <Text dimColor>  loading containers…</Text> : null}
      {loaded && rows.length === 0 ? (
        <Text dimColor>{total ? '  no container matches the filter (esc clears it)' : '  no containers on this engine'}</Text>
      ) : null}
      {page.map((row, i) => (
        <Row
          key={row.id}
          row={row}
          selected={list.scrollTop + i === list.cursor}
          marked={list.marked.includes(row.id)}
          columns={columns}
          stale={stale}
          size={sizes?.[row.id]}
        />
      ))}
    </Box>
  );
}
