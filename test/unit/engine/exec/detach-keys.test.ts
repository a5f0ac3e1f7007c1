import {describe, expect, test} from 'vitest';
import {DetachWatcher, parseDetachKeys} from '../../../../source/engine/exec/detach-keys.js';

describe('detach keys (docker --detach-keys format)', () => {
  test('parse: ctrl-<letter>, ctrl-<@[\\]^_>, single characters; anything else is refused with the format', () => {
    expect([...parseDetachKeys('ctrl-p,ctrl-q')]).toEqual([16, 17]);
    expect([...parseDetachKeys('ctrl-@,ctrl-[,ctrl-_,a')]).toEqual([0, 27, 31, 97]);
    expect([...parseDetachKeys('CTRL-X')]).toEqual([24]);
    expect(() => parseDetachKeys('ctrl-1')).toThrow(/ctrl- takes a letter/);
    expect(() => parseDetachKeys('alt-x')).toThrow(/single character or ctrl-<letter>/);
    expect(() => parseDetachKeys('')).toThrow();
  });

  test('the watcher holds a possible start, passes it on when the sequence breaks, and detaches on the whole sequence', () => {
    const watcher = new DetachWatcher(parseDetachKeys('ctrl-p,ctrl-q'));
    expect(watcher.feed(Buffer.from('ab\x10'))).toEqual({pass: Buffer.from('ab'), detach: false});
    // ctrl-p then x: both go on, late.
    expect(watcher.feed(Buffer.from('x'))).toEqual({pass: Buffer.from('\x10x'), detach: false});
    // ctrl-p ctrl-p ctrl-q: the first goes on, the last two detach.
    expect(watcher.feed(Buffer.from('\x10\x10\x11'))).toEqual({pass: Buffer.from('\x10'), detach: true});
    // Split across reads.
    expect(watcher.feed(Buffer.from('\x10')).detach).toBe(false);
    expect(watcher.feed(Buffer.from('\x11')).detach).toBe(true);
    const single = new DetachWatcher(parseDetachKeys('ctrl-x'));
    expect(single.feed(Buffer.from('ab\x18cd'))).toEqual({pass: Buffer.from('ab'), detach: true});
  });
});
