import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {copyToClipboard, type ClipboardIo} from '../../../source/clipboard/copy.js';
import {MAX_OSC52_PAYLOAD, MAX_OSC52_TEXT_BYTES, osc52, tmuxPassthrough} from '../../../source/clipboard/osc52.js';
import {findClipboardTool} from '../../../source/clipboard/system-tool.js';
import {osc52Route} from '../../../source/clipboard/tmux.js';
import {connectionFlags} from '../../../source/engine/cli-flags.js';
import type {EngineTarget} from '../../../source/engine/target.js';
import {copyText} from '../../../source/text/copy-text.js';
import {at} from '../../helpers/found.js';

const dir = mkdtempSync(join(tmpdir(), 'berth-clipboard-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
let files = 0;

// A terminal that keeps what it was sent; no desktop tool, no tmux unless a test says so.
function fakeIo(more: Partial<ClipboardIo> = {}): ClipboardIo & {written: string[]} {
  const written: string[] = [];
  return {
    env: {},
    write: sequence => {
      written.push(sequence);
      return true;
    },
    savePath: () => join(dir, `copy-${++files}.txt`),
    tool: null,
    written,
    ...more,
  };
}

const decoded = (sequence: string) => {
  const base64 = /^\x1b\]52;c;([A-Za-z0-9+/=]*)\x07$/.exec(sequence)?.[1];
  if (base64 === undefined) throw new Error(`not an OSC 52 sequence: ${JSON.stringify(sequence)}`);
  return Buffer.from(base64, 'base64').toString('utf8');
};

describe('OSC 52', () => {
  test('ESC ] 52 ; c ; base64 BEL, UTF-8 inside', () => {
    expect(osc52('hello')).toBe('\x1b]52;c;aGVsbG8=\x07');
    expect(decoded(osc52('grüße 👩🏽‍💻'))).toBe('grüße 👩🏽‍💻');
  });

  test("tmux's passthrough wraps it and doubles every ESC inside", () => {
    expect(tmuxPassthrough(osc52('hi'))).toBe('\x1bPtmux;\x1b\x1b]52;c;aGk=\x07\x1b\\');
  });

  test('the text cap is what fits the payload limit once in base64', () => {
    expect(Buffer.from('x'.repeat(MAX_OSC52_TEXT_BYTES)).toString('base64').length).toBeLessThanOrEqual(
      MAX_OSC52_PAYLOAD,
    );
    expect(Buffer.from('x'.repeat(MAX_OSC52_TEXT_BYTES + 3)).toString('base64').length).toBeGreaterThan(
      MAX_OSC52_PAYLOAD,
    );
  });

  test('inside tmux: plain with set-clipboard on, wrapped when only passthrough gets through, else a hint', () => {
    expect(osc52Route(undefined)).toEqual({wrap: false});
    expect(osc52Route({setClipboard: 'on', passthrough: false})).toEqual({wrap: false});
    expect(osc52Route({setClipboard: 'external', passthrough: true})).toEqual({wrap: true});
    const route = osc52Route({setClipboard: 'external', passthrough: false});
    expect(route.wrap).toBe(false);
    expect(route.hint).toMatch(/set-clipboard external.*tmux set -g set-clipboard on/);
  });
});

describe('the text copied', () => {
  test('escape sequences go, colour included; an OSC 52 inside a log line cannot ride along', () => {
    expect(copyText('\x1b[31mred\x1b[0m \x1b[1;34mbold-blue\x1b[0m')).toBe('red bold-blue');
    expect(copyText('a\x1b]52;c;ZXZpbA==\x07b\x1b]0;title\x1b\\c\x1b[2Jd\x9b31me')).toBe('abcde');
  });

  test('control characters go (a BEL, a backspace, a carriage return), tabs stay', () => {
    expect(copyText('a\x07b\x08c\rd\x00e\x7ff\tg')).toBe('abcdef\tg');
  });

  test('invisible and bidi characters are kept as in the original, not as the screen markers', () => {
    expect(copyText('G\u202Ereversed pass\u200Bword')).toBe('G\u202Ereversed pass\u200Bword');
    expect(copyText('G\u202Ereversed')).not.toContain('‹U+');
  });
});

describe('copyToClipboard', () => {
  test('lines are sanitised, joined with newlines and sent as one OSC 52 sequence', async () => {
    const io = fakeIo();
    const outcome = await copyToClipboard(() => ['\x1b[32mone\x1b[0m', 'two\x07'], io);
    expect(outcome).toEqual({kind: 'copied', lines: 2, bytes: 7, terminal: true, tool: undefined, hint: undefined});
    expect(io.written).toHaveLength(1);
    expect(decoded(at(io.written, 0))).toBe('one\ntwo');
  });

  test('over the cap nothing is sent: the text goes to a new file instead, whole', async () => {
    const io = fakeIo({maxBytes: 10});
    const outcome = await copyToClipboard(() => ['0123456789', '\x1b[31mred\x1b[0m'], io);
    expect(io.written).toHaveLength(0);
    expect(outcome).toMatchObject({kind: 'saved', lines: 2, bytes: 14});
    if (outcome.kind !== 'saved') throw new Error('not saved');
    expect(readFileSync(outcome.file, 'utf8')).toBe('0123456789\nred\n');
  });

  test('5 MB is refused for the terminal at the real cap and saved', async () => {
    const io = fakeIo();
    const line = 'x'.repeat(999);
    const outcome = await copyToClipboard(function* () {
      for (let i = 0; i < 5000; i++) yield line;
    }, io);
    expect(io.written).toHaveLength(0);
    expect(outcome).toMatchObject({kind: 'saved', lines: 5000, bytes: 5000 * 1000 - 1});
  });

  test('an existing file is never replaced: the copy takes the next free name', async () => {
    const file = join(dir, 'taken.txt');
    writeFileSync(file, 'mine');
    const outcome = await copyToClipboard(() => ['long enough'], fakeIo({maxBytes: 2, savePath: () => file}));
    expect(outcome).toMatchObject({kind: 'saved', file: join(dir, 'taken-2.txt'), lines: 1, bytes: 11});
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect(readFileSync(join(dir, 'taken-2.txt'), 'utf8')).toBe('long enough\n');
  });

  test('a file that cannot be written is one line: the thing, the reason, the fix', async () => {
    const file = join(dir, 'missing', 'copy.txt');
    const outcome = await copyToClipboard(() => ['long enough'], fakeIo({maxBytes: 2, savePath: () => file}));
    expect(outcome.kind === 'failed' && outcome.error).toBe(
      `cannot save the copy to ${file}: the directory ${join(dir, 'missing')} does not exist; create it first or choose another path`,
    );
  });

  test('inside tmux the route decides the form; no terminal and no tool is an error', async () => {
    const wrapped = fakeIo({env: {TMUX: '/tmp/x,1,0'}, tmux: async () => ({setClipboard: 'off', passthrough: true})});
    await copyToClipboard(() => ['hi'], wrapped);
    expect(wrapped.written[0]).toBe(tmuxPassthrough(osc52('hi')));
    const hinted = fakeIo({
      env: {TMUX: '/tmp/x,1,0'},
      tmux: async () => ({setClipboard: 'external', passthrough: false}),
    });
    const outcome = await copyToClipboard(() => ['hi'], hinted);
    expect(hinted.written[0]).toBe(osc52('hi'));
    expect(outcome.kind === 'copied' && outcome.hint).toMatch(/set-clipboard on/);
    const nowhere = await copyToClipboard(() => ['hi'], fakeIo({write: () => false}));
    expect(nowhere.kind === 'failed' && nowhere.error).toMatch(/no terminal/);
  });

  test("the desktop's tool gets the same text on its stdin, spawned without a shell", async () => {
    const out = join(dir, 'tool-out');
    let done: (error: string | undefined) => void = () => undefined;
    const finished = new Promise<string | undefined>(resolve => (done = resolve));
    const io = fakeIo({tool: {program: 'fake', path: '/bin/sh', args: ['-c', `cat > '${out}'`]}, toolDone: done});
    const outcome = await copyToClipboard(() => ['a b', '$(rm -rf /)'], io);
    expect(outcome).toMatchObject({kind: 'copied', tool: 'fake'});
    expect(await finished).toBeUndefined();
    expect(readFileSync(out, 'utf8')).toBe('a b\n$(rm -rf /)');
  });
});

describe("the desktop's clipboard tool", () => {
  const bin = join(dir, 'bin');
  mkdirSync(bin, {recursive: true});
  for (const program of ['xclip', 'wl-copy']) {
    writeFileSync(join(bin, program), '#!/bin/sh\n');
    chmodSync(join(bin, program), 0o755);
  }

  test('only where a display is: wl-copy under Wayland, xclip under X11, nothing on a bare SSH session', () => {
    expect(findClipboardTool({PATH: bin})).toBeUndefined();
    expect(findClipboardTool({PATH: bin, DISPLAY: ':0'})).toMatchObject({program: 'xclip'});
    expect(findClipboardTool({PATH: bin, WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0'})).toMatchObject({
      program: 'wl-copy',
    });
    expect(findClipboardTool({PATH: join(dir, 'nothing'), DISPLAY: ':0'})).toBeUndefined();
  });
});

describe('docker commands copied for the engine berth shows', () => {
  const base: EngineTarget = {
    url: 'tcp://10.0.0.5:2376',
    kind: 'tcp',
    context: 'default',
    source: 'DOCKER_HOST',
    unencrypted: false,
  };
  test('a context is named, --host is spelled out with its TLS files, DOCKER_HOST and the socket need nothing', () => {
    expect(connectionFlags(base)).toEqual([]);
    expect(connectionFlags({...base, source: 'context', context: 'prod'})).toEqual(['--context', 'prod']);
    expect(
      connectionFlags({
        ...base,
        source: 'flag',
        tls: {verify: true, caFile: '/c/ca.pem', certFile: '/c/cert.pem', keyFile: '/c/key.pem'},
      }),
    ).toEqual([
      '-H',
      'tcp://10.0.0.5:2376',
      '--tlsverify',
      '--tlscacert',
      '/c/ca.pem',
      '--tlscert',
      '/c/cert.pem',
      '--tlskey',
      '/c/key.pem',
    ]);
  });
});
