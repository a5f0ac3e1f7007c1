import {Box, Text} from 'ink';
import {memo} from 'react';
import {age, fit} from '../../text/format.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {useStore} from '../use-store.js';
import {visibleVolumes} from './selectors.js';
import type {VolumeRow} from './state.js';

const FIXED = {driver: 7, scope: 6, created: 7};

// Below 100 columns the mountpoint (a long path, in i) gives its room to the name and the users.
function columns(width: number) {
  const wide = width >= 100;
  const rest = Math.max(24, width - 3 - (FIXED.driver + FIXED.scope + FIXED.created) - (wide ? 5 : 4));
  const name = Math.max(8, Math.floor(rest * (wide ? 0.4 : 0.6)));
  const used = wide ? Math.max(8, Math.floor(rest * 0.3)) : rest - name;
  return {name, used, mountpoint: wide ? Math.max(4, rest - name - used) : 0};
}

type Cells = {name: string; driver: string; scope: string; created: string; used: string; mountpoint: string};

function line(cols: ReturnType<typeof columns>, cells: Cells): string {
  return [
    fit(cells.name, cols.name),
    fit(cells.driver, FIXED.driver),
    fit(cells.scope, FIXED.scope),
    fit(cells.created, FIXED.created),
    fit(cells.used, cols.used),
    ...(cols.mountpoint ? [fit(cells.mountpoint, cols.mountpoint)] : []),
  ].join(' ');
}

export const usedByText = (row: {usedBy: readonly {name: string}[]}) =>
  row.usedBy.length ? row.usedBy.map(user => user.name).join(',') : '-';

const Row = memo(function Row({
  row,
  selected,
  marked,
  cols,
  stale,
}: {
  row: VolumeRow;
  selected: boolean;
  marked: boolean;
  cols: ReturnType<typeof columns>;
  stale: boolean;
}) {
  const text = line(cols, {
    name: sanitizeLine(row.name),
    driver: sanitizeLine(row.driver),
    scope: sanitizeLine(row.scope),
    created: row.created === undefined ? '?' : age(row.created),
    used: sanitizeLine(usedByText(row)),
    mountpoint: sanitizeLine(row.mountpoint),
  });
  return (
    <Text inverse={selected} dimColor={stale} wrap="truncate-end">
      {selected ? '›' : ' '}
      {marked ? <Text color="magenta">*</Text> : ' '} {text.trimEnd()}
    </Text>
  );
});

// View 7: named and anonymous volumes, with the containers that mount each; only the rows on screen rendered.
export function VolumesView({width, height}: {width: number; height: number}) {
  const rows = useStore(visibleVolumes);
  const list = useStore(state => state.volumes.list);
  const loaded = useStore(state => state.volumes.loaded);
  const stale = useStore(state => state.volumes.stale);
  const error = useStore(state => state.volumes.error);
  const total = useStore(state => state.volumes.items.length);
  const cols = columns(width);
  const page = rows.slice(list.scrollTop, list.scrollTop + Math.max(1, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold dimColor wrap="truncate-end">
        {'   ' +
          line(cols, {
            name: 'VOLUME NAME',
            driver: 'DRIVER',
            scope: 'SCOPE',
            created: 'CREATED',
            used: 'USED BY',
            mountpoint: 'MOUNTPOINT',
          })}
      </Text>
      {!loaded ? <Text dimColor> loading volumes…</Text> : null}
      {error ? <Text color="red"> volumes: {sanitizeLine(error)}</Text> : null}
      {loaded && !error && rows.length === 0 ? (
        <Text dimColor>{total ? '  no volume matches the filter (esc clears it)' : '  no volumes here'}</Text>
      ) : null}
      {page.map((row, i) => (
        <Row
          key={row.name}
          row={row}
          selected={list.scrollTop + i === list.cursor}
          marked={list.marked.includes(row.name)}
          cols={cols}
          stale={stale}
        />
      ))}
    </Box>
  );
}
