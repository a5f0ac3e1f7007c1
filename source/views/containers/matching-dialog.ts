import type {ContainerOperation} from '../../engine/containers/operations.js';
import type {Confirmation} from '../../store/state.js';

// What f does in a dialog that removes containers: d's and :rm PATTERN's alike.
export const REMOVE_FORCE = {off: '  (f: force)', on: '  [force: running containers are killed]'};

export type PatternCommand = {
  name: string;
  operation: ContainerOperation;
  verb: string;
  force?: boolean;
  signal?: string;
};

export type Match = {id: string; name: string; state: string; engine?: string};

// `:stop web*` and its kin: the dialog lists every match (`named`: with its engine when several). :rm says
// whether it forces as d does, and f turns force on or off here too (:rm -f: on from the start).
export function matchingConfirmation(
  command: PatternCommand,
  pattern: string,
  matches: readonly Match[],
  named: (match: Match) => string,
): Confirmation {
  return {
    title: `${command.verb} ${matches.length} container${matches.length === 1 ? '' : 's'} matching "${pattern}"?`,
    targets: matches.map(m => `${named(m)}  (${m.state})`),
    ids: matches.map(m => m.id),
    names: matches.map(m => m.name),
    engines: matches.map(m => m.engine),
    owner: 'containers',
    operation: command.operation,
    ...(command.operation === 'remove' ? {force: command.force ?? false, forceLabels: REMOVE_FORCE} : {}),
    ...(command.signal ? {extra: {signal: command.signal}} : {}),
  };
}
