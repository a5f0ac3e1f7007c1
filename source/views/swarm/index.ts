import {swarmMouseAreas} from './mouse.js';
import type {ViewModule} from '../types.js';
import {containersLayout} from '../kit/list-with-logs/layout.js';
import {paneSession} from '../kit/log-pane/session.js';
import {perApp} from '../kit/runtime.js';
import {SWARM_COMMANDS} from './commands.js';
import {
  confirmAvailability,
  confirmRedeploy,
  confirmRemove,
  createSecretFrom,
  openSwarmLogs,
  runConfirmed,
} from './effects.js';
import {loadRole, loadSwarm, loadTasks, swarmLoader} from './load.js';
import {scaleBy, stopSwarmEffects} from './scale.js';
import {SWARM_BINDINGS} from './keys.js';
import {reduceSwarm} from './reducer.js';
import {activeManager, anyManager, selectedService, shownSwarmEngine, swarmList} from './selectors.js';
import {engineNames, takeEnginePick} from '../kit/engine-pick.js';
import {initialSwarm, type SwarmList} from './state.js';
import {hasSwarmPane, SwarmView} from './SwarmView.js';
import {SWARM_TABLES, swarmLinesAbove} from './tables.js';
import {swarmCopy} from './copy.js';

type Services = Parameters<NonNullable<ViewModule['onEngine']>>[0];

// The app's poll timer.
const poll = perApp(
  () => ({timer: undefined as NodeJS.Timeout | undefined}),
  self => clearTimeout(self.timer),
);

// Task states (replicas converging, a worker going down) produce no event on the manager's /events stream
// for tasks on other nodes: while the swarm view shows, the lists are read again every 2 s when something is moving,
// every 10 s otherwise.
function schedulePoll(services: Services): void {
  const self = poll(services);
  clearTimeout(self.timer);
  const state = services.store.get();
  if (state.view !== 'swarm' || !state.swarm.role?.manager) return;
  const moving =
    state.swarm.list === 'tasks' ||
    Boolean(state.swarm.progress) ||
    state.swarm.services.some(service => service.mode === 'replicated' && service.running !== service.desired) ||
    state.swarm.nodes.some(node => node.state !== 'ready');
  self.timer = setTimeout(
    () => {
      void loadSwarm(services).finally(() => schedulePoll(services));
    },
    moving ? 2000 : 10_000,
  );
  self.timer.unref?.();
}

const LIST_SCOPES: Record<SwarmList, string> = {
  services: 'swarmServices',
  nodes: 'swarmNodes',
  secrets: 'swarmSecrets',
  tasks: 'swarmTasks',
};

