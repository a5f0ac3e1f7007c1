import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {parseCommandLine} from '../../../../source/cli/args.js';
import {contextWords, dockerCommand, dockerExecCommand} from '../../../../source/command-log.js';
import {configContexts} from '../../../../source/config.js';
import {parseSystemTime} from '../../../../source/engine/clock.js';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {resolveEngineTargets} from '../../../../source/engine/engine-targets.js';
import type {AppState} from '../../../../source/store/state.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {splitEngineFilter} from '../../../../source/views/kit/merge-engine-rows.js';
import {targetContainers, visibleContainers} from '../../../../source/views/containers/selectors.js';
import {dockerConfigWithContexts} from '../../../helpers/contexts.js';
import {writeFileSync} from 'node:fs';
import {reduce, unitConfig as config} from '../../../helpers/app-state.js';

const row = (engine: string, name: string, state = 'running'): ContainerRow => ({
  id: `id-${name}`,
  engine,
  name,
  image: 'img',
  state,
  status: state,
  ports: '',
  created: 0,
});
const twoEngines = (): AppState => ({
  ...DEFAULT_VIEWS.initialState('t', config),
  viewportRows: 10,
  engines: [
    {name: 'a', connection: {status: 'connecting', target: 'tcp://a:2376'}},
    {name: 'b', connection: {status: 'connecting', target: 'unix:///b.sock'}},
  ],
});
const connected = (target: string) =>
  ({
    status: 'connected',
    target,
    engine: 'Docker 27',
    api: '1.47',
    os: 'linux',
    tls: 'TLS',
    context: 'x',
    unencrypted: false,
  }) as const;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true});
});

describe('several engines: the command line and the config', () => {
  test('--context repeats; --all-contexts is a flag; one --context stays the single-engine form', () => {
    expect(parseCommandLine(['--context', 'a', '--context', 'b']).options).toMatchObject({
      contexts: ['a', 'b'],
      context: undefined,
    });
    expect(parseCommandLine(['-c', 'a']).options).toMatchObject({contexts: ['a'], context: 'a'});
    expect(parseCommandLine(['ps', '--all-contexts', '--json'])).toMatchObject({
      options: {allContexts: true},
      command: ['ps'],
      flags: {json: true},
    });
  });

  test('targets are named by their contexts; a broken context is left out with its line, not the others', () => {
    const dir = dockerConfigWithContexts([
      {name: 'a', host: 'tcp://10.0.0.1:2375'},
      {name: 'b', host: 'unix:///run/b.sock'},
    ]);
    dirs.push(dir);
    const env = {DOCKER_CONFIG: dir};
    const both = resolveEngineTargets({contexts: ['a', 'b'], allContexts: false}, env);
    expect(both.targets.map(t => [t.context, t.url])).toEqual([
      ['a', 'tcp://10.0.0.1:2375'],
      ['b', 'unix:///run/b.sock'],
    ]);
    expect(resolveEngineTargets({contexts: [], allContexts: true}, env).targets.map(t => t.context)).toEqual([
      'a',
      'b',
    ]);
    const missing = resolveEngineTargets({contexts: ['a', 'nope'], allContexts: false}, env);
    expect(missing.targets.map(t => t.context)).toEqual(['a']);
    expect(missing.problems[0]).toMatch(/docker context "nope": not found/);
    expect(() => resolveEngineTargets({contexts: ['a'], allContexts: true}, env)).toThrow(/choose one/);
    expect(() => resolveEngineTargets({contexts: ['a', 'b'], allContexts: false, host: 'tcp://x:1'}, env)).toThrow(
      /choose one/,
    );
    // The config's list applies only when nothing else names an engine.
    expect(
      resolveEngineTargets({contexts: [], allContexts: false}, env, ['b', 'a']).targets.map(t => t.context),
    ).toEqual(['b', 'a']);
    expect(
      resolveEngineTargets({contexts: [], allContexts: false}, {...env, DOCKER_HOST: 'tcp://h:1'}, ['a', 'b']).targets,
    ).toHaveLength(1);
  });

  test('contexts: (or engines:) in the config file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'berth-cfg-'));
    dirs.push(dir);
    const file = join(dir, 'config.yml');
    writeFileSync(file, 'logs:\n  tail: 10\nengines: [a, b, a]\n');
    expect(await configContexts(file, {})).toEqual(['a', 'b']);
    writeFileSync(file, 'logs:\n  tail: 10\n');
    expect(await configContexts(file, {})).toEqual([]);
  });

  test('the command log names the context of a command on one of several engines', () => {
    expect(dockerCommand([...contextWords('prod b'), 'stop', 'web'])).toBe("docker --context 'prod b' stop web");
    expect(dockerExecCommand({context: 'b', containerName: 'web', cmd: ['sh'], tty: true, interactive: true})).toBe(
      'docker --context b exec -it web sh',
    );
    expect(dockerCommand([...contextWords(undefined), 'stop', 'web'])).toBe('docker stop web');
  });

  test('/info SystemTime keeps its fraction of a second', () => {
    expect(parseSystemTime('2026-11-26T08:44:35.123456789Z')).toBe(Date.parse('2026-11-26T08:44:35Z') + 123.456789);
    expect(parseSystemTime('2026-11-26T09:44:35.5+01:00')).toBe(Date.parse('2026-11-26T08:44:35Z') + 500);
    expect(parseSystemTime('yesterday')).toBeUndefined();
  });
});

