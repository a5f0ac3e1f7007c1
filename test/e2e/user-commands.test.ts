import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, BUSYBOX, docker, uniqueName} from '../helpers/bench.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest, focusContainer, type Terminal} from '../helpers/terminal.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;

const name = uniqueName('e2e-usercmd');
// A short name: the label below names it twice and the pane must show that line whole at 120 columns.
const dir = scratchDir('uc-');
const NOTE = `a b; touch ${dir}/pwned "q" $(touch ${dir}/pwned2)`;
const SECRET = `s3cret 'z'; touch ${dir}/pwned3`;
const config = join(dir, 'config.yml');
const state = join(dir, 'state');

beforeAll(() => {
  docker([
    'run',
    '-dit',
    '--name',
    name,
    '--network',
    'none',
    '--label',
    `berth.note=${NOTE}`,
    '-e',
    `API_TOKEN=${SECRET}`,
    BUSYBOX,
    'sh',
  ]);
  writeFileSync(
    config,
    `commands:
  - name: peek
    key: U
    scope: containers
    command: [sh, -c, 'printf "<%s>\\n" "$1" "$2"', sh, '{{.Label "berth.note"}}', '{{.Env "API_TOKEN"}}']
    output: pane
  - name: term
    key: Y
    scope: containers
    command: [docker, exec, -it, '{{.ID}}', sh]
    output: terminal
    confirm: true
  - name: quiet
    key: J
    scope: containers
    command: [touch, '${dir}/made-{{.Name}}']
    output: none
  - name: broken
    scope: containers
    command: "docker logs {{.Name}} | tail"
`,
  );
});

afterAll(() => {
  docker(['rm', '-f', name]);
});

describe('user-defined commands in a real terminal', () => {
  test('one per output mode: pane, terminal, none; a label cannot inject; the broken one is reported; all in the command log', async () => {
    terminal = berth.start({
      env: {...benchEnv(), XDG_STATE_HOME: state},
      args: ['--config', config],
      columns: 120,
      rows: 30,
    });
    // The status line names the config file, whose path (under the run's TMPDIR) may wrap the message.
    await terminal.waitUntil(
      s => s.replace(/\s*\n\s*/g, ' ').includes('commands[3] (broken) command must be a list of arguments'),
      'the broken command reported',
    );
    await focusContainer(terminal, name);
    // In help, with their keys.
    terminal.type('?');
    await terminal.waitFor('Keys · ');
    // Help's own filter finds it among the view's many keys.
    terminal.type('/your command');
    const help = await terminal.waitFor(/U\s+peek \(your command\)/);
    expect(help).toMatch(/U\s+peek \(your command\)/);
    // esc ends help's filter, then closes help.
    terminal.keys('Escape');
    await terminal.waitUntil(s => !s.includes('/your command'), 'help filter closed');
    if (terminal.screen().includes('Keys · ')) terminal.keys('Escape');
    await terminal.waitUntil(s => !s.includes('Keys · '), 'help closed');

    // pane: the label arrives as one argument, quotes and ; and $(…) as text.
    terminal.type('U');
    const pane = await terminal.waitFor(/peek · exit 0 · sh -c/);
    expect(pane).toContain(`<${NOTE}>`);
    // The environment value arrives whole (the command log below shows it as ***).
    expect(pane).toContain(`<${SECRET}>`);
    terminal.keys('Escape');

    // none: runs, the status says how it ended.
    terminal.type('J');
    await terminal.waitFor('quiet: exit 0');
    expect(existsSync(join(dir, `made-${name}`))).toBe(true);

    // terminal, from the : prompt with tab completion, after its confirmation: docker exec over the TLS engine.
    terminal.type(':ter');
    terminal.keys('Tab');
    await terminal.waitFor(/: term\b/);
    terminal.keys('Enter');
    const confirm = await terminal.waitFor('Run your command term?');
    expect(confirm).toMatch(/docker exec -it [0-9a-f]{64} sh/);
    terminal.type('y');
    await terminal.waitFor('/ #', 15_000);
    terminal.type('echo in-$((2+3))');
    terminal.keys('Enter');
    await terminal.waitFor('in-5');
    terminal.type('exit 4');
    terminal.keys('Enter');
    await terminal.waitFor('berth: term exited 4 · press enter to return');
    terminal.keys('Enter');
    await terminal.waitFor('term: exited 4');

    for (const file of ['pwned', 'pwned2', 'pwned3']) expect(existsSync(join(dir, file))).toBe(false);
    const log = readFileSync(join(state, 'berth', 'commands.log'), 'utf8');
    expect(log).toMatch(/'\*\*\*' {2}# berth: your command :peek/);
    expect(log).not.toContain('s3cret');
    expect(log).toMatch(/touch .*made-.* {2}# berth: your command :quiet/);
    expect(log).toMatch(/docker exec -it [0-9a-f]{64} sh {2}# berth: your command :term/);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });
});
