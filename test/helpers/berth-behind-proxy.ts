import {spawn, type ChildProcess} from 'node:child_process';
import {benchEnv} from './bench.js';
import {startFaultProxy, type FaultProxy} from './fault-proxy.js';

// A headless berth command (bin/berth.js, built) talking to the bench engine through a fault proxy
// (test/helpers/fault-proxy.ts), so a test can take the engine away mid-stream and watch what berth says.
export type BerthBehindProxy = {
  proxy: FaultProxy;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  // Resolves once the output so far matches.
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

export async function berthBehindProxy(args: string[], state: string): Promise<BerthBehindProxy> {
  const env = benchEnv();
  const upstream = new URL(env.DOCKER_HOST!.replace(/^tcp:/, 'https:'));
  const proxy = await startFaultProxy({host: upstream.hostname, port: Number(upstream.port)}, {tls: true});
  const child = spawn('node', ['bin/berth.js', ...args], {
    env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, ...env, DOCKER_HOST: proxy.url('tcp')},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = {stdout: '', stderr: ''};
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)));
  const waitFor = async (stream: 'stdout' | 'stderr', pattern: RegExp, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    while (!pattern.test(output[stream])) {
      if (Date.now() > until)
        throw new Error(`no ${String(pattern)} on ${stream} in ${timeoutMs} ms; it has: ${output[stream]}`);
      await new Promise(resolve => setTimeout(resolve, 100));
    }
  };
  return {
    proxy,
    child,
    stdout: () => output.stdout,
    stderr: () => output.stderr,
    waitFor,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise(resolve => setTimeout(resolve, 5000))]);
      await proxy.close();
    },
  };
}
