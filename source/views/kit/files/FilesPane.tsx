import {counted} from '../../../text/plural.js';
import {Box, Text} from 'ink';
import {useEffect} from 'react';
import type {ChangeLine} from '../../../engine/container-files/changes.js';
import {LIST_LIMIT} from '../../../engine/container-files/file-entry.js';
import {makeMatcher} from '../../../store/list.js';
import {bytes} from '../../../text/format.js';
import {sanitizeLine} from '../../../text/sanitize.js';
import {OverlayBox, OVERLAY_FRAME, OVERLAY_FRAME_ROWS} from '../../OverlayBox.js';
import {useServices, useStore} from '../../use-store.js';
import {useTheme} from '../../use-theme.js';
import {ListTable} from '../ListBody.js';
import {shownFilter} from './reducer.js';
import type {FileChanges, FilesState, FileView} from './state.js';
import {filesTable} from './table.js';

// The files pane over the view: a directory (the kit's table), a file's first MiB, or the container's changes.
export function FilesPane({width, height}: {width: number; height: number}) {
  const files = useStore(state => state.files);
  const filter = useStore(shownFilter);
  const services = useServices();
  // Below the frame and the title: one line about what is shown, then the rows (a list's heading takes one).
  const rows = Math.max(1, height - OVERLAY_FRAME_ROWS - 2);
  const listRows = files?.mode === 'list' ? Math.max(1, rows - 1) : rows;
  // The reducer pages and scrolls by the rows drawn here (the view's own list rows are hidden under the pane).
  useEffect(() => {
    services.dispatch({type: 'files.rows', rows: listRows});
  }, [services, listRows]);
  if (!files) return null;
  const inner = Math.max(1, width - OVERLAY_FRAME);
  const where = `${files.name}:${files.mode === 'view' && files.view ? files.view.path : files.path}`;
  const title =
    files.mode === 'changes' ? `changes of ${files.name} against its image (docker diff)` : `files of ${where}`;
  return (
    <OverlayBox width={width} height={height} title={sanitizeLine(title)}>
      {files.mode === 'view' && files.view ? (
        <FileText view={files.view} files={files} width={inner} rows={rows} />
      ) : files.mode === 'changes' && files.changes ? (
        <Changes changes={files.changes} width={inner} rows={rows} />
      ) : (
        <>
          <Text wrap="truncate-end">{listingLine(files, filter)}</Text>
          <ListTable table={filesTable} width={inner} height={rows} />
        </>
      )}
    </OverlayBox>
  );
}

// What the directory line says: how many entries, the filter, and — read the slow way — why.
function listingLine(files: FilesState, filter: string): string {
  const listing = files.listing;
  if (!listing) return files.running ? ' ' : 'the container is not running: listings come from the engine’s archive';
  const count = listing.entries.length;
  const parts = [`${count}${listing.truncated ? '+' : ''} ${count === 1 ? 'entry' : 'entries'}`];
  if (listing.truncated) parts.push(`the first ${LIST_LIMIT} shown`);
  if (filter) parts.push(`filter: ${sanitizeLine(filter)}`);
  // The reason first: at 80 columns it is what stays on the line.
  if (listing.via === 'archive')
    parts.unshift(
      `${listing.slowReason ?? 'listing in the container failed'}: read from the engine's archive, which sends the whole subtree (slower)`,
    );
  return parts.join(' · ');
}

function FileText({view, files, width, rows}: {view: FileView; files: FilesState; width: number; rows: number}) {
  const theme = useTheme();
  const about = view.binary
    ? `a binary file of ${bytes(view.size)}: not shown (c copies it out)`
    : [
        `${bytes(view.size)}, ${counted(view.lines.length, 'line')}${view.truncated ? ' (the first MiB shown)' : ''}`,
        view.search ? `search: ${sanitizeLine(view.search)} (n / N)` : '',
        view.lines.length > rows ? `line ${view.scroll + 1}` : '',
      ]
        .filter(Boolean)
        .join(' · ');
  const matches = view.search ? makeMatcher(view.search) : undefined;
  const shown = view.lines.slice(view.scroll, view.scroll + rows);
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end" {...(files.error ? theme.error : theme.muted)}>
        {files.error ? sanitizeLine(files.error) : about}
      </Text>
      {shown.map((line, i) => (
        <Text key={view.scroll + i} wrap="truncate-end" {...(matches?.(line) ? theme.searchMatch : {})}>
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}

const KIND_ROLE = {A: 'success', C: 'warning', D: 'error'} as const;

function counts(below: NonNullable<ChangeLine['below']>): string {
  return (['A', 'C', 'D'] as const)
    .filter(kind => below[kind])
    .map(kind => `${below[kind]} ${kind}`)
    .join(', ');
}

function Changes({changes, width, rows}: {changes: FileChanges; width: number; rows: number}) {
  const theme = useTheme();
  const {A, C, D} = changes.totals;
  const shown = changes.lines.slice(changes.scroll, changes.scroll + rows);
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end" {...theme.muted}>
        {changes.lines.length
          ? `${A} added (A), ${C} changed (C), ${D} deleted (D)`
          : 'no changes: the container’s filesystem is as its image made it'}
      </Text>
      {shown.map(line => (
        <Text key={line.path} wrap="truncate-end">
          {'  '.repeat(line.depth)}
          {line.kind ? <Text {...theme[KIND_ROLE[line.kind]]}>{line.kind}</Text> : ' '} {sanitizeLine(line.name)}
          {line.below ? <Text {...theme.muted}>{`/  (${counts(line.below)} below)`}</Text> : null}
        </Text>
      ))}
    </Box>
  );
}