// The swarm view: a swarm manager's nodes, services (their tasks and logs) and secrets. Offered only when /info says
// this engine is an active manager.
export const swarm: ViewModule = {
  copyItems: swarmCopy,
  id: 'swarm',
  key: '6',
  title: 'Swarm',
  engineBound: true,
  scopeTitles: {
    swarm: 'Swarm (view 6)',
    swarmServices: 'Swarm services (s)',
    swarmTasks: "A service's tasks (enter)",
    swarmNodes: 'Swarm nodes (n)',
    swarmSecrets: 'Swarm secrets (x)',
  },
  // With several engines: offered when any is a manager; it says so when the one it shows is not.
  available: state => (engineNames(state).length ? anyManager(state) : activeManager(state.swarm.role)),
  initial: () => ({swarm: initialSwarm()}),
  ready: state =>
    !state.swarm.role
      ? "the engine's swarm status"
      : !state.swarm.role.manager || state.swarm.loaded || 'the swarm lists',
  reduce: reduceSwarm,
  effect(services, action, before, after) {
    // Only the tab bar shows the role (view 6 is offered to a manager): asked after the first frame.
    if (action.type === 'connection' && action.connection.status === 'connected' && !action.facts)
      void services.afterStart().then(() => loadRole(services, action.engine));
    // Several engines: the engine shown going away makes its rows stale (the others' sessions say nothing here).
    const shown = shownSwarmEngine(after);
    if (action.type === 'connection' && action.connection.status !== 'connected' && shown && action.engine === shown)
      services.dispatch({type: 'swarm.stale'});
    // enter in the filter: an engine:NAME term picks the engine the swarm view shows.
    if (action.type === 'overlay.submit' && before.overlay?.kind === 'filter' && after.view === 'swarm')
      takeEnginePick(services, after, swarmList(after).list.filter, (engine, filter) => ({
        type: 'swarm.pickEngine',
        engine,
        filter,
      }));
    if (shown !== shownSwarmEngine(before)) {
      // Another engine: what followed the one before stops (progress, a service's logs); its lists are read.
      stopSwarmEffects(services);
      if (before.logs?.owner === 'swarm') {
        paneSession.replace(services, undefined);
        services.dispatch({type: 'logs.closed'});
      }
      if (after.swarm.role?.manager) void loadSwarm(services).finally(() => schedulePoll(services));
    }
    const opened = before.view !== 'swarm' && after.view === 'swarm';
    if (opened || (action.type === 'refresh' && after.view === 'swarm')) {
      void loadSwarm(services).finally(() => schedulePoll(services));
      if (action.type === 'refresh')
        for (const engine of engineNames(after).length ? engineNames(after) : [undefined])
          void loadRole(services, engine);
    }
    if (before.view === 'swarm' && after.view !== 'swarm') clearTimeout(poll(services).timer);
    switch (action.type) {
      case 'swarm.enter':
        if (after.swarm.tasksOf) void loadTasks(services, after.swarm.tasksOf.id).finally(() => schedulePoll(services));
        return;
      case 'swarm.logs':
        return openSwarmLogs(services);
      case 'swarm.scaleUp':
        return scaleBy(services, 1);
      case 'swarm.scaleDown':
        return scaleBy(services, -1);
      case 'swarm.redeploy': {
        const service = selectedService(after);
        if (service) confirmRedeploy(services, service);
        return;
      }
      case 'swarm.remove':
        return services.holdKeys(
          'what the removal touches',
          confirmRemove(services).catch(error => services.status(String(error), 'error')),
        );
      case 'swarm.nodeActive':
        return confirmAvailability(services, 'active');
      case 'swarm.nodePause':
        return confirmAvailability(services, 'pause');
      case 'swarm.nodeDrain':
        return confirmAvailability(services, 'drain');
      case 'swarm.createSecret':
        services.dispatch({type: 'overlay.show', overlay: {kind: 'swarmSecretName', draft: ''}});
        return;
      case 'swarm.progress':
        if (after.view === 'swarm') schedulePoll(services);
        return;
      case 'swarm.role':
        // No longer a manager: a service's or task's log pane has nothing left to follow.
        if (!action.role?.manager && after.logs?.owner === 'swarm') {
          paneSession.replace(services, undefined);
          services.dispatch({type: 'logs.closed'});
        }
        return;
    }
  },
  confirmed(services, confirm) {
    void runConfirmed(services, confirm);
  },
  engineEvents: ['service', 'node', 'secret'],
  // With several engines every engine's stream carries these events: the swarm view follows the one it shows.
  allEngineEvents: true,
  onEngine(services, update) {
    const state = services.store.get();
    const shown = shownSwarmEngine(state);
    // The first engine's events come unnamed.
    if (shown && (update.engine ?? services.engines()[0]?.name) !== shown) return;
    if (update.kind === 'stale') {
      services.dispatch({type: 'swarm.stale'});
      return;
    }
    if (!state.swarm.role?.manager) return;
    // The lists stay current while another view shows, so that `6` has them at once.
    if (update.kind === 'event' && ['service', 'node', 'secret'].includes(update.event.Type ?? ''))
      swarmLoader.reloadSoon(services);
    else if (update.kind === 'containers' && state.view === 'swarm' && state.swarm.list === 'tasks')
      swarmLoader.reloadSoon(services);
  },
  bindings: SWARM_BINDINGS,
  commands: SWARM_COMMANDS,
  overlays: {
    swarmSecretName: {
      label: 'new secret — name: ',
      scopes: ['prompt'],
      submit(services, overlay) {
        if (overlay.kind !== 'swarmSecretName') return undefined;
        const name = overlay.draft.trim();
        if (!name) return undefined;
        services.dispatch({type: 'overlay.show', overlay: {kind: 'swarmSecretValue', name, draft: ''}});
        return undefined;
      },
    },
    swarmSecretValue: {
      label: overlay => `value of ${overlay.kind === 'swarmSecretValue' ? overlay.name : ''} (masked): `,
      masked: true,
      scopes: ['prompt'],
      submit(services, overlay) {
        if (overlay.kind !== 'swarmSecretValue') return undefined;
        // The draft leaves the store when this overlay closes; the buffer is zeroed after the request.
        void createSecretFrom(services, overlay.name, Buffer.from(overlay.draft, 'utf8'));
        return undefined;
      },
    },
  },
  list: state => (state.view === 'swarm' ? swarmList(state) : undefined),
  scopes: state => [LIST_SCOPES[state.swarm.list], 'swarm', 'list', 'move', 'global'],
  Body: SwarmView,
  mouseAreas: swarmMouseAreas,
  table: state => SWARM_TABLES[state.swarm.list],
  listRows: (state, body) =>
    SWARM_TABLES[state.swarm.list].rowsOnScreen(
      state,
      containersLayout(hasSwarmPane(state), body, state.focus === 'logs').listHeight - swarmLinesAbove(state),
    ),
  tabNotes: state => (state.swarm.progress && state.view !== 'swarm' ? [state.swarm.progress.text] : []),
  close(services) {
    swarmLoader.cancel(services);
    clearTimeout(poll(services).timer);
    stopSwarmEffects(services);
  },
};
