import {Box, Text} from 'ink';
import {memo} from 'react';
import {createdSince, humanSize} from '../../engine/images/units.js';
import {fit} from '../../text/format.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {useStore} from '../use-store.js';
import {rowKey, visibleImages} from './selectors.js';
import type {ImageRow} from './state.js';

const FIXED = {id: 12, created: 18, size: 8, shared: 8, used: 4};

function columns(width: number) {
  const rest = Math.max(20, width - 3 - (FIXED.id + FIXED.created + FIXED.size + FIXED.shared + FIXED.used + 5));
  const tag = Math.max(8, Math.floor(rest * 0.3));
  return {repository: rest - tag - 1, tag};
}

function line(
  cols: ReturnType<typeof columns>,
  cells: {repository: string; tag: string; id: string; created: string; size: string; shared: string; used: string},
): string {
  return [
    fit(cells.repository, cols.repository),
    fit(cells.tag, cols.tag),
    fit(cells.id, FIXED.id),
    fit(cells.created, FIXED.created),
    cells.size.padStart(FIXED.size),
    cells.shared.padStart(FIXED.shared),
    cells.used.padStart(FIXED.used),
  ].join(' ');
}

const Row = memo(function Row({
  row,
  selected,
  marked,
  cols,
  stale,
}: {
  row: ImageRow;
  selected: boolean;
  marked: boolean;
  cols: ReturnType<typeof columns>;
  stale: boolean;
}) {
  const text = line(cols, {
    repository: sanitizeLine(row.repository),
    tag: sanitizeLine(row.tag),
    id: row.shortId,
    created: createdSince(row.created),
    size: humanSize(row.size),
    shared: humanSize(row.sharedSize),
    used: String(row.containers),
  });
  return (
    <Text inverse={selected} dimColor={stale} wrap="truncate-end">
      {selected ? '›' : ' '}
      {marked ? <Text color="magenta">*</Text> : ' '} {text.trimEnd()}
    </Text>
  );
});

// View 2: one row per tag, newest first; only the rows on screen are rendered.
export function ImagesView({width, height}: {width: number; height: number}) {
  const rows = useStore(visibleImages);
  const list = useStore(state => state.images.list);
  const loaded = useStore(state => state.images.loaded);
  const stale = useStore(state => state.images.stale);
  const error = useStore(state => state.images.error);
  const total = useStore(state => state.images.items.length);
  const cols = columns(width);
  const page = rows.slice(list.scrollTop, list.scrollTop + Math.max(1, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold dimColor wrap="truncate-end">
        {'   ' +
          line(cols, {
            repository: 'REPOSITORY',
            tag: 'TAG',
            id: 'IMAGE ID',
            created: 'CREATED',
            size: 'SIZE',
            shared: 'SHARED',
            used: 'USED',
          })}
      </Text>
      {!loaded ? <Text dimColor> loading images…</Text> : null}
      {error ? <Text color="red"> images: {sanitizeLine(error)}</Text> : null}
      {loaded && !error && rows.length === 0 ? (
        <Text dimColor>{total ? '  no image matches the filter (esc clears it)' : '  no images here'}</Text>
      ) : null}
      {page.map((row, i) => (
        <Row
          key={rowKey(row)}
          row={row}
          selected={list.scrollTop + i === list.cursor}
          marked={list.marked.includes(rowKey(row))}
          cols={cols}
          stale={stale}
        />
      ))}
    </Box>
  );
}