describe('several engines: view 1', () => {
  test("each engine's list replaces its own rows; the same ID on two engines is two rows, marked apart", () => {
    let state = reduce(twoEngines(), {
      type: 'containers.loaded',
      engine: 'a',
      items: [row('a', 'web'), row('a', 'db')],
    });
    state = reduce(state, {type: 'containers.loaded', engine: 'b', items: [row('b', 'web')]});
    expect(visibleContainers(state).map(r => `${r.engine}/${r.name}`)).toEqual(['a/db', 'a/web', 'b/web']);
    state = reduce(state, {type: 'cursor.down'});
    state = reduce(state, {type: 'list.mark'});
    state = reduce(state, {type: 'cursor.down'});
    state = reduce(state, {type: 'list.mark'});
    expect(state.containers.list.marked).toEqual(['a/id-web', 'b/id-web']);
    expect(targetContainers(state).map(r => r.engine)).toEqual(['a', 'b']);
    // b lists again without web: only b's row goes, and only its mark.
    state = reduce(state, {type: 'containers.loaded', engine: 'b', items: []});
    expect(visibleContainers(state).map(r => `${r.engine}/${r.name}`)).toEqual(['a/db', 'a/web']);
    expect(state.containers.list.marked).toEqual(['a/id-web']);
  });

  test('engine:NAME narrows to one engine; the rest of the filter also matches the engine name', () => {
    expect(splitEngineFilter('engine:b web')).toEqual({engine: 'b', rest: 'web'});
    expect(splitEngineFilter('web engine:b')).toEqual({engine: 'b', rest: 'web'});
    expect(splitEngineFilter('web')).toEqual({rest: 'web'});
    let state = reduce(twoEngines(), {
      type: 'containers.loaded',
      engine: 'a',
      items: [row('a', 'web'), row('a', 'db')],
    });
    state = reduce(state, {type: 'containers.loaded', engine: 'b', items: [row('b', 'web')]});
    const filtered = (filter: string) =>
      visibleContainers({...state, containers: {...state.containers, list: {...state.containers.list, filter}}}).map(
        r => `${r.engine}/${r.name}`,
      );
    expect(filtered('engine:b')).toEqual(['b/web']);
    expect(filtered('engine:a web')).toEqual(['a/web']);
    expect(filtered('a')).toEqual(['a/db', 'a/web']);
  });

  test('the overall connection is down only when every engine is; each engine keeps its own', () => {
    let state = twoEngines();
    state = reduce(state, {type: 'connection', engine: 'b', connection: connected('unix:///b.sock')});
    expect(state.connection.status).toBe('connected');
    state = reduce(state, {
      type: 'connection',
      engine: 'a',
      connection: {status: 'down', target: 'tcp://a:2376', reason: 'refused', retryAt: 1},
    });
    expect(state.connection.status).toBe('connected');
    expect(state.engines?.map(e => e.connection.status)).toEqual(['down', 'connected']);
    // b's going away marks nothing stale as a whole: its rows are marked through state.engines.
    const stale = reduce(state, {type: 'containers.stale', engine: 'b'});
    expect(stale.containers.stale).toBe(false);
    state = reduce(state, {
      type: 'connection',
      engine: 'b',
      connection: {status: 'down', target: 'unix:///b.sock', reason: 'gone', retryAt: 2},
    });
    expect(state.connection).toMatchObject({status: 'down', reason: 'a: refused · b: gone'});
  });
});
