import {namePattern} from '../containers/name-pattern.js';
import type {EngineEvent} from './engine-event.js';
import {cleanText} from './event-record.js';

// What berth alerts on (config `alerts.events`): a container that exits with a code other than 0, one the kernel
// killed for memory, one whose health check turned it unhealthy.
export const ALERT_KINDS = ['die', 'oom', 'unhealthy'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export type AlertSettings = {
  events: readonly AlertKind[];
  // Name patterns (a trailing * is a prefix, as :stop takes them); none: every container.
  containers: readonly string[];
  // A desktop notification through the terminal (OSC 777 and OSC 9) besides the bell.
  notify: boolean;
};

export const DEFAULT_ALERTS: AlertSettings = {events: ALERT_KINDS, containers: [], notify: false};

// One container's trouble, from one event.
export type AlertEntry = {
  id: string;
  name: string;
  kind: AlertKind;
  exitCode?: number;
  engine?: string;
  // The compose project the container belongs to (its label): a compose command berth runs ends it on purpose.
  project?: string;
};

export function alertEntry(event: EngineEvent, engine?: string): AlertEntry | undefined {
  if (event.Type !== 'container') return undefined;
  const attributes = event.Actor?.Attributes ?? {};
  const action = event.Action ?? event.status ?? '';
  const id = event.Actor?.ID ?? event.id ?? '';
  const base = {
    id,
    name: cleanText(attributes.name ?? id.slice(0, 12)),
    ...(engine ? {engine: cleanText(engine)} : {}),
    ...(attributes['com.docker.compose.project'] ? {project: attributes['com.docker.compose.project']} : {}),
  };
  if (action === 'oom') return {...base, kind: 'oom'};
  if (action === 'health_status: unhealthy' || (action === 'health_status' && attributes.health_status === 'unhealthy'))
    return {...base, kind: 'unhealthy'};
  if (action === 'die') {
    const exitCode = Number(attributes.exitCode ?? '0');
    return exitCode === 0 || !Number.isFinite(exitCode) ? undefined : {...base, kind: 'die', exitCode};
  }
  return undefined;
}

// Whether the config wants this alert; a bad pattern was refused when the config was read.
export function wanted(settings: AlertSettings, entry: AlertEntry): boolean {
  if (!settings.events.includes(entry.kind)) return false;
  if (!settings.containers.length) return true;
  return settings.containers.some(pattern => namePattern(pattern).matches(entry.name));
}

// An OOM kill is an `oom` and then a `die` (137): the one alert says OOM-killed.
const WEIGHT: Record<AlertKind, number> = {die: 0, unhealthy: 1, oom: 2};

// The alerts of one burst, one per container (the worst said), in the order they came.
export function perContainer(entries: readonly AlertEntry[]): AlertEntry[] {
  const byContainer = new Map<string, AlertEntry>();
  for (const entry of entries) {
    const key = `${entry.engine ?? ''}/${entry.id}`;
    const before = byContainer.get(key);
    if (!before || WEIGHT[entry.kind] > WEIGHT[before.kind])
      byContainer.set(key, {...entry, exitCode: entry.exitCode ?? before?.exitCode});
  }
  return [...byContainer.values()];
}

const said = (entry: AlertEntry): string => {
  const name = entry.engine ? `${entry.engine}/${entry.name}` : entry.name;
  if (entry.kind === 'oom') return `${name} was OOM-killed`;
  if (entry.kind === 'unhealthy') return `${name} is unhealthy`;
  return `${name} exited with code ${entry.exitCode ?? '?'}`;
};

// One alert for a burst: the first few named, the rest counted (50 deaths make one line, not 50).
export function alertText(entries: readonly AlertEntry[], most = 3): {title: string; body: string} {
  const each = perContainer(entries);
  const first = each.slice(0, most).map(said);
  const rest = each.length - first.length;
  const title =
    each.length === 1 ? 'berth: a container needs attention' : `berth: ${each.length} containers need attention`;
  return {title, body: `${first.join('; ')}${rest > 0 ? `; and ${rest} more` : ''}`};
}
