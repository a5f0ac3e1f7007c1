import {engineClockOffsetMs} from '../../engine/clock.js';
import {ProjectLogs} from '../../engine/compose/project-logs.js';
import {showLogs, showSource} from '../kit/log-pane/effects.js';
import {paneSession} from '../kit/log-pane/session.js';
import {logWindow} from '../kit/log-pane/state.js';
import type {Services} from '../types.js';
import {shownComposeEngine, projectNamed, selectedService} from './selectors.js';

// L: every container of the project, interleaved (berth's log machinery per container, merged by time).
export async function showProjectLogs(services: Services, projectName: string, window = 0): Promise<void> {
  const state = services.store.get();
  const engine = shownComposeEngine(state);
  const client = services.engine(engine)?.client;
  const project = projectNamed(state, projectName);
  if (!client || !project) return;
  if (!project.containers.length) {
    services.status(`${project.name} has no containers yet (u brings it up)`, 'error');
    return;
  }
  const choice = logWindow(window);
  const since = choice.sinceSeconds
    ? (Date.now() + (await engineClockOffsetMs(client))) / 1000 - choice.sinceSeconds
    : undefined;
  const logs = new ProjectLogs(client.docker, {
    targets: project.containers.map(row => ({id: row.id, name: row.name, service: row.compose?.service ?? row.name})),
    window: {tail: window === 0 ? services.config.logTail : choice.tail, since},
    follow: true,
    bufferLines: services.config.logBufferLines,
  });
  showSource(
    services,
    logs,
    {
      containerId: `project:${project.name}`,
      name: `${project.name} (${project.containers.length} containers)`,
      engine,
      owner: 'compose',
      window,
      kind: 'project',
    },
    () => (logs.status === 'reconnecting' ? `reconnecting: ${logs.error ?? ''}` : logs.status),
    {reopen: next => void showProjectLogs(services, projectName, next)},
  );
}

// New containers of a project whose logs are open join them (up, scale); restarted ones are followed again.
export function followProjectChanges(services: Services): void {
  const state = services.store.get();
  const source = paneSession.get(services);
  if (state.logs?.kind !== 'project' || !(source instanceof ProjectLogs)) return;
  // Logs of a project on an engine the compose view no longer shows follow what they had (its client is that engine's).
  if (state.logs.engine !== shownComposeEngine(state)) return;
  const name = state.logs.containerId.slice('project:'.length);
  const project = projectNamed(state, name);
  for (const row of project?.containers ?? []) {
    if (!source.has(row.id)) source.add({id: row.id, name: row.name, service: row.compose?.service ?? row.name});
    else if (row.state === 'running') source.resumeContainer(row.id);
  }
}

export function showContainerLogs(services: Services): void {
  const state = services.store.get();
  const row = selectedService(state);
  if (!row?.container) {
    if (row) services.status(`${row.service} has no container yet (u brings the project up)`, 'error');
    return;
  }
  showLogs(services, {
    id: row.container.id,
    name: row.container.name,
    owner: 'compose',
    engine: shownComposeEngine(state),
  });
}
