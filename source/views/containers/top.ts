import {containerTop} from '../../engine/containers/operations.js';
import {errorMessage} from '../../errors.js';
import {perApp} from '../kit/runtime.js';
import type {Services} from '../types.js';

const TOP_MS = 2000;

// The app's watch: its timer, and a generation bumped by every start and stop, so a tick still waiting on the
// engine from an earlier pane sees it and ends.
const watch = perApp(
  () => ({generation: 0, timer: undefined as NodeJS.Timeout | undefined}),
  self => clearTimeout(self.timer),
);

// The processes of the container whose stats pane is open (GET /containers/{id}/top), every 2 s while shown.
export function watchTop(services: Services, id: string): void {
  const self = watch(services);
  clearTimeout(self.timer);
  const mine = ++self.generation;
  const tick = async () => {
    const overlay = services.store.get().overlay;
    if (mine !== self.generation || overlay?.kind !== 'stats' || overlay.id !== id) return;
    const docker = services.engine(overlay.engine)?.client?.docker;
    if (docker) {
      try {
        const top = await containerTop(docker, id);
        if (mine === self.generation) services.dispatch({type: 'containers.top', id, top});
      } catch (error) {
        if (mine === self.generation) services.dispatch({type: 'containers.top', id, error: errorMessage(error)});
      }
    }
    if (mine === self.generation) self.timer = setTimeout(() => void tick(), TOP_MS);
  };
  void tick();
}

export function stopTop(services: Services): void {
  const self = watch(services);
  self.generation++;
  clearTimeout(self.timer);
  self.timer = undefined;
}
