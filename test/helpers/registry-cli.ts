import {PassThrough} from 'node:stream';
import {registryCommand} from '../../source/registry/cli.js';

function capture() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return {stream, text: () => Buffer.concat(chunks).toString('utf8')};
}

// `berth registry …` in-process, with its output captured and an environment of the test's own (no docker config).
export async function runRegistryCommand(args: string[], env: NodeJS.ProcessEnv) {
  const stdout = capture();
  const stderr = capture();
  const code = await registryCommand(args, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    env: {PATH: process.env.PATH, HOME: '/nonexistent', ...env},
  });
  return {code, stdout: stdout.text(), stderr: stderr.text()};
}
