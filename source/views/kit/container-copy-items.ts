import type {ContainerRow} from '../../engine/containers/rows.js';
import type {CopyItem, DockerWords} from '../types.js';

// y on a container (the containers view, and a project's services in the compose view): its ID, name, image, and the docker commands
// for what berth's own keys do to it.
export function containerCopyItems(row: ContainerRow, docker: DockerWords): CopyItem[] {
  const running = row.state === 'running';
  return [
    {action: 'copy.id', label: 'ID', text: row.id},
    {action: 'copy.name', label: 'name', text: row.name},
    {action: 'copy.image', label: 'image', text: row.image},
    {action: 'copy.logsCommand', label: 'logs command', text: docker(['logs', '-f', row.name], row.engine)},
    ...(running
      ? [
          {
            action: 'copy.shellCommand',
            label: 'shell command',
            text: docker(['exec', '-it', row.name, 'sh'], row.engine),
          } as const,
        ]
      : []),
    {action: 'copy.inspectCommand', label: 'inspect command', text: docker(['inspect', row.name], row.engine)},
    {
      action: 'copy.removeCommand',
      label: 'remove command',
      // A running container is removed only with -f, as berth's d does after its dialog.
      text: docker(['rm', ...(running ? ['-f'] : []), row.name], row.engine),
    },
  ];
}
