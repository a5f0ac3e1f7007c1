import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import {makeLine, type LogLine} from '../../../../../source/engine/logs/line-assembler.js';
import {stripAnsi} from '../../../../../source/text/escapes.js';
import {AppRoot} from '../../../../../source/ui/components/AppRoot.js';
import {Controller} from '../../../../../source/ui/controller.js';
import {paneSession} from '../../../../../source/views/kit/log-pane/session.js';
import type {LogPaneState} from '../../../../../source/views/kit/log-pane/state.js';
import {logPane} from '../../../../helpers/app-state.js';
import {fixedLogSource} from '../../../../helpers/log-source.js';

const tick = (ms = 50) => new Promise(resolve => setTimeout(resolve, ms));
const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

// The app with a log pane over `lines` (a buffer of `capacity`), drawn once.
async function showPane(lines: readonly LogLine[], pane: Partial<LogPaneState>, capacity?: number) {
  const controller = new Controller('unix:///nowhere.sock', {});
  paneSession.replace(controller.services, fixedLogSource(lines, capacity));
  controller.dispatch({type: 'containers.loaded', items: []});
  controller.dispatch({
    type: 'logs.opened',
    pane: logPane({version: 1, total: lines.length, fullscreen: true, ...pane}),
  });
  const instance = render(<AppRoot controller={controller} />);
  unmounts.push(() => {
    instance.unmount();
    void controller.close();
  });
  await tick();
  return {controller, instance};
}

// The pane draws neighbouring plain rows of one stream as one Text of several lines (LogPane.tsx): whatever the
// mix of streams, widths, colours and empty lines, every line is on its own row, in order, cut to the pane.
test('plain rows drawn as runs: each line on its own row, in order, whatever breaks the runs', async () => {
  const texts: [string, LogLine['stream']][] = [
    ['plain one', 'stdout'],
    ['plain two', 'stdout'],
    ['', 'stdout'],
    ['after an empty line', 'stdout'],
    ['on stderr', 'stderr'],
    ['stderr again', 'stderr'],
    ['back on stdout', 'stdout'],
    ['wide 日本語 characters', 'stdout'],
    ['\x1b[31mred\x1b[0m and plain', 'stdout'],
    [`long ${'x'.repeat(300)} end`, 'stdout'],
    ['last', 'stdout'],
  ];
  const lines = texts.map(([text, stream]) => makeLine(text, stream, undefined, false));
  const {instance} = await showPane(lines, {});
  const rows = stripAnsi(instance.lastFrame() ?? '').split('\n');
  const at = (text: string) => rows.findIndex(row => row.includes(text));
  const first = at('plain one');
  expect(first).toBeGreaterThan(-1);
  const shown = ['plain one', 'plain two', '', 'after an empty line', 'on stderr', 'stderr again', 'back on stdout'];
  shown.forEach((text, i) => expect(rows[first + i]?.trim(), `row ${i}`).toBe(text));
  expect(at('wide 日本語 characters')).toBe(first + 7);
  expect(at('red and plain')).toBe(first + 8);
  // Cut to the pane's width, with an ellipsis, on one row.
  expect(at('long xxx')).toBe(first + 9);
  expect(rows[first + 9]).toMatch(/x…\s*$/);
  expect(at('last')).toBe(first + 10);
});

// Home (typed ahead of the lines, or after them) shows the first page, not the first line alone above an empty
// pane; the next ↓ moves at once (the pane told the reducer how many rows it draws), ↑ stays at the top. Wrapped,
// the first line stays in reach and the page below it is filled.
test.each([false, true])('home shows the first page and the next key moves from it (wrap %s)', async wrap => {
  const lines = Array.from({length: 200}, (_, i) => makeLine(`line ${i}`, 'stdout', undefined, false));
  const {controller, instance} = await showPane(lines, {wrap}, 200);
  const shown = () =>
    stripAnsi(instance.lastFrame() ?? '')
      .split('\n')
      .map(row => /^\s*line (\d+)\s*$/.exec(row)?.[1])
      .filter(n => n !== undefined)
      .map(Number);
  const title = () => /paused \((\d+) newer\)/.exec(stripAnsi(instance.lastFrame() ?? ''))?.[1];
  controller.dispatch({type: 'cursor.home'});
  await tick();
  const page = shown();
  expect(page[0]).toBe(0);
  expect(page.length).toBeGreaterThan(5);
  expect(page).toEqual(page.map((_, i) => i));
  expect(Number(title())).toBe(199 - (page.at(-1) ?? 0));
  controller.dispatch({type: 'cursor.up'});
  await tick();
  expect(shown()[0]).toBe(0);
  controller.dispatch({type: 'cursor.down'});
  await tick();
  if (!wrap) expect(shown()[0]).toBe(1);
  else expect(shown()[0]).toBeLessThanOrEqual(1);
});

// The pane's count runs ahead of the lines the pane reads (a publish on its way, or a buffer emptied): scrolled
// back past what is held, the pane shows the first page of what it has.
test('scrolled back past the lines held: the first page, no error', async () => {
  const lines = Array.from({length: 50}, (_, i) => makeLine(`line ${i}`, 'stdout', undefined, false));
  const {instance} = await showPane(lines, {total: 500, scrollBack: 480, follow: false});
  const frame = stripAnsi(instance.lastFrame() ?? '');
  expect(frame).toMatch(/^\s*line 0\s*$/m);
  expect(frame).toMatch(/^\s*line 1\s*$/m);
});

// :logs --follow=false reads a window and stops: the title says `no follow` with the window, and not `follow`
// as well (the pane at the bottom of a log it does not follow).
test('a log read without following: the title does not also say follow', async () => {
  const lines = ['one', 'two'].map(text => makeLine(text, 'stdout', undefined, false));
  const custom = {since: 1, tail: 50, follow: false, label: 'since 10s · tail 50 · no follow'};
  const {instance} = await showPane(lines, {status: 'ended', custom});
  const title = stripAnsi(instance.lastFrame() ?? '')
    .split('\n')
    .find(row => row.includes('logs web'));
  expect(title).toContain('ended · since 10s · tail 50 · no follow · 2 lines');
  expect(title).not.toContain('· follow ·');
});

// A title longer than the pane is cut with an ellipsis, not mid-word with nothing to say so ("· 79 li").
test('a title wider than the pane ends with …', async () => {
  const custom = {follow: true, label: `since 10s · ${'window '.repeat(20)}`};
  const {instance} = await showPane([makeLine('one', 'stdout', undefined, false)], {custom});
  const title = stripAnsi(instance.lastFrame() ?? '')
    .split('\n')
    .find(row => row.includes('logs web'));
  expect(title?.trimEnd()).toMatch(/…$/);
});
