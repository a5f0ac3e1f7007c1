import type {AppState} from '../../store/state.js';
import type {CopyItem, CopyMenu, DockerWords} from '../types.js';
import {selectedRow, shownSwarmEngine} from './selectors.js';
import type {NodeRow, SecretRow, ServiceRow, TaskRow} from './state.js';

// y in the swarm view, on the list that shows: a service, node, secret or task; IDs in full, names, and the docker
// commands for them (never a secret's value: the engine does not give it).
export function swarmCopy(state: AppState, words: DockerWords): CopyMenu | undefined {
  const list = state.swarm.list;
  // With several engines, the commands name the engine the swarm view shows.
  const engine = shownSwarmEngine(state);
  const docker = (args: readonly string[]) => words(args, engine);
  const inspect = (kind: string, name: string): CopyItem => ({
    action: 'copy.inspectCommand',
    label: 'inspect command',
    text: docker([kind, 'inspect', name]),
  });
  switch (list) {
    case 'services': {
      const row = selectedRow<ServiceRow>(state, list);
      return (
        row && {
          what: `service ${row.name}`,
          items: [
            {action: 'copy.id', label: 'ID', text: row.id},
            {action: 'copy.name', label: 'name', text: row.name},
            {action: 'copy.image', label: 'image', text: row.image},
            {action: 'copy.logsCommand', label: 'logs command', text: docker(['service', 'logs', '-f', row.name])},
            inspect('service', row.name),
            {action: 'copy.removeCommand', label: 'remove command', text: docker(['service', 'rm', row.name])},
          ],
        }
      );
    }
    case 'nodes': {
      const row = selectedRow<NodeRow>(state, list);
      return (
        row && {
          what: `node ${row.hostname} (${row.shortId})`,
          items: [
            {action: 'copy.id', label: 'ID', text: row.id},
            {action: 'copy.name', label: 'hostname', text: row.hostname},
            inspect('node', row.id),
          ],
        }
      );
    }
    case 'secrets': {
      const row = selectedRow<SecretRow>(state, list);
      return (
        row && {
          what: `secret ${row.name}`,
          items: [
            {action: 'copy.id', label: 'ID', text: row.id},
            {action: 'copy.name', label: 'name', text: row.name},
            inspect('secret', row.name),
            {action: 'copy.removeCommand', label: 'remove command', text: docker(['secret', 'rm', row.name])},
          ],
        }
      );
    }
    case 'tasks': {
      const row = selectedRow<TaskRow>(state, list);
      return (
        row && {
          what: `task ${row.shortId}`,
          items: [
            {action: 'copy.id', label: 'ID', text: row.id},
            ...(row.containerId ? [{action: 'copy.name', label: 'container ID', text: row.containerId} as const] : []),
            {action: 'copy.logsCommand', label: 'logs command', text: docker(['service', 'logs', '-f', row.id])},
            {action: 'copy.inspectCommand', label: 'inspect command', text: docker(['inspect', row.id])},
          ],
        }
      );
    }
  }
}
