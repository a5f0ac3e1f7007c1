import {spawnSync} from 'node:child_process';
import {connect, createServer, type Server, type Socket} from 'node:net';
import {readFileSync, existsSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {LogSession, type LogLine} from '../../source/engine/logs/log-session.js';
import {
  inspectService,
  listNodes,
  listSecrets,
  listServices,
  listTasks,
  swarmRole,
} from '../../source/engine/swarm/lists.js';
import {ServiceLogPrefixer, splitDetails} from '../../source/engine/swarm/log-prefix.js';
import {
  createSecret,
  parseReplicas,
  redeployService,
  removeSecret,
  removeService,
  scaleService,
  setNodeAvailability,
} from '../../source/engine/swarm/operations.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, BUSYBOX} from '../helpers/bench.js';
import {scratchDir} from '../helpers/scratch.js';
import {eventually, startSwarm, type TestSwarm} from '../helpers/swarm.js';
import {at, firstGroup} from '../helpers/found.js';

// A real two-node swarm of this file's own (manager 127.0.0.1, worker 127.0.0.2), stopped in afterAll; the docker
// CLI against the manager is the oracle.

let swarm: TestSwarm;
let client: EngineClient;
const state = scratchDir('berth-swarm-state-');

// Numbered lines, each naming its task: "<task id> line N", ten a second.
const COUNTER = 'i=0; while :; do i=$((i+1)); echo "$T line $i"; sleep 0.1; done';

function berth(args: string[], input?: string) {
  return spawnSync('node', ['bin/berth.js', ...args], {
    encoding: 'utf8',
    input,
    env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, DOCKER_HOST: swarm.manager.host},
    timeout: 30_000,
  });
}

function createService(name: string, replicas: number, command: string, extra: string[] = []): string {
  return swarm
    .docker([
      'service',
      'create',
      '-d',
      '--name',
      name,
      '--replicas',
      String(replicas),
      '--env',
      'T={{.Task.ID}}',
      ...extra,
      BUSYBOX,
      'sh',
      '-c',
      command,
    ])
    .trim();
}

// `docker service ps` as the oracle: tasks the orchestrator wants running, and how many run.
function running(service: string): {wanted: number; running: number; nodes: Set<string>} {
  const rows = swarm
    .docker([
      'service',
      'ps',
      service,
      '--filter',
      'desired-state=running',
      '--format',
      '{{.ID}} {{.CurrentState}}',
      '--no-trunc',
    ])
    .trim()
    .split('\n')
    .filter(Boolean);
  const ids = swarm
    .docker(['service', 'ps', service, '--filter', 'desired-state=running', '-q', '--no-trunc'])
    .trim()
    .split('\n')
    .filter(Boolean);
  const nodes = new Set(
    ids.map(id => swarm.docker(['inspect', '--type', 'task', id, '--format', '{{.NodeID}}']).trim()),
  );
  return {wanted: rows.length, running: rows.filter(row => / Running /.test(`${row} `)).length, nodes};
}

beforeAll(async () => {
  swarm = await startSwarm();
  client = await connectEngine(resolveEngineTarget({}, {DOCKER_HOST: swarm.manager.host}));
}, 120_000);

afterAll(async () => {
  client?.close();
  await swarm?.stop();
  // No swarm engine of this file is left running.
  expect(existsSync(swarm.manager.socket)).toBe(false);
}, 60_000);

