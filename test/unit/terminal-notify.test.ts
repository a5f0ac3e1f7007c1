import {expect, test} from 'vitest';
import {alertTerminal, notificationSequence} from '../../source/terminal-notify.js';

test('OSC 777 and OSC 9, fields cleaned of anything that could end or split them', () => {
  expect(notificationSequence('berth', 'web; exited\x07 3', false)).toBe(
    '\x1b]777;notify;berth;web, exited  3\x07\x1b]9;berth: web, exited  3\x07',
  );
});

test('inside tmux each goes through the passthrough, ESC doubled', () => {
  expect(notificationSequence('t', 'b', true)).toBe(
    '\x1bPtmux;\x1b\x1b]777;notify;t;b\x07\x1b\\\x1bPtmux;\x1b\x1b]9;t: b\x07\x1b\\',
  );
});

test('the bell always, the notification only when asked', () => {
  const written: string[] = [];
  const write = (sequence: string) => written.push(sequence) > 0;
  alertTerminal({title: 't', body: 'b', notify: false}, {}, write);
  alertTerminal({title: 't', body: 'b', notify: true}, {}, write);
  expect(written).toEqual(['\x07', '\x07\x1b]777;notify;t;b\x07\x1b]9;t: b\x07']);
});
