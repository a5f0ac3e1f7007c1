import {StatsSampler, UI_ROUND_MS_PER_CONTAINER} from '../../engine/stats/sampler.js';
import type {Usage} from '../../engine/stats/compute.js';
import type {Services} from '../types.js';
import {perApp} from '../kit/runtime.js';
import {containersToSample} from './selectors.js';
import {cpuText, memText} from './usage-text.js';

// The one sampler of each app, for the engine it shows; a context switch or quit closes it.
const session = perApp(
  () => ({current: undefined as {docker: unknown; sampler: StatsSampler} | undefined}),
  self => self.current?.sampler.close(),
);

export const statsSession = {
  sampler: (services: Services): StatsSampler | undefined => session(services).current?.sampler,
  close(services: Services): void {
    const self = session(services);
    self.current?.sampler.close();
    self.current = undefined;
  },
};

// After every action: sample exactly the containers that should be (cheap when nothing changed).
export function followScreen(services: Services): void {
  const docker = services.engine()?.client?.docker;
  const ids = containersToSample(services.store.get());
  const self = session(services);
  if (!docker || (!ids.length && !self.current)) return;
  if (self.current && self.current.docker !== docker) statsSession.close(services);
  if (!self.current) {
    const sampler = new StatsSampler(docker, services.engine()?.client?.api, UI_ROUND_MS_PER_CONTAINER);
    self.current = {docker, sampler};
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
  self.current.sampler.want(ids);
}
