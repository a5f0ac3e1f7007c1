import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {openLogs} from '../helpers/log-pane.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// Themes as a user's terminal gets them: the bytes berth writes (tmux pipe-pane) for the default theme, for
// `theme: light` and under NO_COLOR, against a container whose log carries its own colour. CI is unset before berth
// starts, as in a user's 256-colour terminal: the harness's CI=false would make chalk turn all styling off (then
// even inverse video is not written, and "no colour" would prove nothing), and FORCE_COLOR with NO_COLOR makes
// Node print a warning over the screen.
const USER_TERMINAL = {before: 'unset CI CONTINUOUS_INTEGRATION', env: {FORCE_COLOR: undefined, NO_COLOR: undefined}};

// Written out here rather than taken from berth's own code, so a mistake there cannot hide itself: the SGR
// parameters that set a colour (foreground, background, underline; basic, bright, 256-colour and direct).
function colourParameters(written: string): string[] {
  const found: string[] = [];
  // The parameters group is mandatory (it may be empty): a match has it.
  for (const [, list = ''] of written.matchAll(/\x1b\[([0-9;:]*)m/g)) {
    const params = list.split(';');
    // The parameters of an extended colour, already pushed with its introducer.
    let skip = 0;
    for (const [i, param] of params.entries()) {
      if (skip > 0) {
        skip--;
        continue;
      }
      const code = Number(param.split(':')[0]);
      if (code === 38 || code === 48 || code === 58) {
        const extended = param.includes(':') ? 0 : params[i + 1] === '5' ? 2 : params[i + 1] === '2' ? 4 : 0;
        found.push(params.slice(i, i + 1 + extended).join(';'));
        skip = extended;
      } else if (
        (code >= 30 && code <= 39) ||
        (code >= 40 && code <= 49) ||
        (code >= 90 && code <= 97) ||
        (code >= 100 && code <= 107) ||
        code === 59
      )
        found.push(param);
    }
  }
  return found;
}

const name = uniqueName('e2e-theme');
const PROJECT = name.replace('e2e-theme', 'themeproj');
const dir = mkdtempSync(join(tmpdir(), 'berth-themes-'));
const berth = berthPerTest();
let terminal: Terminal | undefined;

beforeAll(() => {
  // A line in red (the container's own colour) and one on stderr (yellow in the dark theme's log pane); a compose
  // project name in green (a label is any text), which the compose view shows through the sanitiser, colour kept.
  const script = `printf '\\033[31mred by the container\\033[0m\\n'; echo 'on stderr' >&2; echo 'log end'; sleep 3600`;
  docker([
    'run',
    '-d',
    '--init',
    '--network',
    'none',
    '--label',
    'berth.test=1',
    '--label',
    `com.docker.compose.project=\x1b[32m${PROJECT}\x1b[0m`,
    '--name',
    name,
    BUSYBOX,
    'sh',
    '-c',
    script,
  ]);
});
afterAll(() => {
  docker(['rm', '-f', name]);
  rmSync(dir, {recursive: true, force: true});
});

// A config directory holding `config.yml` with `text` (none when undefined).
function configHome(label: string, text?: string): string {
  const home = join(dir, label);
  mkdirSync(join(home, 'berth'), {recursive: true});
  if (text !== undefined) writeFileSync(join(home, 'berth', 'config.yml'), text);
  return home;
}

// berth at 80x24 with the container's log pane open and the cursor on its row; what it wrote meanwhile.
async function bytesWritten(
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  more?: (t: Terminal) => Promise<void>,
): Promise<{written: string; screen: string}> {
  terminal = berth.start({
    before: USER_TERMINAL.before,
    env: {...benchEnv(), ...USER_TERMINAL.env, ...env},
    args,
    columns: 80,
    rows: 24,
  });
  terminal.record();
  await openLogs(terminal, name);
  const screen = await terminal.waitFor('log end');
  terminal.keys('Escape');
  await more?.(terminal);
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
  return {written: terminal.recorded(), screen};
}

describe('themes', () => {
  test('theme: light writes other colours than the default (dark); both keep the log line its own red', async () => {
    const dark = await bytesWritten({XDG_CONFIG_HOME: configHome('dark')});
    const light = await bytesWritten({XDG_CONFIG_HOME: configHome('light', 'theme: light\n')});
    const darkColours = new Set(colourParameters(dark.written));
    const lightColours = new Set(colourParameters(light.written));
    // Dark: cyan footer keys, yellow stderr; the container's red (31) comes through in both.
    expect(darkColours).toContain('36');
    expect(darkColours).toContain('33');
    expect(darkColours).toContain('31');
    expect(lightColours).toContain('31');
    // Light: no yellow or cyan text on a white background; blue footer keys, a dark amber (256-colour) for stderr.
    expect(lightColours).not.toContain('33');
    expect(lightColours).not.toContain('36');
    expect(lightColours).toContain('34');
    expect([...lightColours].some(p => p.startsWith('38;5;'))).toBe(true);
    expect(light.screen).toContain('red by the container');
  });

  test('NO_COLOR=1 writes no colour at all, the cursor row still stands out (inverse), the log line loses its red', async () => {
    const {written, screen} = await bytesWritten({XDG_CONFIG_HOME: configHome('none'), NO_COLOR: '1'}, [], async t => {
      // The compose view: the project's name, whose green came with it, drawn without it.
      // A lone esc is told from the start of a key sequence by the pause after it.
      await new Promise(r => setTimeout(r, 300));
      t.type('3');
      await t.waitFor(PROJECT);
    });
    expect(screen).toContain('red by the container');
    expect(screen).toContain('on stderr');
    expect(colourParameters(written)).toEqual([]);
    // The cursor row, the tab on screen: inverse video (SGR 7).
    expect(written).toMatch(/\x1b\[(?:[0-9;]*;)?7(?:;[0-9;]*)?m/);
  });

  test('--theme dark wins over NO_COLOR', async () => {
    const {written} = await bytesWritten({XDG_CONFIG_HOME: configHome('flag'), NO_COLOR: '1'}, ['--theme', 'dark']);
    expect(colourParameters(written)).toContain('36');
  });

  test('a bad theme or colour in the config: one line each in the status line, the defaults used', async () => {
    const home = configHome('bad', 'theme: blue\ncolors:\n  selection: blu\n  bordr: red\n');
    terminal = berth.start({env: {...benchEnv(), XDG_CONFIG_HOME: home}, columns: 200, rows: 30});
    const file = join(home, 'berth', 'config.yml');
    const screen = await terminal.waitFor('bordr');
    const status = screen.replace(/\n/g, '');
    expect(status).toContain(`config ${file}: theme must be dark, light, none (not "blue"); using the default`);
    expect(status).toContain(`config ${file}: colors.selection "blu" is not a colour`);
    expect(status).toContain(`config ${file}: colors.bordr is not a role (did you mean border?)`);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('--theme with an unknown name: one line and exit code 2, like every usage error', async () => {
    terminal = berth.start({env: benchEnv(), args: ['--theme', 'solarized']});
    expect(await terminal.exitCode()).toBe(2);
    const screen = terminal.screen();
    expect(screen).toContain('--theme solarized: no such theme; use --theme dark|light|none');
    expect(screen).not.toMatch(/\n\s+at /);
  });
});
