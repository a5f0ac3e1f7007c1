import {PROJECT_LABEL} from '../../engine/compose/labels.js';
import {errorMessage} from '../../errors.js';
import type {Services} from '../types.js';
import type {AppState} from '../../store/state.js';
import type {ComposeProject} from '../../engine/compose/project.js';
import {detect, runCompose, unavailable} from './effects.js';
import {shownComposeEngine, projectNamed} from './selectors.js';

// The project's containers as D's dialog lists them.
function downContainers(state: AppState, project: ComposeProject): string[] {
  const configured = state.compose.configured[project.name];
  return project.containers.map(row => {
    const orphan = configured && row.compose && !configured.includes(row.compose.service);
    return `container ${row.name}  (${row.compose?.service ?? ''}, ${row.state})${orphan ? '  orphan: only with --remove-orphans' : ''}`;
  });
}

// The container list changed while D's dialog is open: what it lists follows (a container created just before D
// was left out of what down then removed).
export function followDownTargets(services: Services): void {
  const state = services.store.get();
  const overlay = state.overlay;
  if (overlay?.kind !== 'composeDown') return;
  const project = projectNamed(state, overlay.project);
  if (!project) return;
  const containers = downContainers(state, project);
  if (containers.join('\n') !== overlay.containers.join('\n'))
    services.dispatch({type: 'composeDown.containers', project: project.name, containers});
}

type DownOverlay = Extract<NonNullable<AppState['overlay']>, {kind: 'composeDown'}>;

// D's dialog as it opens: the containers berth lists, nothing else yet (networks and volumes are still being read),
// no option on.
export function openingDown(project: string, containers: readonly string[]): DownOverlay {
  return {
    kind: 'composeDown',
    project,
    containers,
    networks: [],
    volumes: [],
    withVolumes: false,
    removeOrphans: false,
    loading: true,
    scroll: 0,
  };
}

// D: what goes, from the labels — the project's containers (orphans only with --remove-orphans), its networks,
// and with --volumes its volumes.
export async function openDown(services: Services, projectName: string): Promise<void> {
  const runner = await detect(services);
  const state = services.store.get();
  const project = projectNamed(state, projectName);
  const why = unavailable(runner, state.compose.runnerProblem, project, {op: 'down'});
  if (why || !project) {
    services.status(`compose down: ${why}`, 'error');
    return;
  }
  const containers = downContainers(state, project);
  services.dispatch({type: 'overlay.show', overlay: openingDown(project.name, containers)});
  const docker = services.docker(shownComposeEngine(state));
  if (!docker) return;
  const filters = {label: [`${PROJECT_LABEL}=${project.name}`]};
  try {
    const [networks, volumes] = await Promise.all([docker.listNetworks({filters}), docker.listVolumes({filters})]);
    services.dispatch({
      type: 'composeDown.targets',
      project: project.name,
      networks: networks.map(network => network.Name).sort(),
      volumes: (volumes.Volumes ?? []).map(volume => volume.Name).sort(),
    });
  } catch (error) {
    services.status(`listing the project's networks and volumes: ${errorMessage(error)}`, 'error');
    services.dispatch({type: 'composeDown.targets', project: project.name, networks: [], volumes: []});
  }
}

export function runDownFromOverlay(services: Services): void {
  const overlay = services.store.get().overlay;
  if (overlay?.kind !== 'composeDown') return;
  services.dispatch({type: 'overlay.close'});
  void runCompose(services, overlay.project, {
    op: 'down',
    volumes: overlay.withVolumes,
    removeOrphans: overlay.removeOrphans,
  });
}
