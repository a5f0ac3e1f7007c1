import {engineOf} from '../kit/across-engines.js';
import type {AppState} from '../../store/state.js';
import type {CopyMenu, DockerWords} from '../types.js';
import {selectedImage} from './list.js';

// y on an image row: its ID, its name (repository:tag), a digest reference where the image came from a registry,
// and the docker commands for it.
export function imagesCopy(state: AppState, docker: DockerWords): CopyMenu | undefined {
  const row = selectedImage(state);
  if (!row) return undefined;
  const named = row.repository !== '<none>';
  const digest = row.digests.find(d => !named || d.startsWith(`${row.repository}@`)) ?? row.digests[0];
  return {
    what: `image ${row.reference}`,
    items: [
      {action: 'copy.id', label: 'ID', text: row.id},
      ...(named ? [{action: 'copy.name', label: 'name', text: row.reference} as const] : []),
      ...(digest ? [{action: 'copy.digest', label: 'digest reference', text: digest} as const] : []),
      {
        action: 'copy.runCommand',
        label: 'run command',
        text: docker(['run', '--rm', '-it', row.reference], engineOf(row)),
      },
      {
        action: 'copy.inspectCommand',
        label: 'inspect command',
        text: docker(['image', 'inspect', row.reference], engineOf(row)),
      },
      {action: 'copy.removeCommand', label: 'remove command', text: docker(['rmi', row.reference], engineOf(row))},
    ],
  };
}
