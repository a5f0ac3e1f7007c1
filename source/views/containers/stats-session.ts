import type Docker from 'dockerode';
import {StatsSampler, UI_ROUND_MS_PER_CONTAINER} from '../../engine/stats/sampler.js';
import type {Usage} from '../../engine/stats/compute.js';
import type {Services} from '../types.js';
import {containersToSample} from './selectors.js';
import {cpuText, memText} from './usage-text.js';

// The one sampler of the UI, for the engine shown; a context switch or quit closes it.
let current: {docker: Docker; sampler: StatsSampler} | undefined;

export const statsSession = {
  sampler: (): StatsSampler | undefined => current?.sampler,
  close(): void {
    current?.sampler.close();
    current = undefined;
  },
};

// After every action: sample exactly the containers that should be (cheap when nothing changed).
export function followScreen(services: Services): void {
  const docker = services.engine()?.client?.docker;
  const ids = containersToSample(services.store.get());
  if (!docker || (!ids.length && !current)) return;
  if (current && current.docker !== docker) statsSession.close();
  if (!current) {
    const sampler = new StatsSampler(docker, services.engine()?.client?.api, UI_ROUND_MS_PER_CONTAINER);
    current = {docker, sampler};
    sampler.subscribe(() => {
      // Only what would change on screen reaches the store: an idle container's 0.0% does not re-render.
      const state = services.store.get();
      const previous = state.containers.stats.usage;
      const usage: Record<string, Usage> = {};
      let changed = state.overlay?.kind === 'stats';
      for (const id of containersToSample(state)) {
        const latest = sampler.latest(id);
        if (!latest) continue;
        const before = previous[id];
        if (before && cpuText(before) === cpuText(latest) && memText(before) === memText(latest)) usage[id] = before;
        else {
          usage[id] = latest;
          changed = true;
        }
      }
      if (changed || Object.keys(previous).length !== Object.keys(usage).length)
        services.dispatch({type: 'containers.usage', usage, version: sampler.version, background: true});
    });
  }
  current.sampler.want(ids);
}
