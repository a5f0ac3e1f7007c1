import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// Every dialog and pane over a view is one frame as tall as its content, drawn over the list, and answers the
// same keys: ? opens help over it (esc comes back), esc closes it, q quits berth. Every footer ends with the same
// part; status messages stay with the view that made them; long ones wrap and end with … only when cut.
const name = uniqueName('ovl');
const berth = berthPerTest();

beforeAll(() => {
  runTestContainer(name, ['sh', '-c', 'while :; do echo tick; sleep 1; done']);
});
afterAll(() => {
  docker(['rm', '-f', name]);
});

const TAIL = /: command {2}q quit {2}\? help\s*$/;
const footerOf = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';

// The frame on screen: its rows from ╭ to ╰, and the rows inside down to the last that holds something (a blank
// separator inside counts; empty rows at the bottom do not).
function frame(screen: string): {rows: number; content: number; title: string} | undefined {
  const lines = screen.split('\n');
  const top = lines.findIndex(line => line.startsWith('╭'));
  const bottom = lines.findIndex((line, i) => i > top && line.startsWith('╰'));
  if (top < 0 || bottom < 0) return undefined;
  const inside = lines.slice(top + 1, bottom).map(line => line.replace(/^│|│\s*$/g, '').trim());
  const content = inside.reduce((last, row, i) => (row ? i + 1 : last), 0);
  return {rows: bottom - top + 1, content, title: inside[0] ?? ''};
}

async function start(columns: number, rows: number): Promise<Terminal> {
  const t = berth.start({env: benchEnv(), columns, rows});
  await t.waitFor(/API 1\.41/);
  return t;
}

async function focusMine(t: Terminal): Promise<void> {
  t.type(`/${name}`);
  t.keys('Enter');
  await t.waitUntil(s => s.includes(name) && TAIL.test(footerOf(s)), 'the filtered list');
}

type Case = {
  what: string;
  // From the containers view with our container selected.
  open: (t: Terminal) => void;
  title: RegExp;
  // A form types ? and q into its field: only esc is checked there.
  typing?: boolean;
  // The way out (and in) the footer names, before the common part.
  keys?: RegExp;
};

const CASES: Case[] = [
  {
    what: 'a confirmation (s)',
    open: t => t.type('s'),
    title: /Stop this container\?/,
    keys: /y yes, do it {2}n cancel/,
  },
  {what: 'the environment (v)', open: t => t.type('v'), title: /environment of .* variables?/, keys: /esc close/},
  {what: 'inspect output (i)', open: t => t.type('i'), title: new RegExp(`inspect ${name}`)},
  {what: 'stats (p)', open: t => t.type('p'), title: new RegExp(`stats ${name}`)},
  {what: 'help (?)', open: t => t.type('?'), title: /Keys · /},
  {
    what: 'the contexts (5, c)',
    open: t => {
      t.type('5');
      t.type('c');
    },
    title: /Docker contexts/,
  },
  {
    what: 'the system prune preview (5, p)',
    open: t => {
      t.type('5');
      t.type('p');
    },
    title: /Prune: remove these\?/,
    keys: /y yes, prune these {2}n cancel/,
  },
  {what: 'the exec form (E)', open: t => t.type('E'), title: new RegExp(`exec in ${name}`), typing: true},
];

