import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {listContainers} from '../../source/engine/containers/list.js';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {engineEnv} from '../../source/engine/user-commands/engine-env.js';
import {runCaptured} from '../../source/engine/user-commands/run.js';
import {expandCommand} from '../../source/engine/user-commands/template.js';
import {benchEnv, BUSYBOX, docker, uniqueName} from '../helpers/bench.js';
import {scratchDir} from '../helpers/scratch.js';

// User-defined commands against the bench engine over TLS, with the settings berth passes (not the test's env).
const name = uniqueName('berth-usercmd');
const dir = scratchDir('berth-usercmd-');
const NASTY = `a b; touch ${dir}/pwned "q" 'x' $(touch ${dir}/pwned2) \`touch ${dir}/pwned3\``;
let client: EngineClient;

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  docker(['run', '-d', '--name', name, '--network', 'none', '--label', `berth.note=${NASTY}`, BUSYBOX, 'sleep', '600']);
});

afterAll(() => {
  docker(['rm', '-f', name]);
  client?.close();
});

async function item() {
  const row = (await listContainers(client.docker)).find(r => r.name === name)!;
  return {fields: {Name: row.name, ID: row.id}, labels: row.labels};
}

describe('user commands on the bench engine', () => {
  test("docker runs against the TLS engine with the environment berth gives it, not the shell's", async () => {
    const target = resolveEngineTarget({}, benchEnv());
    // The test process's own DOCKER_* would point elsewhere: they are replaced.
    const env = engineEnv(target, {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DOCKER_HOST: 'tcp://127.0.0.1:1',
      DOCKER_CONTEXT: 'nope',
    });
    expect(env.DOCKER_TLS_VERIFY).toBe('1');
    const argv = expandCommand(
      ['docker', 'inspect', '--format', '{{.State.Status}} {{.Name}}', '{{.Name}}'],
      await item(),
    );
    const result = await runCaptured(argv, env);
    expect(result).toMatchObject({exitCode: 0});
    expect(result.output.trim()).toBe(`running /${name}`);
  });

  test('a label holding spaces, quotes, ; and command substitutions arrives as one argument and runs nothing', async () => {
    const env = engineEnv(resolveEngineTarget({}, benchEnv()), {PATH: process.env.PATH});
    const out = join(dir, 'out');
    // A shell is fine when the field comes after the script, as "$1".
    const argv = expandCommand(
      ['sh', '-c', 'printf "%s|%s" "$#" "$1" > "$2"', 'sh', '{{.Label "berth.note"}}', out],
      await item(),
    );
    expect(argv[4]).toBe(NASTY);
    expect((await runCaptured(argv, env)).exitCode).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(`2|${NASTY}`);
    // And handed to docker, the label is one argument too (docker refuses it as a container name).
    const refused = await runCaptured(expandCommand(['docker', 'logs', '{{.Label "berth.note"}}'], await item()), env);
    expect(refused.exitCode).not.toBe(0);
    for (const file of ['pwned', 'pwned2', 'pwned3']) expect(existsSync(join(dir, file))).toBe(false);
  });

  test('a program that does not exist is reported, not thrown', async () => {
    const result = await runCaptured(['berth-no-such-program-xyz'], {PATH: process.env.PATH});
    expect(result).toMatchObject({
      exitCode: 127,
      error: 'berth-no-such-program-xyz: not found (is it installed and on PATH?)',
    });
  });
});
