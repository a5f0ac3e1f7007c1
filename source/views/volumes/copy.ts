import {engineOf} from '../kit/across-engines.js';
import type {AppState} from '../../store/state.js';
import type {CopyMenu, DockerWords} from '../types.js';
import {selectedVolume} from './list.js';

// y on a volume: its name, where it lives on the engine's host, and the docker commands for it.
export function volumesCopy(state: AppState, docker: DockerWords): CopyMenu | undefined {
  const row = selectedVolume(state);
  return (
    row && {
      what: `volume ${row.name}`,
      items: [
        {action: 'copy.name', label: 'name', text: row.name},
        ...(row.mountpoint ? [{action: 'copy.path', label: 'mountpoint', text: row.mountpoint} as const] : []),
        {
          action: 'copy.inspectCommand',
          label: 'inspect command',
          text: docker(['volume', 'inspect', row.name], engineOf(row)),
        },
        {
          action: 'copy.removeCommand',
          label: 'remove command',
          text: docker(['volume', 'rm', row.name], engineOf(row)),
        },
      ],
    }
  );
}
