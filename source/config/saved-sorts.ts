import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {dirname, isAbsolute, join} from 'node:path';

// What berth remembers between runs that is not configuration: how each list is sorted. A small JSON file next to
// the command log ($XDG_STATE_HOME/berth/ui-state.json); berth writes it, nobody needs to edit it.

export type SavedSort = {column: string; descending: boolean};

export function uiStatePath(env: NodeJS.ProcessEnv = process.env): string {
  // The XDG spec says to ignore a relative value, as if it were unset.
  const state =
    env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : join(homedir(), '.local', 'state');
  return join(state, 'berth', 'ui-state.json');
}

const isSort = (value: unknown): value is SavedSort =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SavedSort).column === 'string' &&
  typeof (value as SavedSort).descending === 'boolean';

// A missing, unreadable or malformed file is no sorts (and is written anew on the next change): a sort order is
// not worth a refusal to start.
export function loadSorts(file: string): Record<string, SavedSort> {
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as {sorts?: unknown};
    const sorts = typeof doc.sorts === 'object' && doc.sorts !== null ? doc.sorts : {};
    return Object.fromEntries(Object.entries(sorts).filter((entry): entry is [string, SavedSort] => isSort(entry[1])));
  } catch {
    return {};
  }
}

// Written whole to a .partial name, then renamed: a crash never leaves half a file. Failing to write (a read-only
// home) only loses the memory of the sort.
export function saveSorts(file: string, sorts: Readonly<Record<string, SavedSort>>): void {
  try {
    mkdirSync(dirname(file), {recursive: true, mode: 0o700});
    writeFileSync(`${file}.partial`, `${JSON.stringify({sorts}, null, 2)}\n`, {mode: 0o600});
    renameSync(`${file}.partial`, file);
  } catch {
    // See above.
  }
}
