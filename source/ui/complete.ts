import type {AppState} from '../store/state.js';
import type {CommandSpec} from '../views/types.js';

// Tab in the : prompt: the first word completes to a command name (built-in or your own), later words to what
// the command says it takes (CommandSpec.complete: :compose's operations and projects), else to container names
// and image references. One match is completed with a space after it; several extend to their
// common start.
export function completeCommandLine(
  draft: string,
  cursor: number,
  commands: readonly CommandSpec[],
  state: AppState,
): {draft: string; cursor: number; candidates?: readonly string[]} {
  const before = draft.slice(0, cursor);
  const start = before.search(/\S*$/);
  const word = before.slice(start);
  const words = before.slice(0, start).trim().split(/\s+/).filter(Boolean);
  const first = words.length === 0;
  const own = first ? undefined : commands.find(command => command.name === words[0])?.complete;
  const candidates = first
    ? commands.map(command => command.name)
    : own
      ? [...own(state, words.length - 1, words.slice(1))]
      : names(state);
  const [match, ...others] = [...new Set(candidates.filter(name => name.startsWith(word)))].sort();
  if (match === undefined) return {draft, cursor};
  const completion = others.length === 0 ? `${match} ` : commonPrefix(match, others);
  // Nothing more in common: the candidates, for the status line (tab again after typing more).
  if (completion.length <= word.length) return {draft, cursor, candidates: [match, ...others]};
  const next = draft.slice(0, start) + completion + draft.slice(cursor);
  return {draft: next, cursor: start + completion.length};
}

function names(state: AppState): string[] {
  const slices = state;
  return [
    ...(slices.containers?.items.map(row => row.name) ?? []),
    ...(slices.images?.items.map(row => row.reference) ?? []),
  ];
}

function commonPrefix(first: string, others: readonly string[]): string {
  let prefix = first;
  for (const word of others) while (!word.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}
