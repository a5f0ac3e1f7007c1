import {afterEach, expect, test} from 'vitest';
import type {ContainerRow} from '../../../source/engine/containers/rows.js';
import {stripAnsi} from '../../../source/text/escapes.js';
import {Controller} from '../../../source/ui/controller.js';
import type {Overlay} from '../../../source/store/state.js';
import {renderSized} from '../../helpers/ink-streams.js';

// Dialogs and panes over a view, drawn at a given terminal size and driven by keys: every row they scroll through
// can be brought into the frame, the last one stops at the frame's bottom, and a row says what is hidden.
const tick = (ms = 40) => new Promise(resolve => setTimeout(resolve, ms));
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const container = (name: string): ContainerRow => ({
  id: `id-${name}`,
  name,
  image: 'busybox',
  state: 'exited',
  status: 'Exited (0) 1 minute ago',
  ports: '',
  created: 1,
  compose: undefined,
});

async function app(columns: number, rows: number) {
  const controller = new Controller('unix:///nowhere.sock', {});
  const {stdout, stdin, instance} = renderSized(controller, columns, rows);
  stops.push(() => {
    instance.unmount();
    instance.cleanup();
    void controller.close();
  });
  await tick();
  const lines = () => stripAnsi(stdout.frame).split('\n');
  // The rows inside the dialog's frame, below its title, without the border.
  const inside = () => {
    const all = lines();
    const top = all.findIndex(line => line.startsWith('╭'));
    const bottom = all.findIndex(line => line.startsWith('╰'));
    return all.slice(top + 2, bottom).map(line => line.replace(/^│ ?/, '').replace(/ ?│$/, '').trimEnd());
  };
  const keys = async (...typed: string[]) => {
    for (const key of typed) {
      stdin.write(key);
      await tick();
    }
  };
  return {controller, lines, inside, keys};
}

const names = (count: number) => Array.from({length: count}, (_, i) => `box-${String(i + 1).padStart(2, '0')}`);

async function markedDialog(columns: number, rows: number, count: number, key: string) {
  const setup = await app(columns, rows);
  setup.controller.dispatch({type: 'containers.loaded', items: names(count).map(container)});
  await tick();
  for (let i = 0; i < count; i++) setup.controller.dispatch({type: 'list.mark'});
  await setup.keys(key);
  return setup;
}

