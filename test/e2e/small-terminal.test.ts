import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// 80x24 over SSH is the main case: every view and overlay that exists, at 80x24 and at 200x60, with the facts a
// user looks for on screen. A view added later that breaks the small terminal fails here.
const name = uniqueName('tiny');
const exited = uniqueName('tiny-done');
const berth = berthPerTest();
let terminal: Terminal | undefined;

beforeAll(() => {
  runTestContainer(name, ['sh', '-c', 'while :; do echo tick; sleep 1; done']);
  docker(['create', '--name', exited, '--network', 'none', '--label', 'berth.test=1', BUSYBOX, 'sh', '-c', 'exit 3']);
  docker(['start', exited]);
});
afterAll(() => {
  docker(['rm', '-f', name, exited]);
});

const footerOf = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';

for (const [columns, rows] of [
  [80, 24],
  [200, 60],
] as const) {
  describe(`${columns}x${rows}`, () => {
    test('containers: names and compact states uncut; the footer fits and keeps ?; help reaches every key', async () => {
      const env = benchEnv();
      terminal = berth.start({env, columns, rows, args: ['--registry-ca', env.BERTH_REGISTRY_CA!]});
      await terminal.waitFor(/API 1\.41/);
      terminal.type('/tiny');
      terminal.keys('Enter');
      const list = await terminal.waitUntil(
        s => s.includes(exited) && /\? help\s*$/.test(footerOf(s)),
        'the filtered list with the footer back',
      );
      expect(list).toMatch(new RegExp(`${name}\\s+up (<1s|\\d+[smh])`));
      expect(list).toMatch(new RegExp(`${exited}\\s+exited 3 · (<1s|\\d+[smh]) ago`));
      expect(footerOf(list)).toMatch(/\? help\s*$/);
      expect(footerOf(list)).not.toMatch(/…/);

      // Help: this view's keys first, every binding reachable by scrolling, and a filter.
      terminal.keys('?');
      const help = await terminal.waitFor('Keys · ');
      expect(help).toMatch(/Containers\s*│?\n│?\s+enter l\s+logs/);
      terminal.type('G');
      await terminal.waitFor(/esc\s+cancel/);
      terminal.type('g');
      await terminal.waitFor(/enter l\s+logs/);
      terminal.type('/');
      terminal.type('wrap');
      const filtered = await terminal.waitFor(/matching "wrap"/);
      expect(filtered).toMatch(/w\s+wrap/);
      expect(filtered).not.toMatch(/enter l\s+logs/);
      terminal.keys('Enter');
      terminal.keys('Escape');
      await terminal.waitUntil(s => !s.includes('matching'), 'the filter to clear');
      terminal.keys('Escape');
      await terminal.waitUntil(s => !s.includes('Keys · '), 'help to close');

      // The log pane: lines on screen, the footer still ends with ? help.
      terminal.type('g');
      terminal.keys('Enter');
      const logs = await terminal.waitFor(/tick/);
      expect(logs).toMatch(new RegExp(`logs ${name}`));
      expect(footerOf(logs)).toMatch(/\? help\s*$/);
      terminal.keys('Escape');

      // Overlays: environment, inspect, exec form, a confirmation.
      terminal.type('v');
      await terminal.waitFor(/environment of .* variables?/);
      terminal.keys('Escape');
      terminal.type('i');
      await terminal.waitFor(new RegExp(`inspect ${name}`));
      terminal.keys('Escape');
      terminal.type('E');
      await terminal.waitFor(`exec in ${name}`);
      terminal.keys('Escape');
      terminal.type('s');
      const confirm = await terminal.waitFor('y yes, do it  n cancel');
      expect(confirm).toContain(name);
      terminal.type('n');
      await terminal.waitUntil(s => !s.includes('y yes, do it'), 'the dialog to close');
      terminal.type('q');
      expect(await terminal.exitCode()).toBe(0);
    });

    test('registry: the repository list uses the height; the footer keeps ?', async () => {
      const env = benchEnv();
      terminal = berth.start({env, columns, rows, args: ['--registry-ca', env.BERTH_REGISTRY_CA!]});
      await terminal.waitFor(/API 1\.41/);
      terminal.type('4');
      const repos = await terminal.waitFor('tools/busybox');
      const lines = repos.split('\n');
      // The list starts under the tabs and ends above the hint, status and footer: no half-empty screen.
      const hint = lines.findIndex(line => line.includes('enter: tags of the repository'));
      // Stacked (narrow), the hint sits at the bottom; side by side (wide), the list has the whole height anyway.
      if (columns < 100) expect(hint).toBeGreaterThan(rows - 8);
      else expect(lines.findIndex(line => line.includes('tools/busybox'))).toBeLessThan(8);
      expect(footerOf(repos)).toMatch(/\? help\s*$/);
      terminal.keys('Enter');
      const tags = await terminal.waitFor(/digest +sha256:/);
      expect(tags).toMatch(/· \d+ tags ·/);
      expect(footerOf(tags)).toMatch(/\? help\s*$/);
      terminal.type('q');
      expect(await terminal.exitCode()).toBe(0);
    });

    test('footers offer the keys that apply now, most useful first, whole', async () => {
      const env = {...benchEnv(), BERTH_REGISTRY: ''};
      terminal = berth.start({env, columns, rows});
      await terminal.waitFor(/API 1\.41/);
      const footerFor = async (key: string, tab: RegExp) => {
        terminal!.type(key);
        const screen = await terminal!.waitUntil(s => tab.test(s) && /\? help\s*$/.test(footerOf(s)), `view ${key}`);
        return footerOf(screen);
      };
      // Images: the row's actions besides history (their long help is in ?).
      expect(await footerFor('2', /REPOSITORY/)).toMatch(/enter history +d remove +p prune +r run/);
      // Engine: system prune next to switching the context.
      expect(await footerFor('5', /Connection/)).toMatch(/c switch context +p system prune/);
      // Registry with none configured: adding one is the key that helps; open and back do nothing yet.
      const registry = await footerFor('4', /No registry configured/);
      expect(registry).toMatch(/^ ?\+ add registry/);
      expect(registry).not.toMatch(/enter open/);
      terminal.type('q');
      expect(await terminal.exitCode()).toBe(0);
    });
  });
}
