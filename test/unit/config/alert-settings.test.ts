import {expect, test} from 'vitest';
import {parseAlertSettings} from '../../../source/config/alert-settings.js';

test('alerts: false, a mapping, and bad parts keeping their defaults', () => {
  const problems: string[] = [];
  const bad = (key: string, why: string) => void problems.push(`${key}: ${why}`);
  expect(parseAlertSettings(false, bad).events).toEqual([]);
  expect(parseAlertSettings({events: ['oom'], containers: ['web*'], notify: true}, bad)).toEqual({
    events: ['oom'],
    containers: ['web*'],
    notify: true,
  });
  const broken = parseAlertSettings({events: ['boom'], containers: ['a*b'], notify: 'yes'}, bad);
  expect(broken).toEqual({events: ['die', 'oom', 'unhealthy'], containers: [], notify: false});
  expect(problems.map(p => p.split(':')[0])).toEqual(['alerts.events', 'alerts.containers', 'alerts.notify']);
});
