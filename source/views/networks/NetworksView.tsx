import {Box, Text} from 'ink';
import {memo} from 'react';
import {age, fit} from '../../text/format.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {useStore} from '../use-store.js';
import {usedByText} from '../volumes/VolumesView.js';
import {visibleNetworks} from './selectors.js';
import type {NetworkRow} from './state.js';

const FIXED = {id: 12, driver: 7, scope: 6, created: 7};

// The ID and SCOPE columns only where there is room for them (100 columns and up): at 80 the name, the whole
// subnet (192.168.128.0/20) and the users matter more.
function columns(width: number) {
  const wide = width >= 100;
  const id = wide ? FIXED.id + 1 : 0;
  const scope = wide ? FIXED.scope + 1 : 0;
  const rest = Math.max(24, width - 3 - (id + scope + FIXED.driver + FIXED.created) - 4);
  const name = Math.max(8, Math.floor(rest * (wide ? 0.35 : 0.45)));
  const subnet = 18;
  return {id, scope, name, subnet, used: Math.max(4, rest - name - subnet)};
}

type Cells = {name: string; id: string; driver: string; scope: string; created: string; subnet: string; used: string};

function line(cols: ReturnType<typeof columns>, cells: Cells): string {
  return [
    fit(cells.name, cols.name),
    ...(cols.id ? [fit(cells.id, FIXED.id)] : []),
    fit(cells.driver, FIXED.driver),
    ...(cols.scope ? [fit(cells.scope, FIXED.scope)] : []),
    fit(cells.created, FIXED.created),
    fit(cells.subnet, cols.subnet),
    fit(cells.used, cols.used),
  ].join(' ');
}

const Row = memo(function Row({
  row,
  selected,
  marked,
  cols,
  stale,
}: {
  row: NetworkRow;
  selected: boolean;
  marked: boolean;
  cols: ReturnType<typeof columns>;
  stale: boolean;
}) {
  const text = line(cols, {
    name: sanitizeLine(row.name),
    id: row.id.slice(0, 12),
    driver: sanitizeLine(row.driver),
    scope: sanitizeLine(row.scope),
    created: row.created === undefined ? '?' : age(row.created),
    subnet: sanitizeLine(row.subnet || '-'),
    used: sanitizeLine(usedByText(row)),
  });
  return (
    <Text inverse={selected} dimColor={stale || row.predefined} wrap="truncate-end">
      {selected ? '›' : ' '}
      {marked ? <Text color="magenta">*</Text> : ' '} {text.trimEnd()}
    </Text>
  );
});

// View 8: networks, their subnets and the containers connected to each; only the rows on screen rendered.
export function NetworksView({width, height}: {width: number; height: number}) {
  const rows = useStore(visibleNetworks);
  const list = useStore(state => state.networks.list);
  const loaded = useStore(state => state.networks.loaded);
  const stale = useStore(state => state.networks.stale);
  const error = useStore(state => state.networks.error);
  const total = useStore(state => state.networks.items.length);
  const cols = columns(width);
  const page = rows.slice(list.scrollTop, list.scrollTop + Math.max(1, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold dimColor wrap="truncate-end">
        {'   ' +
          line(cols, {
            name: 'NETWORK',
            id: 'ID',
            driver: 'DRIVER',
            scope: 'SCOPE',
            created: 'CREATED',
            subnet: 'SUBNET',
            used: 'USED BY',
          })}
      </Text>
      {!loaded ? <Text dimColor> loading networks…</Text> : null}
      {error ? <Text color="red"> networks: {sanitizeLine(error)}</Text> : null}
      {loaded && !error && rows.length === 0 ? (
        <Text dimColor>{total ? '  no network matches the filter (esc clears it)' : '  no networks here'}</Text>
      ) : null}
      {page.map((row, i) => (
        <Row
          key={row.id}
          row={row}
          selected={list.scrollTop + i === list.cursor}
          marked={list.marked.includes(row.id)}
          cols={cols}
          stale={stale}
        />
      ))}
    </Box>
  );
}
