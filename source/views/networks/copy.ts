import {engineOf} from '../kit/across-engines.js';
import type {AppState} from '../../store/state.js';
import type {CopyMenu, DockerWords} from '../types.js';
import {selectedNetwork} from './list.js';

// y on a network: its ID, its name, and the docker commands for it (no remove command for the engine's own).
export function networksCopy(state: AppState, docker: DockerWords): CopyMenu | undefined {
  const row = selectedNetwork(state);
  return (
    row && {
      what: `network ${row.name}`,
      items: [
        {action: 'copy.id', label: 'ID', text: row.id},
        {action: 'copy.name', label: 'name', text: row.name},
        {
          action: 'copy.inspectCommand',
          label: 'inspect command',
          text: docker(['network', 'inspect', row.name], engineOf(row)),
        },
        ...(row.predefined
          ? []
          : [
              {
                action: 'copy.removeCommand',
                label: 'remove command',
                text: docker(['network', 'rm', row.name], engineOf(row)),
              } as const,
            ]),
      ],
    }
  );
}
