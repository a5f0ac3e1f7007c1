import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {splitEngineFilter} from './merge-engine-rows.js';
import type {Services} from '../types.js';

// Views that show one engine at a time when berth runs on several (3 compose, 6 swarm): `engine:NAME` in the
// view's filter picks the engine (the same words as the containers view's filter), kept in the view's slice until another is
// picked; the term leaves the filter once taken, so the filter stays about rows. With one engine nothing here
// applies and the views read as before.

export const engineNames = (state: Pick<AppState, 'engines'>): readonly string[] =>
  state.engines && state.engines.length > 1 ? state.engines.map(engine => engine.name) : [];

// What enter in the filter asked for: an engine (known or not) and the filter without the term.
export type EnginePick = {engine?: string; unknown?: string; rest: string};

export function pickFromFilter(filter: string, names: readonly string[]): EnginePick | undefined {
  if (!names.length) return undefined;
  const {engine, rest} = splitEngineFilter(filter);
  if (engine === undefined) return undefined;
  return names.includes(engine) ? {engine, rest} : {unknown: engine, rest};
}

// enter in the view's filter with engine:NAME (several engines): the view shows that engine from then on (`pick`
// makes the view's action); a name berth has no engine for says which there are. Either way the term leaves the
// filter.
export function takeEnginePick(
  services: Services,
  state: AppState,
  filter: string,
  pick: (engine: string | undefined, filter: string) => Action,
): void {
  const names = engineNames(state);
  const picked = pickFromFilter(filter, names);
  if (!picked) return;
  if (picked.unknown !== undefined) services.status(unknownEngineText(picked.unknown, names), 'error');
  services.dispatch(pick(picked.engine, picked.rest));
}

// One line: the name asked for and the engines there are (both may come from a config or a context: untrusted).
export const unknownEngineText = (unknown: string, names: readonly string[]): string =>
  sanitizeLine(
    `no engine "${unknown}" here: the engines are ${names.join(', ')} (/engine:NAME picks one)`.replace(/\s+/g, ' '),
  );

// The picked engine if it is one of berth's, else `fallback` (the view's default), else the first.
export function shownEngine(
  state: Pick<AppState, 'engines'>,
  picked: string | undefined,
  fallback?: (names: readonly string[]) => string | undefined,
): string | undefined {
  const names = engineNames(state);
  if (!names.length) return undefined;
  if (picked && names.includes(picked)) return picked;
  return fallback?.(names) ?? names[0];
}

// The line over the view that says which engine it shows and how to show another ("compose on bench").
export const engineTitle = (what: string, engine: string): string =>
  sanitizeLine(`${what} on ${engine} · /engine:NAME for another`);
