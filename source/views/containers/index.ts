import {nothingSelected} from '../kit/actions.js';
import {containersMouseAreas} from './mouse.js';
import {showLogs} from '../kit/log-pane/effects.js';
import {openFiles} from '../kit/files/effects.js';
import {paneSession} from '../kit/log-pane/session.js';
import type {ViewModule} from '../types.js';
import {CONTAINER_COMMANDS} from './commands.js';
import {ContainersView} from './ContainersView.js';
import {confirmAttach, confirmed, confirmOperation, loadSizes, runOperation, showEnv, showInspect} from './effects.js';
import {EnvOverlay} from './EnvOverlay.js';
import {openExecForm, openShell, submitExecForm} from './exec.js';
import {ExecFormOverlay} from './ExecFormOverlay.js';
import {UpdateFormOverlay} from './UpdateFormOverlay.js';
import {openSignalMenu, submitSignalMenu, submitSignalPrompt} from './signal.js';
import {SignalMenu, SIGNAL_ROWS} from './SignalMenu.js';
import {submitUpdateForm} from './update-form.js';
import {formHeight} from '../FormOverlayBox.js';
import {CONTAINER_BINDINGS} from './keys.js';
import {containersLayout} from '../kit/list-with-logs/layout.js';
import {followMergedChanges, showMarkedLogs} from './merged-logs.js';
import {reduceContainers} from './reducer.js';
import {containersList, selectedContainer, targetContainers} from './selectors.js';
import {initialContainers} from './state.js';
import {containerEnv} from '../../engine/containers/operations.js';
import {StatsPane, statsHeight} from './StatsPane.js';
import {followScreen, statsSession} from './stats-session.js';
import {stopTop, watchTop} from './top.js';
import {containersCopy} from './copy.js';
import {containersTable} from './table.js';

// The containers view: every container, running first, with its logs, shell, exec form and actions.
const USAGE_COLUMNS = new Set(['cpu', 'mem']);

