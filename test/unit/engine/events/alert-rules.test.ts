import {describe, expect, test} from 'vitest';
import {
  alertEntry,
  alertText,
  DEFAULT_ALERTS,
  perContainer,
  wanted,
  type AlertEntry,
} from '../../../../source/engine/events/alert-rules.js';
import type {EngineEvent} from '../../../../source/engine/events/engine-event.js';

const container = (Action: string, name: string, attributes: Record<string, string> = {}): EngineEvent => ({
  Type: 'container',
  Action,
  Actor: {ID: `${name}-id`, Attributes: {name, image: 'busybox', ...attributes}},
});

describe('what alerts', () => {
  test('a non-zero exit, an OOM kill and an unhealthy check do; a clean exit and other events do not', () => {
    expect(alertEntry(container('die', 'web', {exitCode: '3'}))).toMatchObject({kind: 'die', exitCode: 3, name: 'web'});
    expect(alertEntry(container('die', 'web', {exitCode: '0'}))).toBeUndefined();
    expect(alertEntry(container('oom', 'db'))).toMatchObject({kind: 'oom', name: 'db'});
    expect(alertEntry(container('health_status: unhealthy', 'api'))).toMatchObject({kind: 'unhealthy'});
    expect(alertEntry(container('health_status: healthy', 'api'))).toBeUndefined();
    expect(alertEntry(container('start', 'web'))).toBeUndefined();
    expect(alertEntry({Type: 'image', Action: 'die'})).toBeUndefined();
  });

  test('the config picks the kinds and the containers (patterns as :stop takes them)', () => {
    const entry = alertEntry(container('die', 'web-1', {exitCode: '1'})) as AlertEntry;
    expect(wanted(DEFAULT_ALERTS, entry)).toBe(true);
    expect(wanted({...DEFAULT_ALERTS, events: ['oom']}, entry)).toBe(false);
    expect(wanted({...DEFAULT_ALERTS, containers: ['web*']}, entry)).toBe(true);
    expect(wanted({...DEFAULT_ALERTS, containers: ['db', 'web']}, entry)).toBe(false);
  });

  test("a name from the engine is cleaned: it cannot write to the user's terminal", () => {
    const entry = alertEntry(container('die', 'evil\x1b]0;title\x07name', {exitCode: '1'})) as AlertEntry;
    expect(entry.name).not.toMatch(/[\x00-\x1f]/);
  });
});

describe('one alert for a burst', () => {
  test('an OOM kill (oom, then die 137) is one container, said as OOM-killed', () => {
    const entries = [container('oom', 'db'), container('die', 'db', {exitCode: '137'})].map(
      event => alertEntry(event) as AlertEntry,
    );
    expect(perContainer(entries)).toHaveLength(1);
    expect(alertText(entries).body).toBe('db was OOM-killed');
  });

  test('50 deaths make one line that counts them', () => {
    const entries = Array.from(
      {length: 50},
      (_, i) => alertEntry(container('die', `job-${i}`, {exitCode: '1'})) as AlertEntry,
    );
    const {title, body} = alertText(entries);
    expect(title).toBe('berth: 50 containers need attention');
    expect(body).toBe('job-0 exited with code 1; job-1 exited with code 1; job-2 exited with code 1; and 47 more');
  });
});
