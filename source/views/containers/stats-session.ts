import {StatsSampler, UI_ROUND_MS_PER_CONTAINER} from '../../engine/stats/sampler.js';
import type {Usage} from '../../engine/stats/compute.js';
import type {Services} from '../types.js';
import {perApp} from '../kit/runtime.js';
import {rowsToSample} from './selectors.js';
import {cpuText, memText} from './usage-text.js';

type Sampling = {docker: unknown; sampler: StatsSampler};

// The samplers of each app, one per engine it shows (one unless berth runs on several); a context switch or
// quit closes them. An engine none of whose rows is on screen has none.
const session = perApp(
  () => ({current: new Map<string, Sampling>()}),
  self => {
    for (const one of self.current.values()) one.sampler.close();
  },
);

export const statsSession = {
  // The sampler of an engine (the first without a name).
  sampler: (services: Services, engine?: string): StatsSampler | undefined => {
    const samplers = session(services).current;
    return ((engine !== undefined ? samplers.get(engine) : undefined) ?? samplers.values().next().value)?.sampler;
  },
  close(services: Services): void {
    const self = session(services);
    for (const one of self.current.values()) one.sampler.close();
    self.current.clear();
  },
};

// After every action: sample exactly the containers that should be (cheap when nothing changed).
export function followScreen(services: Services): void {
  const rows = rowsToSample(services.store.get());
  const self = session(services);
  if (!rows.length && !self.current.size) return;
  const sessions = services.engines();
  for (const engine of sessions) {
    const docker = engine.client?.docker;
    // With one engine every row is its own (rows listed before a switch carry no other name).
    const ids = rows.filter(row => sessions.length === 1 || row.engine === engine.name).map(row => row.id);
    let current = self.current.get(engine.name);
    if (current && current.docker !== docker) {
      current.sampler.close();
      self.current.delete(engine.name);
      current = undefined;
    }
    if (!docker || (!ids.length && !current)) continue;
    if (!current) {
      const sampler = new StatsSampler(docker, engine.client?.api, UI_ROUND_MS_PER_CONTAINER);
      current = {docker, sampler};
      self.current.set(engine.name, current);
      sampler.subscribe(() => publish(services));
    }
    current.sampler.want(ids);
  }
  for (const [name, current] of self.current)
    if (!sessions.some(engine => engine.name === name)) {
      current.sampler.close();
      self.current.delete(name);
    }
}

// Only what would change on screen reaches the store: an idle container's 0.0% does not re-render.
function publish(services: Services): void {
  const state = services.store.get();
  const samplers = session(services).current;
  const previous = state.containers.stats.usage;
  const usage: Record<string, Usage> = {};
  let changed = state.overlay?.kind === 'stats';
  let version = 0;
  for (const one of samplers.values()) version += one.sampler.version;
  for (const row of rowsToSample(state)) {
    const one =
      (row.engine !== undefined ? samplers.get(row.engine) : undefined) ??
      (samplers.size === 1 ? samplers.values().next().value : undefined);
    const latest = one?.sampler.latest(row.id);
    if (!latest) continue;
    const before = previous[row.id];
    if (before && cpuText(before) === cpuText(latest) && memText(before) === memText(latest)) usage[row.id] = before;
    else {
      usage[row.id] = latest;
      changed = true;
    }
  }
  if (changed || Object.keys(previous).length !== Object.keys(usage).length)
    services.dispatch({type: 'containers.usage', usage, version, background: true});
}
