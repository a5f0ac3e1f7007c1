import type {Key} from 'ink';
import {expect, test} from 'vitest';
import {editLine} from '../../../source/ui/line-edit.js';

const key = (patch: Partial<Key> = {}) =>
  ({
    upArrow: false,
    downArrow: false,
    leftArrow: false,
    rightArrow: false,
    return: false,
    escape: false,
    ctrl: false,
    meta: false,
    backspace: false,
    delete: false,
    tab: false,
    ...patch,
  }) as Key;

test('typing, cursor movement and deletion', () => {
  let line = editLine({text: '', cursor: 0}, 'wb', key());
  line = editLine(line, '', key({leftArrow: true}));
  line = editLine(line, 'e', key());
  expect(line).toEqual({text: 'web', cursor: 2});
  line = editLine(line, '', key({backspace: true}));
  expect(line).toEqual({text: 'wb', cursor: 1});
  expect(editLine({text: 'one two', cursor: 7}, 'w', key({ctrl: true}))).toEqual({text: 'one ', cursor: 4});
  expect(editLine({text: 'one two', cursor: 3}, 'u', key({ctrl: true}))).toEqual({text: ' two', cursor: 0});
});

test('enter inside pasted text submits what came before it; control characters are not inserted', () => {
  expect(editLine({text: 'a', cursor: 1}, 'bc\rdef', key())).toEqual({text: 'abc', cursor: 3, submit: true});
  expect(editLine({text: '', cursor: 0}, 'x\x07y', key())).toEqual({text: 'xy', cursor: 2});
  expect(editLine({text: 'x', cursor: 1}, '', key({escape: true}))).toMatchObject({cancel: true});
});
