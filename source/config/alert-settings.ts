import {ALERT_KINDS, DEFAULT_ALERTS, type AlertKind, type AlertSettings} from '../engine/events/alert-rules.js';
import {namePattern} from '../engine/containers/name-pattern.js';

const isKind = (value: unknown): value is AlertKind => (ALERT_KINDS as readonly unknown[]).includes(value);

// alerts: false (none), true (the defaults), or {events: [die, oom, unhealthy], containers: [web*, db], notify}.
// A bad part keeps that part's default and says why.
export function parseAlertSettings(value: unknown, bad: (key: string, why: string) => void): AlertSettings {
  if (value === false) return {...DEFAULT_ALERTS, events: []};
  if (value === true || value === null) return DEFAULT_ALERTS;
  if (typeof value !== 'object' || Array.isArray(value)) {
    bad('alerts', 'must be false, or a mapping {events, containers, notify}');
    return DEFAULT_ALERTS;
  }
  const {events, containers, notify} = value as Record<string, unknown>;
  const settings: AlertSettings = {...DEFAULT_ALERTS};
  if (events !== undefined) {
    if (Array.isArray(events) && events.every(isKind)) settings.events = events;
    else bad('alerts.events', `must be a list of ${ALERT_KINDS.join(', ')}`);
  }
  if (containers !== undefined) {
    const valid = (pattern: unknown) => {
      if (typeof pattern !== 'string') return false;
      try {
        namePattern(pattern);
        return true;
      } catch {
        return false;
      }
    };
    if (Array.isArray(containers) && containers.every(valid)) settings.containers = containers as string[];
    else bad('alerts.containers', 'must be a list of container names, each may end with * (web* is web-1, web-2, …)');
  }
  if (notify !== undefined) {
    if (typeof notify === 'boolean') settings.notify = notify;
    else bad('alerts.notify', 'must be true or false');
  }
  return settings;
}
