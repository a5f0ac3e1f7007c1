import {describe, expect, test} from 'vitest';
import {fitColumns} from '../../../source/text/columns.js';
import {compactStatus, shortDuration} from '../../../source/text/status.js';

describe('compact container status', () => {
  test.each([
    ['running', 'Up 13 minutes', 'up 13m'],
    ['running', 'Up About an hour (healthy)', 'up 1h · healthy'],
    ['running', 'Up Less than a second (health: starting)', 'up <1s · starting'],
    ['running', 'Up 3 days (unhealthy)', 'up 3d · unhealthy'],
    ['paused', 'Up 2 hours (Paused)', 'paused · up 2h'],
    ['exited', 'Exited (0) 13 minutes ago', 'exited 0 · 13m ago'],
    ['exited', 'Exited (137) About a minute ago', 'exited 137 · 1m ago'],
    ['restarting', 'Restarting (1) 4 seconds ago', 'restarting 1 · 4s ago'],
    ['created', 'Created', 'created'],
    ['dead', 'Dead', 'dead'],
    ['running', 'Up 2 weeks', 'up 2w'],
    ['weird', 'Something New', 'something new'],
  ])('%s %s → %s', (state, status, expected) => {
    expect(compactStatus(state, status)).toBe(expected);
  });

  test('durations docker prints', () => {
    expect(shortDuration('4 months')).toBe('4mo');
    expect(shortDuration('1 year')).toBe('1y');
    expect(shortDuration('About a minute')).toBe('1m');
  });
});

describe('column widths by priority', () => {
  const columns = [
    {id: 'name', content: 20, required: true},
    {id: 'state', content: 18, required: true},
    {id: 'image', content: 30, min: 12},
    {id: 'ports', content: 20},
    {id: 'age', content: 4},
  ];

  test('everything at its content width when it fits', () => {
    expect(fitColumns(120, columns)).toEqual({name: 20, state: 18, image: 30, ports: 20, age: 4});
  });

  test('less important columns go before the name is cut; a shrinkable one shrinks first', () => {
    const narrow = fitColumns(80, columns);
    expect(narrow.name).toBe(20);
    expect(narrow.state).toBe(18);
    expect(narrow.image).toBe(30);
    expect(narrow.ports).toBe(0);
    expect(narrow.age).toBe(4);
    const tighter = fitColumns(56, columns);
    expect(tighter).toMatchObject({name: 20, state: 18, image: 16, ports: 0, age: 0});
    const tiny = fitColumns(45, columns);
    expect(tiny).toMatchObject({name: 20, state: 18, image: 0, ports: 0, age: 4});
  });

  test('only when the required columns alone do not fit is the first one cut', () => {
    expect(fitColumns(30, columns)).toMatchObject({name: 11, state: 18, image: 0, ports: 0, age: 0});
  });
});

describe('a status written a while ago moves on', () => {
  test('durations are moved by the time since the engine wrote them', () => {
    expect(compactStatus('running', 'Up Less than a second', 4.2)).toBe('up 4s');
    expect(compactStatus('running', 'Up 13 minutes (healthy)', 120)).toBe('up 15m · healthy');
    expect(compactStatus('exited', 'Exited (1) 5 seconds ago', 60)).toBe('exited 1 · 1m ago');
    expect(compactStatus('running', 'Up 2 hours', 0.5)).toBe('up 2h');
  });
});
