import {createServer, connect, type Server, type Socket} from 'node:net';
import {PassThrough, Writable} from 'node:stream';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import type {TerminalStreams} from '../../source/engine/exec/attach-terminal.js';
import {execCapture, execInteractive, quickShellCommand} from '../../source/engine/exec/exec.js';
import {runInteractive} from '../../source/engine/exec/run-interactive.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, BUSYBOX, docker, uniqueName} from '../helpers/bench.js';

// The engine side of exec and run, with in-memory streams standing in for the terminal. What only a real
// terminal shows (raw mode, SIGWINCH, Ctrl-C, the alternate screen) is in test/integration/exec-terminal.test.ts.

type Fake = {
  terminal: TerminalStreams;
  out(): string;
  err(): string;
  type(text: string): void;
  endInput(): void;
  waitFor(pattern: RegExp): Promise<void>;
};

function fakeTerminal(size: {rows: number; columns: number} | undefined = {rows: 30, columns: 100}): Fake {
  let out = '';
  let err = '';
  const stdout = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    }),
    {isTTY: Boolean(size), rows: size?.rows, columns: size?.columns},
  );
  const stderr = new Writable({
    write(chunk: Buffer, _encoding, done) {
      err += chunk.toString();
      done();
    },
  });
  const stdin = new PassThrough();
  return {
    terminal: {stdin, stdout, stderr},
    out: () => out,
    err: () => err,
    type: text => void stdin.write(text),
    endInput: () => void stdin.end(),
    async waitFor(pattern) {
      const deadline = Date.now() + 10_000;
      while (!pattern.test(out)) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${pattern}; output so far: ${JSON.stringify(out)}`);
        await new Promise(resolve => setTimeout(resolve, 20));
      }
    },
  };
}

let client: EngineClient;
const made: string[] = [];

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
});

afterAll(() => {
  client?.close();
  for (const name of made) {
    try {
      docker(['rm', '-f', name]);
    } catch {
      // already gone
    }
  }
});

function startScratchContainer(): string {
  const name = uniqueName('berth-exec');
  docker(['run', '-d', '--name', name, '--label', 'berth-test=exec', BUSYBOX, 'sleep', '600']);
  made.push(name);
  return name;
}

describe('execInteractive', () => {
  test('with a TTY: runs a shell, sizes its terminal, and returns its exit code', async () => {
    const fake = fakeTerminal({rows: 30, columns: 100});
    const running = execInteractive(
      client.docker,
      client.api,
      {containerId: 'bench-idle', cmd: ['sh'], tty: true, interactive: true},
      fake.terminal,
    );
    fake.type('echo $((6*7))\n');
    await fake.waitFor(/\r\n42\r\n/);
    // The resize right after start races the shell's first command, so ask until it has landed.
    fake.type(
      'for i in 1 2 3 4 5 6 7 8 9 10; do [ "$(stty size)" = "30 100" ] && break; sleep 0.1; done; echo "size=$(stty size)"\n',
    );
    await fake.waitFor(/size=\d+ \d+/);
    expect(fake.out()).toContain('size=30 100');
    fake.type('exit 5\n');
    expect(await running).toEqual({exitCode: 5});
  });

  test('without a TTY: stdout and stderr are demultiplexed, stdin reaches the process and its end is EOF', async () => {
    const fake = fakeTerminal(undefined);
    const running = execInteractive(
      client.docker,
      client.api,
      {
        containerId: 'bench-idle',
        cmd: ['sh', '-c', 'cat; echo done-out; echo done-err >&2; exit 3'],
        tty: false,
        interactive: true,
      },
      fake.terminal,
    );
    fake.type('hello through TLS\n');
    await fake.waitFor(/hello through TLS\n/);
    fake.endInput();
    expect(await running).toEqual({exitCode: 3});
    expect(fake.out()).toBe('hello through TLS\ndone-out\n');
    expect(fake.err()).toBe('done-err\n');
  });

  test('-u nobody runs as uid 65534', async () => {
    const fake = fakeTerminal();
    const result = await execInteractive(
      client.docker,
      client.api,
      {containerId: 'bench-idle', cmd: ['id', '-u'], user: 'nobody', tty: true, interactive: false},
      fake.terminal,
    );
    expect(result).toEqual({exitCode: 0});
    expect(fake.out().trim()).toBe('65534');
  });

  test('a stopped container gives an error that names it and says how to fix it', async () => {
    const fake = fakeTerminal();
    const result = await execInteractive(
      client.docker,
      client.api,
      {containerId: 'bench-done', containerName: 'bench-done', cmd: ['sh'], tty: true, interactive: true},
      fake.terminal,
    );
    expect(result.exitCode).toBe(125);
    expect(result.error).toMatch(/container bench-done is not running: start it/);
    expect(result.error).toContain('docker start bench-done');
  });

  test('a missing binary and an unknown user are errors with exit 126; a command exiting 126 is not', async () => {
    const missing = await execInteractive(
      client.docker,
      client.api,
      {containerId: 'bench-idle', cmd: ['no-such-binary'], tty: true, interactive: true},
      fakeTerminal().terminal,
    );
    expect(missing.exitCode).toBe(126);
    expect(missing.error).toMatch(/"no-such-binary": executable file not found/);

    const ghost = await execInteractive(
      client.docker,
      client.api,
      {containerId: 'bench-idle', cmd: ['id'], user: 'ghost', tty: false, interactive: false},
      fakeTerminal(undefined).terminal,
    );
    expect(ghost.exitCode).toBe(126);
    expect(ghost.error).toMatch(/unable to find user ghost/);

    const own = await execInteractive(
      client.docker,
      client.api,
      {containerId: 'bench-idle', cmd: ['sh', '-c', 'exit 126'], tty: true, interactive: false},
      fakeTerminal().terminal,
    );
    expect(own).toEqual({exitCode: 126});
  });

  test('an engine lost mid-session returns an error instead of throwing', async () => {
    const env = benchEnv();
    const engine = new URL(env.DOCKER_HOST!.replace(/^tcp:/, 'http:'));
    const proxy = await startProxy(engine.hostname, Number(engine.port));
    const viaProxy = await connectEngine(
      resolveEngineTarget({}, {...env, DOCKER_HOST: `tcp://127.0.0.1:${proxy.port}`}),
    );
    try {
      const fake = fakeTerminal();
      const running = execInteractive(
        viaProxy.docker,
        viaProxy.api,
        {containerId: 'bench-idle', cmd: ['sh'], tty: true, interactive: true},
        fake.terminal,
      );
      fake.type('echo up-$((1+1))\n');
      await fake.waitFor(/up-2/);
      proxy.cut();
      const result = await running;
      expect(result.exitCode).toBe(-1);
      expect(result.error).toMatch(/lost the connection to the engine during sh in bench-idle/);
    } finally {
      viaProxy.close();
      proxy.cut();
    }
  });
});

