import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {makeLine, type LogLine} from '../../../../source/engine/logs/line-assembler.js';
import {Controller} from '../../../../source/ui/controller.js';
import {pane as paneOf, paneSession} from '../../../../source/views/kit/log-pane/session.js';
import {logPane} from '../../../helpers/app-state.js';
import {fixedLogSource} from '../../../helpers/log-source.js';

// What reaches the terminal: the OSC 52 sequences berth would write, decoded.
const written = vi.hoisted(() => [] as string[]);
vi.mock('../../../../source/terminal.js', () => ({
  writeToTerminal: (sequence: string) => {
    written.push(Buffer.from(/\x1b\]52;c;([A-Za-z0-9+/=]*)\x07/.exec(sequence)?.[1] ?? '', 'base64').toString('utf8'));
    return true;
  },
}));

// No desktop tool and no tmux where the tests happen to run.
beforeAll(() => {
  vi.stubEnv('DISPLAY', '');
  vi.stubEnv('WAYLAND_DISPLAY', '');
  vi.stubEnv('TMUX', '');
});
afterAll(() => vi.unstubAllEnvs());

const lines: LogLine[] = [
  makeLine('\x1b[31mred\x1b[0m one', 'stdout', undefined, false),
  makeLine('tab\there bell\x07 G\u202Ereversed', 'stdout', undefined, false),
  makeLine('plain three', 'stderr', undefined, false),
  makeLine('four \x1b]52;c;ZXZpbA==\x07done', 'stdout', undefined, false),
];
const pane = logPane({version: 1, total: lines.length});

function app(): Controller {
  const controller = new Controller('tcp://t', {});
  paneSession.replace(controller.services, fixedLogSource(lines, 10));
  controller.dispatch({type: 'logs.opened', pane});
  // The pane drew lines 1–3 (LogPane records them as it lays them out).
  paneOf(controller.services).onScreen = {first: 1, last: 3};
  return controller;
}

async function pick(controller: Controller, action: string): Promise<string> {
  written.length = 0;
  controller.dispatch({type: 'copy.logs'});
  controller.dispatch({type: action} as never);
  await vi.waitFor(() => expect(written).toHaveLength(1));
  return written.join('');
}

describe('y in the log pane', () => {
  test('the menu: the last line shown, the lines on screen, every line; matches only with a search', () => {
    const controller = app();
    controller.dispatch({type: 'copy.logs'});
    const overlay = controller.store.get().overlay;
    if (overlay?.kind !== 'copyLogs') throw new Error('no menu');
    expect(overlay.items.map(item => [item.action, item.detail])).toEqual([
      ['copy.line', 'four done'],
      ['copy.visible', '3 lines'],
      ['copy.buffer', '4 lines'],
    ]);
  });

  test('the original text: escapes and controls gone (an OSC 52 inside a line too), tabs and bidi kept', async () => {
    const controller = app();
    expect(await pick(controller, 'copy.line')).toBe('four done');
    expect(await pick(controller, 'copy.visible')).toBe('tab\there bell G\u202Ereversed\nplain three\nfour done');
    expect(await pick(controller, 'copy.buffer')).toBe(
      'red one\ntab\there bell G\u202Ereversed\nplain three\nfour done',
    );
    await vi.waitFor(() => expect(controller.store.get().status?.text).toMatch(/^copied 4 lines, 5\d bytes$/));
  });

  test('with a search: the current match is the selected line, and m copies every match', async () => {
    const controller = app();
    controller.dispatch({type: 'logs.searched', query: 'e', matches: [0, 2]});
    expect(await pick(controller, 'copy.line')).toBe('plain three');
    expect(await pick(controller, 'copy.matches')).toBe('red one\nplain three');
  });
});
