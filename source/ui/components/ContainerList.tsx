import {Box, Text} from 'ink';
import {memo} from 'react';
import type {ContainerRow} from '../../store/state.js';
import {visibleContainers} from '../../store/selectors.js';
import {useStore} from '../hooks/use-store.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {age, bytes, fit} from './format.js';

type Columns = {name: number; image: number; status: number; ports: number; created: number; size: number};

function columnsFor(width: number, showSize: boolean): Columns {
  const size = showSize ? 18 : 0;
  const rest = width - 2 - size;
  const created = rest >= 70 ? 6 : 0;
  const ports = rest >= 90 ? Math.min(24, Math.floor(rest * 0.2)) : 0;
  const status = Math.min(22, Math.max(10, Math.floor(rest * 0.22)));
  const name = Math.max(8, Math.floor((rest - created - ports - status) * 0.5));
  const image = Math.max(0, rest - created - ports - status - name);
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
  return (
    <Text inverse={selected} dimColor={stale} wrap="truncate-end">
      <Text color={stale ? undefined : stateColor(row.state)}>{glyph(row.state)}</Text>
      <Text color="magenta">{marked ? '*' : ' '}</Text>
      {text}
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
  const columns = columnsFor(width, showSize);
  const bodyHeight = Math.max(1, height - 1);
  const page = rows.slice(list.scrollTop, list.scrollTop + bodyHeight);
  const heading =
    '  ' +
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