describe('swarm through the engine API, the docker CLI as oracle', () => {
  test('the manager is a manager; nodes, services and secrets match docker node/service/secret ls', async () => {
    const role = await swarmRole(client.docker);
    expect(role).toMatchObject({state: 'active', manager: true, nodeId: swarm.managerNodeId});
    const worker = await swarmRole(
      await connectEngine(resolveEngineTarget({}, {DOCKER_HOST: swarm.worker.host})).then(
        c => (setTimeout(() => c.close(), 1000), c.docker),
      ),
    );
    expect(worker).toMatchObject({state: 'active', manager: false});

    swarm.docker(['secret', 'create', 'listed-secret', '-'], 'value-for-listing');
    createService('listed', 1, 'sleep 100000', ['--secret', 'listed-secret']);
    const nodes = await listNodes(client.docker, role.nodeId);
    const cliNodes = swarm
      .docker(['node', 'ls', '--format', '{{.ID}} {{.Status}} {{.ManagerStatus}}'])
      .trim()
      .split('\n');
    expect(nodes.map(node => `${node.id} ${node.state} ${node.managerStatus}`.trim()).sort()).toEqual(
      cliNodes.map(line => line.trim().replace('Ready', 'ready')).sort(),
    );
    expect(nodes.map(node => node.id).sort()).toEqual([swarm.managerNodeId, swarm.workerNodeId].sort());
    // Both report the same hostname: the rows differ by ID.
    expect(new Set(nodes.map(node => node.hostname)).size).toBe(1);

    await eventually('listed running', async () =>
      (await listServices(client.docker)).find(s => s.name === 'listed')?.running === 1 ? true : undefined,
    );
    const services = await listServices(client.docker);
    const cliServices = swarm
      .docker(['service', 'ls', '--format', '{{.Name}} {{.Mode}} {{.Replicas}}'])
      .trim()
      .split('\n');
    expect(services.map(s => `${s.name} ${s.mode} ${s.running}/${s.desired}`).sort()).toEqual(
      cliServices.map(line => line.trim()).sort(),
    );
    expect(services.find(s => s.name === 'listed')?.secrets).toEqual(['listed-secret']);

    const secrets = await listSecrets(client.docker);
    expect(secrets.map(s => s.name).sort()).toEqual(
      swarm.docker(['secret', 'ls', '--format', '{{.Name}}']).trim().split('\n').sort(),
    );
    // Names, dates, labels: never a value.
    expect(JSON.stringify(secrets)).not.toContain('value-for-listing');

    // Headless, same answers.
    const headless = berth(['swarm', 'services', '--json']);
    expect(headless.status, headless.stderr).toBe(0);
    expect((JSON.parse(headless.stdout) as {name: string}[]).map(s => s.name).sort()).toEqual(
      services.map(s => s.name).sort(),
    );
    const nodesText = berth(['swarm', 'nodes']);
    expect(nodesText.stdout).toContain(swarm.workerNodeId);
    expect(berth(['swarm', 'secrets']).stdout).toContain('listed-secret');
    swarm.docker(['service', 'rm', 'listed']);
  }, 90_000);

  test('scale 2 → 4 → 1 converges, with tasks on both nodes', async () => {
    const id = createService('scaled', 2, 'sleep 100000');
    await eventually('2 running', () => (running('scaled').running === 2 ? true : undefined));
    await scaleService(client.docker, id, 4);
    await eventually('4 running', () => (running('scaled').running === 4 ? true : undefined));
    const four = running('scaled');
    expect(four.nodes).toEqual(new Set([swarm.managerNodeId, swarm.workerNodeId]));
    const tasks = await listTasks(client.docker, id);
    expect(tasks.filter(task => task.desiredState === 'running' && task.state === 'running')).toHaveLength(4);
    // Newest first.
    expect([...tasks].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(t => t.id)).toEqual(
      tasks.map(t => t.id),
    );
    await scaleService(client.docker, id, 1);
    await eventually('1 running', () => {
      const now = running('scaled');
      return now.running === 1 && now.wanted === 1 ? true : undefined;
    });
    // The engine's own counts (what the swarm view shows) follow.
    await eventually('listed 1/1', async () => {
      const row = (await listServices(client.docker)).find(s => s.id === id);
      return row?.running === 1 && row.desired === 1 ? true : undefined;
    });
    swarm.docker(['service', 'rm', id]);
  }, 120_000);

  test('scales of one service asked at once land in the order asked: the last one is what the engine keeps', async () => {
    const id = createService('ordered', 0, 'sleep 100000');
    // Without the order, all eight read the same version; the engine refuses seven ("out of sequence"), and whichever
    // retried last won (or a scale failed after its retries).
    await Promise.all([0, 3, 1, 4, 2, 5, 0, 2].map(replicas => scaleService(client.docker, id, replicas)));
    const {row} = await inspectService(client.docker, id);
    expect(row.desired).toBe(2);
    swarm.docker(['service', 'rm', id]);
  }, 60_000);

  test('headless against an engine that is not a manager: a clear error, exit 1; bad usage exit 2', () => {
    const plain = spawnSync('node', ['bin/berth.js', 'swarm', 'services'], {
      encoding: 'utf8',
      env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, ...benchEnv()},
      timeout: 30_000,
    });
    expect(plain.status).toBe(1);
    expect(plain.stderr).toContain('this engine is not part of a swarm (state inactive)');
    const worker = spawnSync('node', ['bin/berth.js', 'swarm', 'nodes'], {
      encoding: 'utf8',
      env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, DOCKER_HOST: swarm.worker.host},
      timeout: 30_000,
    });
    expect(worker.status).toBe(1);
    expect(worker.stderr).toContain('this engine is a swarm worker');
    const usage = berth(['swarm', 'tasks']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: berth swarm services|nodes|secrets [--json]');
    expect(berth(['secret', 'rm', 'x']).status).toBe(2);
  });

  test('bad replicas are refused before anything is sent', () => {
    for (const bad of ['-1', 'x', '2.5', '', ' 3x', '1e3'])
      expect(() => parseReplicas(bad), bad).toThrow(/whole number/);
    expect(parseReplicas(' 3 ')).toBe(3);
    expect(parseReplicas('0')).toBe(0);
  });

  test('service logs: lines from tasks on both nodes, none lost or repeated across a scale 2 → 4 → 1', async () => {
    const id = createService('counted', 2, COUNTER);
    await eventually('2 running', () => (running('counted').running === 2 ? true : undefined));
    const prefixer = new ServiceLogPrefixer(client.docker, id, 'counted');
    await prefixer.refresh();
    const session = new LogSession(client.docker, {
      containerId: id,
      source: {kind: 'service', id},
      rewrite: prefixer.rewrite,
      resolve: prefixer.resolve,
      window: {tail: 'all'},
      follow: true,
      bufferLines: 100_000,
    });
    session.start();
    try {
      await eventually('lines from 2 tasks', () => (tasksIn(session.buffer.toArray()).size >= 2 ? true : undefined));
      await scaleService(client.docker, id, 4);
      await eventually(
        'lines from 4 tasks',
        () => (tasksIn(session.buffer.toArray()).size >= 4 ? true : undefined),
        60_000,
      );
      await new Promise(resolve => setTimeout(resolve, 1500));
      await scaleService(client.docker, id, 1);
      await eventually(
        '1 running',
        () => (running('counted').running === 1 && running('counted').wanted === 1 ? true : undefined),
        60_000,
      );
      await new Promise(resolve => setTimeout(resolve, 1500));
    } finally {
      session.stop();
    }
    const lines = session.buffer.toArray().filter(line => line.stream !== 'system');
    // Every line carries service.slot@node, and both nodes spoke.
    const nodes = new Set<string>();
    for (const line of lines) {
      nodes.add(firstGroup(/^counted\.\d+@([a-z0-9]{12}) \| \S+ line \d+$/, line.text));
    }
    expect(nodes).toEqual(new Set([swarm.managerNodeId.slice(0, 12), swarm.workerNodeId.slice(0, 12)]));
    // Per task, the numbers run 1, 2, 3, … without a gap or a repeat.
    const byTask = numbersByTask(lines.map(line => line.text.replace(/^\S+ \| /, '')));
    expect(byTask.size).toBe(4);
    for (const [task, numbers] of byTask) expect(numbers, task).toEqual(numbers.map((_, i) => i + 1));
    // The oracle: what `docker service logs` reads of each task (it may end later) begins with what berth read.
    const cli = numbersByTask(swarm.docker(['service', 'logs', '--raw', id]).split('\n').filter(Boolean));
    for (const [task, numbers] of byTask) expect(cli.get(task)?.slice(0, numbers.length), task).toEqual(numbers);
    swarm.docker(['service', 'rm', id]);
  }, 180_000);

  test('the details prefix is read, and a line without details is left alone', () => {
    const split = splitDetails(
      Buffer.from(
        'com.docker.swarm.node.id=n1,com.docker.swarm.service.id=s1,com.docker.swarm.task.id=t1 hello world\n',
      ),
    );
    expect(split).toMatchObject({taskId: 't1', nodeId: 'n1'});
    expect(split!.rest.toString()).toBe('hello world\n');
    expect(splitDetails(Buffer.from('plain line\n'))).toBeUndefined();
  });

  test('secrets from stdin and from berth are usable by a service, never echoed or logged; one in use is explained', async () => {
    const value = `s3cr3t-${process.pid}-value`;
    // berth secret create NAME - (stdin), as a script would.
    const made = berth(['secret', 'create', 'from-stdin', '-'], value);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout + made.stderr).not.toContain(value);
    // The engine API path the UI's masked prompt uses.
    await createSecret(client.docker, 'from-prompt', Buffer.from(`${value}-prompt`));
    const check = (name: string, expected: string) =>
      `if [ "$(cat /run/secrets/${name})" = "${expected}" ]; then echo MATCH; else echo MISMATCH; fi; sleep 100000`;
    const user = createService('uses-secrets', 1, `${check('from-stdin', value)}`, [
      '--secret',
      'from-stdin',
      '--secret',
      'from-prompt',
    ]);
    const prompt = createService('uses-prompt', 1, `${check('from-prompt', `${value}-prompt`)}`, [
      '--secret',
      'from-prompt',
    ]);
    await eventually(
      'MATCH from-stdin',
      () => (swarm.docker(['service', 'logs', '--raw', user]).includes('MATCH') ? true : undefined),
      60_000,
    );
    await eventually(
      'MATCH from-prompt',
      () => (swarm.docker(['service', 'logs', '--raw', prompt]).includes('MATCH') ? true : undefined),
      60_000,
    );
    expect(swarm.docker(['service', 'logs', '--raw', user])).not.toContain('MISMATCH');
    expect(swarm.docker(['service', 'logs', '--raw', prompt])).not.toContain('MISMATCH');

    // In use: refused, naming the services.
    const secret = (await listSecrets(client.docker)).find(s => s.name === 'from-prompt')!;
    await expect(removeSecret(client.docker, secret)).rejects.toThrow(
      /from-prompt is in use by .*uses-prompt.*uses-secrets|from-prompt is in use by .*uses-secrets.*uses-prompt/,
    );
    const headlessRm = berth(['secret', 'create', 'from-stdin', '-'], value);
    expect(headlessRm.status).toBe(1);
    expect(headlessRm.stderr).toMatch(/from-stdin not created: .*(exists|conflict)/i);
    expect(headlessRm.stderr).not.toContain(value);
    // A bad name or an empty value: clear, and nothing sent.
    await expect(createSecret(client.docker, 'bad name', Buffer.from('x'))).rejects.toThrow(/not a valid secret name/);
    await expect(createSecret(client.docker, 'empty', Buffer.alloc(0))).rejects.toThrow(/empty/);

    // The command log has the command, never the value.
    const log = readFileSync(join(state, 'berth', 'commands.log'), 'utf8');
    expect(log).toContain('docker secret create from-stdin -');
    expect(log).not.toContain(value);
    swarm.docker(['service', 'rm', user, prompt]);
    await eventually('secret free', async () => {
      try {
        await removeSecret(client.docker, secret);
        return true;
      } catch {
        return undefined;
      }
    });
  }, 150_000);

  test('redeploy replaces every task (ForceUpdate); drain and active move tasks off and back; remove removes', async () => {
    const id = createService('redeployed', 2, 'sleep 100000');
    await eventually('2 running', () => (running('redeployed').running === 2 ? true : undefined));
    const before = new Set(
      (await listTasks(client.docker, id)).filter(t => t.desiredState === 'running').map(t => t.id),
    );
    await redeployService(client.docker, id);
    expect(swarm.docker(['service', 'inspect', id, '--format', '{{.Spec.TaskTemplate.ForceUpdate}}']).trim()).toBe('1');
    await eventually(
      '2 new tasks running',
      async () => {
        const now = (await listTasks(client.docker, id)).filter(
          t => t.desiredState === 'running' && t.state === 'running',
        );
        return now.length === 2 && now.every(t => !before.has(t.id)) ? true : undefined;
      },
      90_000,
    );

    await setNodeAvailability(client.docker, swarm.workerNodeId, 'drain');
    expect(swarm.docker(['node', 'inspect', swarm.workerNodeId, '--format', '{{.Spec.Availability}}']).trim()).toBe(
      'drain',
    );
    await eventually(
      'no task on the drained worker',
      () => {
        const now = running('redeployed');
        return now.running === 2 && !now.nodes.has(swarm.workerNodeId) ? true : undefined;
      },
      90_000,
    );
    await setNodeAvailability(client.docker, swarm.workerNodeId, 'active');
    expect(swarm.docker(['node', 'inspect', swarm.workerNodeId, '--format', '{{.Spec.Availability}}']).trim()).toBe(
      'active',
    );

    await removeService(client.docker, id);
    expect(swarm.docker(['service', 'ls', '--filter', 'name=redeployed', '-q']).trim()).toBe('');
    await expect(removeService(client.docker, id)).rejects.toThrow(/not found/i);
  }, 240_000);

  test('a service log follow cut mid-stream resumes: per task, numbers consecutive, no duplicates, no gaps', async () => {
    // A TCP forwarder to the manager's socket that the test cuts, as when the manager restarts or the link fails.
    const sockets = new Set<Socket>();
    const peers = new Set<Socket>();
    const server: Server = createServer(peer => {
      const engine = connect(swarm.manager.socket);
      peers.add(peer);
      peer.on('close', () => peers.delete(peer));
      for (const socket of [peer, engine]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          peer.destroy();
          engine.destroy();
        });
      }
      peer.pipe(engine);
      engine.pipe(peer);
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as {port: number}).port;
    const proxied = await connectEngine(resolveEngineTarget({host: `tcp://127.0.0.1:${port}`}, {}));
    const id = createService('resumed', 2, 'i=0; while :; do i=$((i+1)); echo "$T line $i"; usleep 50000; done');
    await eventually('2 running', () => (running('resumed').running === 2 ? true : undefined));
    const prefixer = new ServiceLogPrefixer(proxied.docker, id, 'resumed');
    const session = new LogSession(proxied.docker, {
      containerId: id,
      source: {kind: 'service', id},
      rewrite: prefixer.rewrite,
      resolve: prefixer.resolve,
      window: {tail: 'all'},
      follow: true,
      bufferLines: 100_000,
    });
    session.start();
    const count = () => session.buffer.toArray().filter(line => line.stream !== 'system').length;
    try {
      await eventually('streaming', () => (session.status === 'streaming' && count() > 20 ? true : undefined));
      // A reset on berth's side (TCP), the engine's side (a unix socket) just closed.
      for (const socket of sockets) {
        if (peers.has(socket)) socket.resetAndDestroy();
        else socket.destroy();
      }
      await eventually('reconnecting', () => (session.status === 'reconnecting' ? true : undefined), 5000);
      const before = count();
      await eventually(
        'streaming again',
        () => (session.status === 'streaming' && count() > before + 40 ? true : undefined),
        20_000,
      );
    } finally {
      session.stop();
      proxied.close();
      for (const socket of sockets) socket.destroy();
      server.close();
    }
    const lines = session.buffer.toArray();
    const byTask = numbersByTask(
      lines.filter(line => line.stream !== 'system').map(line => line.text.replace(/^\S+ \| /, '')),
    );
    expect(byTask.size).toBe(2);
    for (const [task, numbers] of byTask) expect(numbers, task).toEqual(numbers.map((_, i) => at(numbers, 0) + i));
    expect(lines.filter(line => line.stream === 'system').map(line => line.text)).toEqual(
      expect.arrayContaining(['log stream resumed']),
    );
    swarm.docker(['service', 'rm', id]);
  }, 120_000);

  test('a worker that goes down shows as down; the lists keep working', async () => {
    await swarm.worker.stop();
    const down = await eventually(
      'the worker down',
      async () => {
        const nodes = await listNodes(client.docker, swarm.managerNodeId);
        return nodes.find(node => node.id === swarm.workerNodeId)?.state === 'down' ? nodes : undefined;
      },
      90_000,
    );
    expect(down.find(node => node.id === swarm.managerNodeId)?.state).toBe('ready');
    expect(swarm.docker(['node', 'ls', '--filter', `id=${swarm.workerNodeId}`, '--format', '{{.Status}}']).trim()).toBe(
      'Down',
    );
    const headless = berth(['swarm', 'nodes']);
    expect(headless.stdout).toMatch(new RegExp(`${swarm.workerNodeId} +\\S+ +down`));
    await expect(listServices(client.docker)).resolves.toBeDefined();
  }, 120_000);
});

