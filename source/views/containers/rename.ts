// :rename NEW (the selected container) or :rename CONTAINER NEW, as docker rename: the name checked as docker checks
// it before anything is sent, then a dialog naming the container and its new name.
import {containerNameProblem, renameContainer} from '../../engine/containers/change.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {errorMessage} from '../../errors.js';
import type {Confirmation} from '../../store/state.js';
import {askToConfirm} from '../kit/actions.js';
import {confirmedTargets} from '../kit/targets.js';
import type {CommandSpec, Services} from '../types.js';
import {label, several} from './label.js';
import {selectedContainer} from './selectors.js';

export const RENAME_COMMAND: CommandSpec = {
  name: 'rename',
  usage: ':rename [CONTAINER] NEW',
  changes: true,
  run(services, args) {
    if (!args.length || args.length > 2) throw new Error('give the new name (of the selected container)');
    const state = services.store.get();
    const [first = '', second] = args;
    const row =
      second === undefined
        ? selectedContainer(state)
        : (state.containers.items.find(c => c.name === first) ??
          state.containers.items.find(c => c.id.startsWith(first)));
    if (!row) throw new Error(second === undefined ? 'select a container first' : `no container named "${first}"`);
    const name = second ?? first;
    // In one line, without the usage the shell adds to a thrown error.
    const problem = containerNameProblem(name);
    if (problem) return void services.status(`:rename: ${problem}`, 'error');
    if (name === row.name) throw new Error(`${row.name} already has that name`);
    askToConfirm(services, {
      title: `Rename ${label(services, row)} to ${name}?`,
      targets: [`${label(services, row)}  →  ${name}  (${row.image}, ${row.status})`],
      ids: [row.id],
      names: [row.name],
      engines: [row.engine],
      owner: 'containers',
      operation: 'rename',
      extra: {name},
    });
    return undefined;
  },
  complete: state => state.containers.items.map(row => row.name),
};

export async function runRename(services: Services, confirm: Confirmation): Promise<void> {
  const [target] = confirmedTargets(confirm);
  const name = confirm.extra?.name;
  const docker = target && services.engine(target.engine)?.client?.docker;
  if (!target || !name || !docker) return;
  const many = several(services);
  logCommand(dockerCommand([...contextWords(many ? target.engine : undefined), 'rename', target.name, name]));
  try {
    await renameContainer(docker, target.id, name);
    services.status(`renamed ${label(services, target)} to ${name}`);
  } catch (error) {
    services.status(`rename ${label(services, target)}: ${errorMessage(error)}`, 'error');
  }
}
