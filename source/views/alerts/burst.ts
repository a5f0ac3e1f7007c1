import {alertEntry, alertText, perContainer, wanted, type AlertEntry} from '../../engine/events/alert-rules.js';
import type {EngineEvent} from '../../engine/events/engine-event.js';
import {DEFAULT_ALERTS} from '../../engine/events/alert-rules.js';
import {alertTerminal} from '../../terminal-notify.js';
import {perApp} from '../kit/runtime.js';
import type {Services} from '../types.js';

// Alerts of one burst wait this long for more (50 containers dying one after another, an OOM kill's `oom` and
// `die`) and go out as one, at most MAX_WAIT_MS after the first.
const QUIET_MS = 400;
const MAX_WAIT_MS = 2000;
// Berth's own stop, kill, restart or remove ends the container: its `die` is no alert. The mark stays this
// long after the operation returned (the engine's event may come after the answer).
const OWN_GRACE_MS = 10_000;

type Bursts = {
  pending: AlertEntry[];
  first?: number;
  timer?: NodeJS.Timeout;
  // Container IDs berth is operating on (until: Infinity while under way).
  own: Map<string, number>;
  // Compose projects (engine/project) a compose command berth runs is working on: down and stop end their
  // containers with 137 or 143.
  ownProjects: Map<string, number>;
};

const bursts = perApp<Bursts>(
  () => ({pending: [], own: new Map(), ownProjects: new Map()}),
  self => clearTimeout(self.timer),
);

// containers.busy carries containerKey (engine/ID): the ID is what an event names.
const idOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

export function markOwn(services: Services, keys: readonly string[], underWay: boolean): void {
  mark(bursts(services).own, keys.map(idOf), underWay);
}

// `project` as the compose view names its runs: engine/project with several engines, else the project.
export function markOwnProject(services: Services, project: string, underWay: boolean): void {
  mark(bursts(services).ownProjects, [project], underWay);
}

function mark(marks: Map<string, number>, keys: readonly string[], underWay: boolean): void {
  const until = underWay ? Number.POSITIVE_INFINITY : Date.now() + OWN_GRACE_MS;
  for (const key of keys) marks.set(key, until);
  // Forget the old marks (a long session operates on many containers).
  if (marks.size > 1000) for (const [key, at] of marks) if (at < Date.now()) marks.delete(key);
}

const isOwn = (marks: Map<string, number>, key: string | undefined) =>
  key !== undefined && (marks.get(key) ?? 0) >= Date.now();

export function takeAlertEvent(services: Services, event: EngineEvent, engine: string | undefined): void {
  const settings = services.config.alerts ?? DEFAULT_ALERTS;
  const entry = alertEntry(event, engine);
  if (!entry || !wanted(settings, entry)) return;
  const self = bursts(services);
  const project = entry.project === undefined ? undefined : engine ? `${engine}/${entry.project}` : entry.project;
  if (isOwn(self.own, entry.id) || isOwn(self.ownProjects, project)) return;
  self.pending.push(entry);
  const now = Date.now();
  self.first ??= now;
  clearTimeout(self.timer);
  self.timer = setTimeout(() => raise(services), Math.max(0, Math.min(QUIET_MS, self.first + MAX_WAIT_MS - now)));
}

function raise(services: Services): void {
  const self = bursts(services);
  const entries = self.pending;
  self.pending = [];
  self.first = undefined;
  self.timer = undefined;
  if (!entries.length) return;
  const {title, body} = alertText(entries);
  services.dispatch({type: 'alerts.raised', text: body, count: perContainer(entries).length});
  alertTerminal({title, body, notify: (services.config.alerts ?? DEFAULT_ALERTS).notify});
}