describe('a manager that loses quorum', () => {
  test('two managers, one stops: the lists fail with a clear reason (the engine never answers), /info still says manager', async () => {
    const pair = await startSwarm();
    try {
      pair.docker(['node', 'promote', pair.workerNodeId]);
      await eventually('two managers reachable', () =>
        pair.docker(['node', 'ls', '--filter', 'role=manager', '--format', '{{.ManagerStatus}}']).trim().split('\n')
          .length === 2
          ? true
          : undefined,
      );
      const managerClient = await connectEngine(resolveEngineTarget({}, {DOCKER_HOST: pair.manager.host}));
      try {
        await pair.worker.stop();
        const reason = await eventually(
          'the lists refused',
          async () => {
            try {
              await listServices(managerClient.docker);
              return undefined;
            } catch (error) {
              return (error as Error).message;
            }
          },
          90_000,
        );
        expect(reason).toMatch(/leader|quorum|too few managers/i);
        expect(reason).not.toMatch(/operation was aborted/);
        // The view keeps its tab (the engine is still a manager) and shows this reason in its error line.
        expect(await swarmRole(managerClient.docker)).toMatchObject({manager: true});
      } finally {
        managerClient.close();
      }
    } finally {
      await pair.stop();
    }
  }, 180_000);
});

function tasksIn(lines: readonly LogLine[]): Set<string> {
  return new Set(
    lines.map(line => /\| (\S+) line/.exec(line.text)?.[1]).filter((task): task is string => Boolean(task)),
  );
}

function numbersByTask(texts: readonly string[]): Map<string, number[]> {
  const byTask = new Map<string, number[]>();
  for (const text of texts) {
    const [, task, number] = /^(\S+) line (\d+)$/.exec(text.trim()) ?? [];
    if (task === undefined || number === undefined) continue;
    byTask.set(task, [...(byTask.get(task) ?? []), Number(number)]);
  }
  return byTask;
}
