import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {composeCli} from '../helpers/compose.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// A project of two files and two profiles opened with :compose -f … --env-file … --profile …: up starts exactly the
// services of the profiles chosen (and those without one), P changes them, remembered in the UI state file; down
// removes them all.
const berth = berthPerTest();
let terminal: Terminal | undefined;
const name = uniqueName('berth-prof');
const dir = mkdtempSync(join(tmpdir(), `${name}-`));
const state = mkdtempSync(join(tmpdir(), `${name}-state-`));
const service = (image: string, profile?: string) =>
  `    image: ${image}\n    command: sleep 600\n    stop_signal: SIGKILL\n    network_mode: none\n${profile ? `    profiles: [${profile}]\n` : ''}`;
writeFileSync(
  join(dir, 'a.yml'),
  `version: "3.9"\nservices:\n  base:\n${service(BUSYBOX)}  dbg:\n${service(BUSYBOX, 'debug')}`,
);
// The second file's image comes from the env file: it must be read for the service to start.
writeFileSync(join(dir, 'b.yml'), `version: "3.9"\nservices:\n  extra:\n${service('${EXTRA_IMAGE}', 'extra')}`);
writeFileSync(join(dir, 'my.env'), `EXTRA_IMAGE=${BUSYBOX}\n`);
const flags = ['-p', name, '-f', 'a.yml', '-f', 'b.yml', '--env-file', 'my.env'];

afterAll(() => {
  try {
    composeCli(dir, [...flags, 'down', '-t', '0']);
  } catch {
    // already down
  }
  rmSync(dir, {recursive: true, force: true});
  rmSync(state, {recursive: true, force: true});
});

const running = () =>
  docker([
    'ps',
    '--filter',
    `label=com.docker.compose.project=${name}`,
    '--format',
    '{{.Label "com.docker.compose.service"}}',
  ])
    .trim()
    .split('\n')
    .filter(Boolean)
    .sort();

test(':compose -f a -f b --env-file --profile debug: up starts base and dbg only; P adds extra; D removes all', async () => {
  terminal = berth.start({env: {...benchEnv(), XDG_STATE_HOME: state}, columns: 80, rows: 24});
  const t = terminal;
  await t.waitFor(/API 1\.41/);
  t.type(':');
  t.type(
    `compose ${flags.map(f => (f.endsWith('.yml') || f.endsWith('.env') ? join(dir, f) : f)).join(' ')} --profile debug`,
  );
  t.keys('Enter');
  const header = await t.waitFor('--profile debug (P changes the profiles)');
  expect(header).toContain(`${name} · not created · `);
  expect(header).toContain('--env-file my.env --profile debug');
  // The pane's title says how compose ended; the next compose command waits for it.
  const ended = (word: string, showing = /exit 0/) =>
    t.waitUntil(
      screen => new RegExp(`compose ${word} \\S+ · \\w+ · exit 0`).test(screen) && showing.test(screen),
      `${word} to end`,
      60_000,
    );
  t.type('u');
  await ended('up');
  expect(running()).toEqual(['base', 'dbg']);
  t.keys('Escape');
  // P: the profiles typed; remembered for the project.
  t.type('P');
  await t.waitFor(`profiles of ${name} (space between): debug`);
  t.type(' extra');
  t.keys('Enter');
  await t.waitFor('--profile debug --profile extra');
  expect(JSON.parse(readFileSync(join(state, 'berth', 'ui-state.json'), 'utf8'))).toMatchObject({
    composeProfiles: {[name]: ['debug', 'extra']},
  });
  t.type('u');
  await ended('up', /Creating \S+_extra_1 +\.\.\. done/);
  await expect.poll(running, {timeout: 10_000}).toEqual(['base', 'dbg', 'extra']);
  t.keys('Escape');
  t.type('D');
  // No network to list (network_mode none): the dialog is complete once it stops listing.
  const dialog = await t.waitUntil(
    screen => screen.includes(`container ${name}_extra_1`) && !screen.includes('listing networks and volumes…'),
    'the down dialog, listed',
    20_000,
  );
  expect(dialog).toContain(`Bring ${name} down (compose down)?`);
  for (const service of ['base', 'dbg', 'extra']) expect(dialog).toContain(`container ${name}_${service}_1`);
  t.type('y');
  await ended('down');
  await expect
    .poll(() => docker(['ps', '-a', '-q', '--filter', `label=com.docker.compose.project=${name}`]).trim(), {
      timeout: 30_000,
    })
    .toBe('');
  t.keys('Escape');
  t.type('q');
  expect(await t.exitCode()).toBe(0);
  // Another run remembers the profiles: the project opened again shows them without --profile.
  terminal = berth.start({env: {...benchEnv(), XDG_STATE_HOME: state}, columns: 80, rows: 24});
  await terminal.waitFor(/API 1\.41/);
  terminal.type(':');
  terminal.type(`compose -p ${name} -f ${join(dir, 'a.yml')} -f ${join(dir, 'b.yml')}`);
  terminal.keys('Enter');
  await terminal.waitFor('--profile debug --profile extra (P changes the profiles)');
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
}, 120_000);
