import {PassThrough, Writable} from 'node:stream';
import type Docker from 'dockerode';
import {describe, expect, it} from 'vitest';
import type {TerminalStreams} from '../../../../source/engine/exec/attach-terminal.js';
import {execInteractive} from '../../../../source/engine/exec/exec.js';

// What execInteractive asks of the engine, recorded by a stand-in for dockerode: the parts that decide framing
// and sizing, which the bench (API 1.41) cannot show for newer engines.
function fakeEngine(options: {resizesBeforeEnd?: number} = {}) {
  const calls = {
    create: [] as Record<string, unknown>[],
    start: [] as Record<string, unknown>[],
    resize: [] as unknown[],
  };
  const socket = new PassThrough();
  const exec = {
    start: async (body: Record<string, unknown>) => {
      calls.start.push(body);
      if (!body.Tty) setImmediate(() => socket.end());
      return socket;
    },
    resize: async (request: {_query: unknown}) => {
      calls.resize.push(request._query);
      if (calls.resize.length >= (options.resizesBeforeEnd ?? 1)) setImmediate(() => socket.end());
    },
    inspect: async () => ({Running: false, ExitCode: 0, Pid: 42}),
  };
  const docker = {
    getContainer: () => ({
      exec: async (body: Record<string, unknown>) => {
        calls.create.push(body);
        return exec;
      },
    }),
  } as unknown as Docker;
  return {docker, calls};
}

function fakeTerminal(): TerminalStreams & {stdout: Writable & {rows: number; columns: number}} {
  const stdout = Object.assign(new Writable({write: (_chunk, _encoding, done) => done()}), {
    isTTY: true,
    rows: 30,
    columns: 100,
  });
  return {stdin: new PassThrough(), stdout, stderr: new Writable({write: (_chunk, _encoding, done) => done()})};
}

const request = {containerId: 'c1', cmd: ['sh'], tty: true, interactive: true};

describe('execInteractive requests', () => {
  it('sends the same Tty to create and start, and sizes the PTY by resize on API 1.41', async () => {
    const {docker, calls} = fakeEngine();
    expect(await execInteractive(docker, '1.41', request, fakeTerminal())).toEqual({exitCode: 0});
    expect(calls.create[0]).toMatchObject({
      Cmd: ['sh'],
      Tty: true,
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
    });
    expect(calls.create[0]).not.toHaveProperty('ConsoleSize');
    expect(calls.start[0]).toMatchObject({hijack: true, stdin: true, Tty: true});
    expect(calls.start[0]).not.toHaveProperty('ConsoleSize');
    expect(calls.resize).toEqual([{h: 30, w: 100}]);
  });

  it('adds ConsoleSize [rows, columns] to create and start from API 1.42', async () => {
    const {docker, calls} = fakeEngine();
    await execInteractive(docker, '1.47', request, fakeTerminal());
    expect(calls.create[0]?.ConsoleSize).toEqual([30, 100]);
    expect(calls.start[0]?.ConsoleSize).toEqual([30, 100]);
  });

  it('without a TTY: Tty false in both calls, no size at all', async () => {
    const {docker, calls} = fakeEngine();
    await execInteractive(docker, '1.47', {...request, tty: false, interactive: false}, fakeTerminal());
    expect(calls.create[0]).toMatchObject({Tty: false, AttachStdin: false});
    expect(calls.create[0]).not.toHaveProperty('ConsoleSize');
    expect(calls.start[0]).toMatchObject({Tty: false, stdin: false});
    expect(calls.resize).toEqual([]);
  });

  it('forwards every terminal resize', async () => {
    const {docker, calls} = fakeEngine({resizesBeforeEnd: 2});
    const terminal = fakeTerminal();
    const running = execInteractive(docker, '1.41', request, terminal);
    while (calls.resize.length === 0) await new Promise(resolve => setImmediate(resolve));
    Object.assign(terminal.stdout, {rows: 40, columns: 120});
    terminal.stdout.emit('resize');
    await running;
    expect(calls.resize).toEqual([
      {h: 30, w: 100},
      {h: 40, w: 120},
    ]);
    expect(terminal.stdout.listenerCount('resize')).toBe(0);
  });

  it('writes the keys typed ahead to the session before the terminal’s own', async () => {
    const {docker} = fakeEngine();
    const terminal = fakeTerminal();
    const seen: string[] = [];
    terminal.stdout.write = (chunk: string | Uint8Array) => seen.push(String(chunk)) > 0;
    (terminal.stdin as PassThrough).write('then');
    // The fake engine's socket echoes what it is sent, as a shell's TTY does.
    await execInteractive(docker, '1.41', {...request, typedAhead: 'exit 5\r'}, terminal);
    expect(seen.join('')).toMatch(/^exit 5\r(then)?$/);
  });
});
