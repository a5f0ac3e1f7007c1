import {errorMessage} from '../../errors.js';
import type {Services} from '../types.js';

const TOP_MS = 2000;
let timer: NodeJS.Timeout | undefined;
// Bumped by every start and stop: a tick still waiting on the engine from an earlier pane sees it and ends.
let generation = 0;

// The processes of the container whose stats pane is open (GET /containers/{id}/top), every 2 s while shown.
export function watchTop(services: Services, id: string): void {
  clearTimeout(timer);
  const mine = ++generation;
  const tick = async () => {
    const overlay = services.store.get().overlay;
    if (mine !== generation || overlay?.kind !== 'stats' || overlay.id !== id) return;
    const docker = services.engine()?.client?.docker;
    if (docker) {
      try {
        const result = (await docker
          .getContainer(id)
          .top({ps_args: 'aux'})
          .catch(() => docker.getContainer(id).top())) as {Titles?: string[]; Processes?: string[][]};
        if (mine === generation)
          services.dispatch({
            type: 'containers.top',
            id,
            top: {titles: result.Titles ?? [], processes: result.Processes ?? []},
          });
      } catch (error) {
        if (mine === generation) services.dispatch({type: 'containers.top', id, error: errorMessage(error)});
      }
    }
    if (mine === generation) timer = setTimeout(() => void tick(), TOP_MS);
  };
  void tick();
}

export function stopTop(): void {
  generation++;
  clearTimeout(timer);
  timer = undefined;
}
