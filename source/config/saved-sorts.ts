import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {dirname, isAbsolute, join} from 'node:path';

// What berth remembers between runs that is not configuration: how each list is sorted, each compose project's
// profiles. A small JSON file next to
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

// One part of the file (`sorts`, `composeProfiles`) as an object of entries that pass `valid`. A missing,
// unreadable or malformed file is nothing remembered (and is written anew on the next change): a sort order or a
// project's profiles are not worth a refusal to start.
export function loadUiState<Value>(file: string, part: string, valid: (value: unknown) => value is Value) {
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const entries = typeof doc[part] === 'object' && doc[part] !== null ? doc[part] : {};
    return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, Value] => valid(entry[1])));
  } catch {
    return {};
  }
}

export const loadSorts = (file: string): Record<string, SavedSort> => loadUiState(file, 'sorts', isSort);

// One part replaced, the others kept; written whole to a .partial name, then renamed: a crash never leaves half a
// file. Failing to write (a read-only home) only loses the memory of it.
export function saveUiState(file: string, part: string, value: unknown): void {
  try {
    let doc: Record<string, unknown> = {};
    try {
      const read = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (typeof read === 'object' && read !== null && !Array.isArray(read)) doc = read as Record<string, unknown>;
    } catch {
      // none yet, or broken: written anew
    }
    mkdirSync(dirname(file), {recursive: true, mode: 0o700});
    writeFileSync(`${file}.partial`, `${JSON.stringify({...doc, [part]: value}, null, 2)}\n`, {mode: 0o600});
    renameSync(`${file}.partial`, file);
  } catch {
    // See above.
  }
}

export const saveSorts = (file: string, sorts: Readonly<Record<string, SavedSort>>): void =>
  saveUiState(file, 'sorts', sorts);
