import type {AppState} from '../../store/state.js';
import {containerCopyItems} from '../kit/container-copy-items.js';
import type {CopyMenu, DockerWords} from '../types.js';
import {selectedProject, selectedService, shownComposeEngine} from './selectors.js';

// y in the compose view: a project's name, directory and compose commands; in its services, the selected container's
// items (a service with no container yet: its name).
export function composeCopy(state: AppState, docker: DockerWords): CopyMenu | undefined {
  if (state.compose.open) {
    const row = selectedService(state);
    if (!row) return undefined;
    if (row.container)
      return {what: `container ${row.container.name}`, items: containerCopyItems(row.container, docker)};
    return {what: `service ${row.service}`, items: [{action: 'copy.name', label: 'service name', text: row.service}]};
  }
  const project = selectedProject(state);
  if (!project) return undefined;
  // With several engines, the commands name the engine the compose view shows.
  const engine = shownComposeEngine(state);
  // The compose berth found: `docker-compose` (v1, which takes the same engine options) or `docker compose`.
  const v1 = state.compose.runner?.kind === 'v1';
  const compose = (...words: string[]) =>
    v1
      ? docker(['--project-name', project.name, ...words], engine).replace(/^docker\b/, 'docker-compose')
      : docker(['compose', '--project-name', project.name, ...words], engine);
  return {
    what: `project ${project.name}`,
    items: [
      {action: 'copy.name', label: 'name', text: project.name},
      ...(project.workingDir ? [{action: 'copy.path', label: 'directory', text: project.workingDir} as const] : []),
      {action: 'copy.logsCommand', label: 'logs command', text: compose('logs', '-f')},
      {action: 'copy.removeCommand', label: 'down command', text: compose('down')},
    ],
  };
}
