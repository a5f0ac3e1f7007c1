import {startPrivateEngine, type PrivateEngine} from './private-engine.js';

// A two-node swarm of the test's own: a manager (advertising 127.0.0.1) and a worker (127.0.0.2), each a
// private dockerd (own data root, exec root, socket; no bridge, no iptables) with the bench's busybox image
// loaded, since the nodes have no registry to pull from. Both report the same hostname: tell them apart by
// node ID. Ports come from the process id so that two test files can each run a swarm at once.
export type TestSwarm = {
  manager: PrivateEngine;
  worker: PrivateEngine;
  managerNodeId: string;
  workerNodeId: string;
  // docker CLI against the manager.
  docker(args: string[], input?: string | Buffer): string;
  stop(): Promise<void>;
};

let next = 0;

function swarmPorts(): {manager: number; worker: number} {
  // 20000–27999, two ports per swarm, distinct per process and per swarm in that process; below the kernel's
  // ephemeral range (32768 and up), where an outgoing connection of another test can hold the port.
  const base = 20_000 + ((process.pid * 7 + next++ * 2) % 4_000) * 2;
  return {manager: base, worker: base + 1};
}

// `swarm init` on a port another process holds fails with "address already in use": the next pair is tried.
function initSwarm(manager: PrivateEngine): {manager: number; worker: number} {
  for (let attempt = 1; ; attempt++) {
    const ports = swarmPorts();
    try {
      manager.docker([
        'swarm',
        'init',
        '--advertise-addr',
        `127.0.0.1:${ports.manager}`,
        '--listen-addr',
        `127.0.0.1:${ports.manager}`,
      ]);
      return ports;
    } catch (error) {
      if (attempt >= 5 || !/address already in use/.test(String((error as Error).message))) throw error;
      // The failed init may leave the node half in a swarm of its own.
      try {
        manager.docker(['swarm', 'leave', '--force']);
      } catch {
        // Not in one.
      }
    }
  }
}

export async function startSwarm(options: {worker?: boolean} = {}): Promise<TestSwarm> {
  const manager = await startPrivateEngine();
  let worker: PrivateEngine | undefined;
  try {
    manager.loadBusybox();
    const ports = initSwarm(manager);
    const managerNodeId = manager.docker(['info', '--format', '{{.Swarm.NodeID}}']).trim();
    let workerNodeId = '';
    if (options.worker !== false) {
      worker = await startPrivateEngine();
      worker.loadBusybox();
      const token = manager.docker(['swarm', 'join-token', '-q', 'worker']).trim();
      worker.docker([
        'swarm',
        'join',
        '--token',
        token,
        '--advertise-addr',
        `127.0.0.2:${ports.worker}`,
        '--listen-addr',
        `127.0.0.2:${ports.worker}`,
        `127.0.0.1:${ports.manager}`,
      ]);
      workerNodeId = worker.docker(['info', '--format', '{{.Swarm.NodeID}}']).trim();
      // The manager sees the worker ready before tasks are placed on it.
      const deadline = Date.now() + 30_000;
      while (manager.docker(['node', 'inspect', workerNodeId, '--format', '{{.Status.State}}']).trim() !== 'ready') {
        if (Date.now() > deadline) throw new Error('the worker node did not become ready within 30 s');
        await new Promise(resolve => setTimeout(resolve, 200));
      }
    }
    const w = worker;
    return {
      manager,
      worker: w!,
      managerNodeId,
      workerNodeId,
      docker: (args, input) => manager.docker(args, input),
      async stop() {
        await Promise.all([w?.stop(), manager.stop()]);
      },
    };
  } catch (error) {
    await Promise.all([worker?.stop(), manager.stop()]);
    throw error;
  }
}

// Waits until `check` returns a value (not undefined); throws with `what` after `ms`.
export async function eventually<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}${last ? `: ${last instanceof Error ? String(last) : JSON.stringify(last)}` : ''}`,
      );
    await new Promise(resolve => setTimeout(resolve, 200));
  }
}