for (const [columns, rows] of [
  [80, 24],
  [200, 60],
] as const) {
  describe(`${columns}x${rows}`, () => {
    for (const c of CASES) {
      test(`${c.what}: as tall as its content, over the list; ?, esc and q answer as everywhere`, async () => {
        const t = await start(columns, rows);
        await focusMine(t);
        c.open(t);
        const shown = await t.waitUntil(s => c.title.test(frame(s)?.title ?? ''), `${c.what} in its frame`, 20_000);
        const box = frame(shown)!;
        // Content + 2 (the border); a frame that does not fill the body leaves the view visible above it.
        expect(box.rows, shown).toBeLessThanOrEqual(box.content + 2);
        if (box.rows < rows - 8) expect(shown.split('\n')[2], shown).not.toMatch(/^╭/);
        if (c.keys) expect(footerOf(shown)).toMatch(c.keys);
        if (c.what.startsWith('help')) expect(footerOf(shown)).toMatch(TAIL);
        else if (!c.typing) {
          expect(footerOf(shown)).toMatch(TAIL);
          t.type('?');
          const help = await t.waitFor('Keys · ');
          expect(footerOf(help)).toMatch(TAIL);
          // Help over a dialog lists what applies to it: a stop has no force switch.
          if (c.what.startsWith('a confirmation')) expect(help).not.toContain('toggle force');
          t.keys('Escape');
          await t.waitUntil(s => c.title.test(frame(s)?.title ?? ''), 'back to the overlay from help');
          // : opens the command line in its place; esc comes back to it, as from help.
          t.type(':');
          await t.waitUntil(s => !c.title.test(frame(s)?.title ?? '') && /esc cancel/.test(footerOf(s)), 'the : line');
          t.keys('Escape');
          await t.waitUntil(s => c.title.test(frame(s)?.title ?? ''), 'back to the overlay from :');
        } else expect(footerOf(shown)).toMatch(/enter run {2}esc cancel/);
        if (c.what.startsWith('help')) t.type('?');
        else t.keys('Escape');
        await t.waitUntil(s => !frame(s) && TAIL.test(footerOf(s)), 'the overlay closed');
        if (c.typing) {
          t.type('q');
        } else {
          c.open(t);
          await t.waitUntil(s => c.title.test(frame(s)?.title ?? ''), `${c.what} again`, 20_000);
          t.type('q');
        }
        expect(await t.exitCode()).toBe(0);
      }, 60_000);
    }

    test('every view ends its footer with : command  q quit  ? help', async () => {
      const t = await start(columns, rows);
      for (const key of ['1', '2', '3', '4', '5', '7', '8']) {
        t.type(key);
        await t.waitUntil(s => TAIL.test(footerOf(s)), `view ${key}'s footer`);
      }
      t.type('q');
      expect(await t.exitCode()).toBe(0);
    });

    test(':lo then tab (two commands start so): the candidates show after the text until it changes', async () => {
      const t = await start(columns, rows);
      t.type(':lo');
      t.keys('Tab');
      await t.waitUntil(s => /^ : lo +load {2}logs\s*$/m.test(s), 'the candidates on the command line');
      t.type('g');
      t.keys('Tab');
      await t.waitUntil(s => /^ : logs\s*$/m.test(s), 'completed, the candidates gone');
      t.keys('Escape');
      t.type('q');
      expect(await t.exitCode()).toBe(0);
    });

    test('a status message stays with its view; long ones wrap, with … only when cut', async () => {
      const t = await start(columns, rows);
      t.type('7');
      t.type(':context nosuch');
      t.keys('Enter');
      const error = await t.waitFor('docker context "nosuch": not found');
      // The whole reason and fix, on as many rows as it takes, nothing cut.
      expect(error).toMatch(/or name another\)/);
      expect(error).not.toMatch(/…\s*\n.*\? help\s*$/);
      t.type('8');
      await t.waitUntil(s => !s.includes('docker context "nosuch"') && TAIL.test(footerOf(s)), 'view 8 without it');
      t.type('7');
      await t.waitFor('docker context "nosuch": not found');

      // The unknown command lists every command's name; it wraps and fits whole at 80 columns too (the cut with …
      // is test/unit/ui/help-footer.test.ts's).
      t.type(':foo');
      t.keys('Enter');
      const unknown = await t.waitFor('unknown command ":foo"');
      const lines = unknown.split('\n').filter(line => line.trim());
      const status = lines
        .slice(
          lines.findIndex(line => line.includes('unknown command')),
          -1,
        )
        .join('\n');
      expect(status).not.toMatch(/…/);
      expect(status).toMatch(/:context :scale[\s\S]*:quit :q$/);
      t.type('q');
      expect(await t.exitCode()).toBe(0);
    });
  });
}

describe('commands and dialogs say what applies', () => {
  test(':rmi of an image the engine lacks is refused at once; contexts name the engine as view 5 does', async () => {
    const t = await start(100, 30);
    t.type(':rmi nosuch-berth:tag');
    t.keys('Enter');
    const refused = await t.waitFor('no image "nosuch-berth:tag" on this engine');
    expect(frame(refused)).toBeUndefined();
    t.type('5');
    t.type('c');
    const contexts = await t.waitFor(/Docker contexts/);
    expect(contexts).toMatch(/\* default\s+tcp:\/\/127\.0\.0\.1:2375 TLS/);
    t.keys('Enter');
    await t.waitFor('berth already shows context default: tcp://127.0.0.1:2375 TLS');
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  });
});
