// K: send a signal to the marked or selected containers — a short menu of the usual ones, or a name or number typed
// — after a dialog listing exactly the containers it goes to; sent as docker kill -s does (effects.ts runOperation).
import {SIGNAL_HINT, SIGNAL_MENU, signalName} from '../../engine/containers/signals.js';
import {askToConfirm, nothingSelected} from '../kit/actions.js';
import type {Overlay} from '../../store/state.js';
import type {Services} from '../types.js';
import {confirmRows} from './label.js';
import {targetContainers} from './selectors.js';
import type {ChosenContainer} from './state.js';

// Only a container with a process takes a signal (a paused one gets it once unpaused).
const SIGNALLABLE = new Set(['running', 'paused', 'restarting']);

export function openSignalMenu(services: Services): void {
  const all = targetContainers(services.store.get());
  if (!all.length) return nothingSelected(services, 'signal');
  const targets = all.filter(row => SIGNALLABLE.has(row.state));
  if (!targets.length)
    return services.status(`nothing to signal: ${all.length === 1 ? 'the container is' : 'none is'} running`, 'error');
  const left = all.length - targets.length;
  if (left) services.status(`${left} not running left out (only a running container takes a signal)`);
  services.dispatch({
    type: 'overlay.show',
    overlay: {
      kind: 'signalMenu',
      scroll: 0,
      targets: targets.map(row => ({
        id: row.id,
        name: row.name,
        engine: row.engine,
        detail: `${row.image}, ${row.status}`,
      })),
    },
  });
}

// enter in the menu: a signal of the list, or its last row to type one.
export function submitSignalMenu(services: Services, overlay: Overlay): undefined {
  if (overlay.kind !== 'signalMenu') return undefined;
  const picked = SIGNAL_MENU[overlay.scroll];
  if (picked) confirmSignal(services, picked.name, overlay.targets);
  else services.dispatch({type: 'overlay.show', overlay: {kind: 'signalPrompt', draft: '', targets: overlay.targets}});
  return undefined;
}

export function submitSignalPrompt(services: Services, overlay: Overlay): undefined {
  if (overlay.kind !== 'signalPrompt') return undefined;
  const signal = signalName(overlay.draft);
  if (!signal) {
    // Said on the status line, which the prompt hides: K again to pick another.
    services.status(`"${overlay.draft}" is not a signal: ${SIGNAL_HINT}`, 'error');
    return undefined;
  }
  confirmSignal(services, signal, overlay.targets);
  return undefined;
}

function confirmSignal(services: Services, signal: string, targets: readonly ChosenContainer[]): void {
  askToConfirm(services, {
    title: `Send ${signal} to ${targets.length === 1 ? 'this container' : `these ${targets.length} containers`}?`,
    ...confirmRows(services, targets),
    owner: 'containers',
    operation: 'kill',
    extra: {signal},
  });
}