describe('execCapture', () => {
  test('collects stdout, stderr and the exit code', async () => {
    const result = await execCapture(client.docker, client.api, {
      containerId: 'bench-idle',
      cmd: ['sh', '-c', 'echo out; echo err >&2; exit 4'],
    });
    expect(result).toEqual({exitCode: 4, stdout: 'out\n', stderr: 'err\n', truncated: false});
  });

  test('keeps the last bytes of a long output and says it was cut', async () => {
    const result = await execCapture(client.docker, client.api, {
      containerId: 'bench-idle',
      cmd: ['sh', '-c', 'seq 1 200000; echo last-line'],
      limitBytes: 1000,
    });
    expect(result.exitCode).toBe(0);
    expect(result.truncated).toBe(true);
    expect(result.stdout.length).toBeLessThanOrEqual(1000);
    expect(result.stdout.endsWith('199999\n200000\nlast-line\n')).toBe(true);
  });

  test('reports start failures and stopped containers as errors', async () => {
    const missing = await execCapture(client.docker, client.api, {containerId: 'bench-idle', cmd: ['nope']});
    expect(missing.exitCode).toBe(126);
    expect(missing.error).toMatch(/"nope": executable file not found/);
    const stopped = await execCapture(client.docker, client.api, {
      containerId: 'bench-done',
      containerName: 'bench-done',
      cmd: ['true'],
    });
    expect(stopped.error).toMatch(/bench-done is not running/);
  });
});

describe('quickShellCommand', () => {
  test('configured shell, else /bin/bash when present, else /bin/sh', async () => {
    const name = startScratchContainer();
    expect(await quickShellCommand(client.docker, name)).toEqual(['/bin/sh']);
    expect(await quickShellCommand(client.docker, name, 'bash -l')).toEqual(['bash', '-l']);
    expect(await quickShellCommand(client.docker, name, ['/bin/zsh', '/bin/ash'])).toEqual(['/bin/ash']);
    docker(['exec', name, 'ln', '-s', '/bin/sh', '/bin/bash']);
    expect(await quickShellCommand(client.docker, name)).toEqual(['/bin/bash']);
  });
});

describe('runInteractive', () => {
  test('runs a container with a terminal, returns its exit code and keeps it', async () => {
    const name = uniqueName('berth-run');
    made.push(name);
    const fake = fakeTerminal({rows: 25, columns: 90});
    const running = runInteractive(client.docker, client.api, {image: BUSYBOX, cmd: ['sh'], name}, fake.terminal);
    fake.type(
      'for i in 1 2 3 4 5 6 7 8 9 10; do [ "$(stty size)" = "25 90" ] && break; sleep 0.1; done; echo "size=$(stty size)"\n',
    );
    await fake.waitFor(/size=\d+ \d+/);
    expect(fake.out()).toContain('size=25 90');
    fake.type('exit 3\n');
    const result = await running;
    expect(result).toMatchObject({exitCode: 3, containerName: name});
    expect(result.error).toBeUndefined();
    expect(docker(['inspect', '-f', '{{.State.Status}} {{.State.ExitCode}} {{.Id}}', name]).trim()).toBe(
      `exited 3 ${result.containerId}`,
    );
  });

  test('autoRemove removes the container after it exits', async () => {
    const name = uniqueName('berth-run-rm');
    made.push(name); // In case it fails before the engine removes it.
    const fake = fakeTerminal();
    const running = runInteractive(
      client.docker,
      client.api,
      {image: BUSYBOX, cmd: ['sh', '-c', 'echo bye; exit 2'], name, autoRemove: true},
      fake.terminal,
    );
    const result = await running;
    expect(result).toMatchObject({exitCode: 2, containerName: name});
    expect(fake.out()).toContain('bye');
    expect(docker(['ps', '-a', '--filter', `name=^/${name}$`, '--format', '{{.Names}}']).trim()).toBe('');
  });

  test('a missing image is an error that says to pull it', async () => {
    const result = await runInteractive(
      client.docker,
      client.api,
      {image: 'berth-test/not-there:1'},
      fakeTerminal().terminal,
    );
    expect(result.exitCode).toBe(125);
    expect(result.containerId).toBe('');
    expect(result.error).toMatch(/image berth-test\/not-there:1 is not in the engine: pull it first/);
  });
});

// A TCP relay between berth and the engine (TLS passes through untouched) whose connections can be cut, to
// lose the engine mid-session without touching the bench's daemon.
async function startProxy(host: string, port: number): Promise<{port: number; cut(): void}> {
  const sockets = new Set<Socket>();
  const server: Server = createServer(client => {
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}
