import {execFileSync} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {BUSYBOX, benchEnv, docker} from './bench.js';

// A demo compose project of a test's own: `web` built from a Dockerfile in the project (network none: the bench's
// engine has no default bridge), `worker` from the bench's busybox. Both print a numbered line every `everyMs`.
export function demoProject(
  name: string,
  options: {everyMs?: number; dockerfile?: string; compose?: string} = {},
): {dir: string; file: string; name: string; image: string} {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const image = `${name}-web:latest`;
  const sleep = ((options.everyMs ?? 200) / 1000).toFixed(3);
  const loop = (who: string) => `sh -c 'i=0; while true; do echo ${who} line $$i; i=$$((i+1)); sleep ${sleep}; done'`;
  writeFileSync(
    join(dir, 'Dockerfile'),
    options.dockerfile ?? `FROM ${BUSYBOX}\nRUN echo built > /built\nRUN echo second > /second\n`,
  );
  const file = join(dir, 'docker-compose.yml');
  writeFileSync(
    file,
    options.compose ??
      `version: "3.7"
services:
  web:
    build:
      context: .
      network: none
      labels:
        berth.test.demo: ${name}
    image: ${image}
    stop_signal: SIGKILL
    command: ${JSON.stringify(loop('web'))}
  worker:
    image: ${BUSYBOX}
    stop_signal: SIGKILL
    command: ${JSON.stringify(loop('worker'))}
`,
  );
  return {dir, file, name, image};
}

// docker-compose v1 against the bench, the oracle's way (CA bundles cleared, see engine notes §4).
export function composeCli(dir: string, args: string[]): string {
  const env = {...process.env, ...benchEnv()};
  delete env.REQUESTS_CA_BUNDLE;
  delete env.CURL_CA_BUNDLE;
  return execFileSync('docker-compose', args, {cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
}

// Every image built for the demo, by its label: a rebuild (`b`, build --no-cache) moves the tag to a new image and
// leaves the old one untagged, which removing the tag alone would leave behind on the engine.
export function removeDemoImages(demo: {name: string}, run: (args: string[]) => string = docker): void {
  const ids = run(['images', '-q', '--filter', `label=berth.test.demo=${demo.name}`])
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (ids.length > 0) run(['rmi', '-f', ...new Set(ids)]);
}