export const containers: ViewModule = {
  copyItems: containersCopy,
  id: 'containers',
  key: '1',
  title: 'Containers',
  engineBound: true,
  scopeTitles: {containers: 'Containers', env: 'Environment (v)', signalMenu: 'Signal menu (K)'},
  initial: () => ({containers: initialContainers()}),
  ready: state => state.containers.loaded || 'the container list',
  reduce: reduceContainers,
  effect(services, action, before, after) {
    // Stats follow the screen: the rows on it, the pane that is open.
    if (
      after.containers.stats.on ||
      before.containers.stats.on ||
      after.overlay?.kind === 'stats' ||
      before.overlay?.kind === 'stats'
    )
      followScreen(services);
    switch (action.type) {
      // Sorting by CPU or MEM (o, a click on the heading) needs their columns: it turns the stats on. Here rather than
      // in the reducer: the sort module takes the action first (views/sort/).
      case 'sort.by':
        if (action.table === 'containers' && USAGE_COLUMNS.has(action.column) && !after.containers.stats.on)
          services.dispatch({type: 'containers.toggleStats'});
        return;
      case 'containers.statsPane':
        if (after.overlay?.kind === 'stats') watchTop(services, after.overlay.id);
        return;
      case 'refresh':
        if (after.view === 'containers') {
          for (const session of services.engines()) session.refreshNow();
          void loadSizes(services);
        }
        return;
      case 'container.stop':
        return confirmOperation(services, 'stop');
      case 'container.remove':
        return confirmOperation(services, 'remove');
      case 'container.restart':
        return confirmOperation(services, 'restart');
      case 'container.start': {
        const targets = targetContainers(before);
        if (!targets.length) return nothingSelected(services, 'start');
        void runOperation(services, 'start', targets);
        return;
      }
      case 'container.pause': {
        // Each target the way it can go: running ones are paused, paused ones unpaused (docker pause/unpause).
        const targets = targetContainers(before);
        if (!targets.length) return nothingSelected(services, 'pause');
        const running = targets.filter(t => t.state === 'running');
        const paused = targets.filter(t => t.state === 'paused');
        if (!running.length && !paused.length)
          return services.status('nothing to pause: only a running container pauses (and a paused one resumes)');
        if (running.length) void runOperation(services, 'pause', running);
        if (paused.length) void runOperation(services, 'unpause', paused);
        return;
      }
      case 'container.signal':
        return openSignalMenu(services);
      case 'exec.shell':
        // What is typed after e is for the shell: held while it is looked up (views/containers/exec.ts).
        return services.holdKeys('the shell', openShell(services));
      case 'exec.form':
        return openExecForm(services);
      case 'container.env':
        return services.holdKeys("the container's environment", showEnv(services));
      case 'container.inspect':
        return services.holdKeys('the inspect answer', showInspect(services));
      case 'container.attach': {
        const row = selectedContainer(after);
        if (row) confirmAttach(services, row);
        return;
      }
      case 'containers.toggleSize':
        return void loadSizes(services);
      case 'logs.open': {
        const row = selectedContainer(after);
        if (row) showLogs(services, row);
        return;
      }
      case 'files.open': {
        const row = selectedContainer(after);
        if (row) services.holdKeys("the container's working directory", openFiles(services, row));
        else nothingSelected(services, 'browse');
        return;
      }
      case 'containers.mergedLogs':
        return showMarkedLogs(services);
      case 'containers.loaded': {
        // A sort by CPU or MEM kept from an earlier run needs the stats, as picking it does (the list showed unsorted).
        const kept = after.sorts.containers?.column;
        if (kept && USAGE_COLUMNS.has(kept) && !after.containers.stats.on && !before.containers.loaded)
          services.dispatch({type: 'containers.toggleStats'});
        followMergedChanges(services);
        // A followed container that stopped and started again: follow it again from where it ended.
        const pane = after.logs;
        const row =
          pane &&
          action.items.find(item => item.id === pane.containerId && (!pane.engine || item.engine === pane.engine));
        const session = paneSession.get(services);
        if ((pane?.kind ?? 'container') === 'container' && row?.state === 'running' && session?.status === 'ended')
          session.resume?.();
        // The engine answers again (it was restarted, or the network came back), or the container it restarts
        // runs again: follow it now.
        const restarted = session?.status === 'restarting' && row?.state === 'running';
        if ((pane?.kind ?? 'container') === 'container' && row && (session?.status === 'reconnecting' || restarted))
          session?.retryNow?.();
        return;
      }
    }
  },
  // With several engines, every engine's list and its going away (each engine's rows on their own).
  allEngines: true,
  onEngine(services, update) {
    const engine = update.engine ? {engine: update.engine} : {};
    if (update.kind === 'containers') services.dispatch({type: 'containers.loaded', items: update.items, ...engine});
    if (update.kind === 'stale') services.dispatch({type: 'containers.stale', ...engine});
  },
  confirmed,
  bindings: CONTAINER_BINDINGS,
  commands: CONTAINER_COMMANDS,
  overlays: {
    stats: {Component: StatsPane, scopes: ['dialog'], height: (overlay, _state, width) => statsHeight(overlay, width)},
    env: {
      Component: EnvOverlay,
      scopes: ['env', 'dialog', 'move'],
      rows: overlay => (overlay.kind === 'env' ? overlay.entries.length : 0),
      height: overlay => 1 + (overlay.kind === 'env' ? overlay.entries.length : 0),
    },
    signalMenu: {
      Component: SignalMenu,
      scopes: ['signalMenu', 'dialog', 'move'],
      rows: () => SIGNAL_ROWS.length,
      height: () => 1 + SIGNAL_ROWS.length,
      submit: submitSignalMenu,
    },
    signalPrompt: {
      label: ' signal (a name or number): ',
      scopes: ['prompt'],
      submit: submitSignalPrompt,
    },
    updateForm: {
      Component: UpdateFormOverlay,
      height: overlay => (overlay.kind === 'updateForm' ? formHeight(overlay) : 1),
      submitLabel: 'check and confirm',
      scopes: ['form', 'prompt'],
      submit: (services, overlay) => (overlay.kind === 'updateForm' ? submitUpdateForm(services, overlay) : undefined),
    },
    execForm: {
      Component: ExecFormOverlay,
      height: overlay => (overlay.kind === 'execForm' ? formHeight(overlay) : 1),
      submitLabel: 'run',
      scopes: ['form', 'prompt'],
      submit: (services, overlay) => (overlay.kind === 'execForm' ? submitExecForm(services, overlay) : undefined),
    },
  },
  list: containersList,
  Body: ContainersView,
  mouseAreas: containersMouseAreas,
  listRows: (state, body) =>
    containersTable.rowsOnScreen(
      state,
      containersLayout(
        Boolean(state.logs) && (state.logs?.owner ?? 'containers') === 'containers',
        body,
        state.focus === 'logs',
      ).listHeight,
    ),
  tabNotes: state => (state.containers.runningOnly ? ['running only'] : []),
  table: () => containersTable,
  itemFields: {
    names: ['Name', 'ID', 'ShortID', 'Image', 'State', 'Status', 'Project', 'Service', 'Engine'],
    labels: true,
    async env(services, item) {
      const docker = services.docker(item.fields.Engine);
      if (!docker) throw new Error('the engine is not connected');
      const id = item.fields.ID;
      if (!id) throw new Error('the row has no container ID');
      const {entries} = await containerEnv(docker, id);
      return Object.fromEntries(entries.map(entry => [entry.key, entry.value]));
    },
    selected(state) {
      const row = selectedContainer(state);
      if (!row) return undefined;
      const labels = row.labels ?? {};
      return {
        fields: {
          Name: row.name,
          ID: row.id,
          ShortID: row.id.slice(0, 12),
          Image: row.image,
          State: row.state,
          Status: row.status,
          Project: labels['com.docker.compose.project'] ?? '',
          Service: labels['com.docker.compose.service'] ?? '',
          Engine: row.engine ?? '',
        },
        labels,
      };
    },
  },
  close(services) {
    statsSession.close(services);
    stopTop(services);
  },
};