test('at 80x24, 16 marked containers: d lists them all by scrolling (j, pgdn, G, g), y still confirms', async () => {
  const setup = await markedDialog(80, 24, 16, 'd');
  const nameOf = (line: string | undefined) => /^ {2}(box-\d\d) /.exec(line ?? '')?.[1];
  const shownNames = () =>
    setup
      .inside()
      .map(nameOf)
      .filter(name => name !== undefined);
  const first = shownNames();
  expect(first[0]).toBe('box-01');
  expect(first.length).toBeLessThan(16);
  expect(setup.inside().at(-1)).toMatch(/↓ \d+ more below \(scroll: j\/k pgdn\/pgup G\/g\)/);
  expect(setup.lines().join('\n')).not.toContain('a taller terminal');
  await setup.keys('j');
  expect(shownNames()[0]).toBe('box-02');
  expect(setup.inside().at(-1)).toMatch(/↑ 1 more above · ↓ \d+ more below/);
  await setup.keys('G');
  const last = setup.inside();
  // The last target on the frame's last row above the hint: no blank rows, nothing more below.
  expect(nameOf(last.at(-2))).toBe('box-16');
  expect(last.every(line => line.trim() !== '')).toBe(true);
  expect(last.at(-1)).toMatch(/↑ \d+ more above \(scroll/);
  expect(last.at(-1)).not.toContain('below');
  // ↑ right after G moves at once.
  await setup.keys('k');
  expect(nameOf(setup.inside().at(-2))).toBe('box-15');
  await setup.keys('g');
  expect(shownNames()[0]).toBe('box-01');
  await setup.keys('\u001B[6~');
  expect(shownNames()[0]).not.toBe('box-01');
  // Every target was seen; y confirms (the overlay closes and the removal starts).
  await setup.keys('y');
  expect(setup.controller.store.get().overlay).toBeUndefined();
});

test('n cancels a scrolled confirmation as before', async () => {
  const setup = await markedDialog(80, 24, 16, 's');
  await setup.keys('G', 'n');
  expect(setup.controller.store.get().overlay).toBeUndefined();
});

test.each(['d', 's'])(
  'at 40x12, three marked containers, %s: the title is whole and the footer offers y',
  async key => {
    const setup = await markedDialog(40, 12, 3, key);
    const lines = setup.lines();
    const title = lines.find(line => line.startsWith('╭'));
    const titleRow = lines[lines.indexOf(title ?? '') + 1] ?? '';
    expect(titleRow).toMatch(key === 'd' ? /│ Remove these 3/ : /│ Stop these 3/);
    const footer = lines.filter(line => line.trim()).at(-1) ?? '';
    expect(footer).toMatch(/ y yes/);
    expect(footer).toMatch(/ n cancel/);
    expect(footer).toMatch(/\? help/);
  },
);

const showText = async (setup: Awaited<ReturnType<typeof app>>, count: number) => {
  const overlay: Overlay = {
    kind: 'text',
    title: 'inspect box',
    lines: Array.from({length: count}, (_, i) => `line ${i + 1}`),
    scroll: 0,
  };
  setup.controller.dispatch({type: 'overlay.show', overlay});
  await tick();
};

test('a pane (inspect, exec output): G stops with its last line at the bottom of the frame', async () => {
  const setup = await app(80, 24);
  await showText(setup, 40);
  expect(setup.inside().at(-1)).toMatch(/↓ \d+ more below/);
  // pgdn goes on from the row after the last shown: no row is skipped.
  const lastShown = setup.inside().at(-2);
  await setup.keys('\u001B[6~');
  expect(Number(setup.inside()[0]?.slice('line '.length))).toBe(Number(lastShown?.slice('line '.length)) + 1);
  await setup.keys('G');
  const shown = setup.inside();
  expect(shown.at(-2)).toBe('line 40');
  expect(shown.slice(0, -1).every(line => /^line \d+$/.test(line))).toBe(true);
  expect(shown.at(-1)).toMatch(/↑ \d+ more above/);
  await setup.keys('k');
  expect(setup.inside().at(-2)).toBe('line 39');
});

test('a pane whose lines all fit: G moves nothing and no hint shows', async () => {
  const setup = await app(80, 24);
  await showText(setup, 5);
  await setup.keys('G');
  expect(setup.inside()).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
});

const pruneLines = [
  'prune (all unused images) would remove:',
  'images (2):',
  '  <none>:<none>  1234567890ab  1.2 MB',
  '  old/app:1  abcdef123456  3.4 MB',
  'tags removed from images that stay (1):',
  `  127.0.0.1:5000/library/hello:latest, registry.example.com/team/hello@sha256:${'a'.repeat(64)}, berth-test/busybox:latest  0123456789ab  (used by a container)`,
  ...Array.from({length: 20}, (_, i) => `  more/image-${i}:latest  ${String(i).padStart(12, '0')}  1 MB`),
  'frees about 30 MB',
];

test('prune preview: long target lines wrap whole, G stops at the last line, the summary stays', async () => {
  const setup = await app(80, 24);
  setup.controller.dispatch({
    type: 'overlay.show',
    overlay: {
      kind: 'imagePrune',
      scope: {kind: 'images', all: true},
      lines: pruneLines,
      loading: false,
      ready: true,
      scroll: 0,
    },
  });
  await tick();
  const seen = new Set<string>();
  const look = () => setup.inside().forEach(line => seen.add(line));
  look();
  expect(setup.inside()[0]).toBe('frees about 30 MB');
  expect(setup.inside().at(-1)).toMatch(/^options: a all unused images \[on\]/);
  for (let i = 0; i < 40; i++) {
    await setup.keys('j');
    look();
  }
  const text = [...seen].join(' ');
  expect(text).toContain('berth-test/busybox:latest');
  // A name longer than a row goes on over the next rows, whole.
  expect(text.replace(/\s+/g, '')).toContain(`hello@sha256:${'a'.repeat(64)},berth-test/busybox:latest`);
  expect(text).not.toMatch(/…/);
  await setup.keys('G');
  const shown = setup.inside();
  expect(shown[0]).toBe('frees about 30 MB');
  expect(shown.at(-1)).toMatch(/^options:/);
  expect(shown.at(-3)).toMatch(/more\/image-19:latest/);
  expect(shown.at(-2)).toMatch(/↑ \d+ more above/);
  expect(shown.every(line => line.trim() !== '')).toBe(true);
});

test("a command's output (wrap): a line longer than the frame goes on over the next rows, each reached by scrolling", async () => {
  const setup = await app(40, 12);
  const overlay: Overlay = {
    kind: 'text',
    title: 'ls -l in box',
    lines: [
      'lrwxrwxrwx 1 root root 7 Jan  1  1970 /bin/sh -> busybox',
      ...Array.from({length: 8}, (_, i) => `line ${i + 1}`),
    ],
    scroll: 0,
    wrap: true,
  };
  setup.controller.dispatch({type: 'overlay.show', overlay});
  await tick();
  // 36 cells inside the frame: the file name is on the second row, not cut off.
  expect(setup.inside().slice(0, 2)).toEqual(['lrwxrwxrwx 1 root root 7 Jan  1  197', '0 /bin/sh -> busybox']);
  await setup.keys('G');
  expect(setup.inside().at(-2)).toBe('line 8');
  await setup.keys('g', 'j');
  expect(setup.inside()[0]).toBe('0 /bin/sh -> busybox');
});
