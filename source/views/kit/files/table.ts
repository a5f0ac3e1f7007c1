import {modeString, type FileEntry} from '../../../engine/container-files/file-entry.js';
import type {ListState} from '../../../store/list.js';
import {emptyList} from '../../../store/list.js';
import type {AppState} from '../../../store/state.js';
import {memoLast} from '../../../store/memo.js';
import type {FilesState} from './state.js';
import {bytes} from '../../../text/format.js';
import type {Column} from '../columns.js';
import type {ListMessage} from '../messages.js';
import {table} from '../table.js';
import {visibleEntries} from './reducer.js';

// "2026-11-29 01:12", in the local time zone, as ls -l prints a recent date (no seconds: the column stays narrow).
export function modified(seconds: number): string {
  const date = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

const KIND_WORDS: Record<FileEntry['kind'], string> = {
  file: 'file',
  directory: 'dir',
  symlink: 'link',
  char: 'char',
  block: 'block',
  fifo: 'fifo',
  socket: 'socket',
  other: 'other',
};

const COLUMNS: readonly Column<FileEntry>[] = [
  {
    id: 'name',
    title: 'NAME',
    cell: entry => (entry.kind === 'directory' ? `${entry.name}/` : entry.name),
    required: true,
    min: 12,
    max: 40,
  },
  {id: 'type', title: 'TYPE', cell: entry => KIND_WORDS[entry.kind], width: 6},
  {
    id: 'size',
    title: 'SIZE',
    cell: entry => (entry.kind === 'file' ? bytes(entry.size) : ''),
    width: 7,
    align: 'right',
  },
  {id: 'mode', title: 'MODE', cell: entry => modeString(entry.kind, entry.mode), width: 10},
  {id: 'owner', title: 'OWNER', cell: entry => `${entry.owner}:${entry.group}`, max: 17, priority: 6},
  {id: 'mtime', title: 'MODIFIED', cell: entry => modified(entry.mtime), width: 16, priority: 5},
  {
    id: 'target',
    title: 'LINK TARGET',
    cell: entry => (entry.linkTarget === undefined ? '' : `→ ${entry.linkTarget}`),
    hideEmpty: true,
    min: 8,
    // Before the owner and the time: a link is read by where it leads.
    priority: 4,
  },
];

const noList = emptyList();

// Memoised on its inputs: the table's message is read by a store selector, which must see the same object.
const messageOf = memoLast(
  (
    error: string | undefined,
    loading: FilesState['loading'],
    total: number | undefined,
    shown: number,
  ): ListMessage | undefined => {
    if (error) return {text: error, tone: 'error'};
    if (loading)
      return {
        text: `${loading.what}…${loading.bytes ? ` ${bytes(loading.bytes)} of the archive read (esc cancels)` : ''}`,
        tone: 'dim',
      };
    if (total === undefined || shown) return undefined;
    return total
      ? {text: 'no name matches the filter (esc clears it)', tone: 'dim'}
      : {text: 'an empty directory', tone: 'dim'};
  },
);

const message = (state: AppState): ListMessage | undefined =>
  messageOf(
    state.files?.error,
    state.files?.loading,
    state.files?.listing?.entries.length,
    visibleEntries(state).length,
  );

// The pane's directory as a kit table: the columns give way on a narrow terminal (owner, then time go first).
export const filesTable = table<FileEntry>({
  id: 'files',
  rows: visibleEntries,
  columns: () => COLUMNS,
  list: (state): ListState => state.files?.list ?? noList,
  key: entry => entry.name,
  message,
});
