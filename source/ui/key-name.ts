import type {Key} from 'ink';

// Ink's (input, key) pair becomes one name the keymap can hold as data: 'up', 'ctrl-r', 'G', '?'.
export function keyName(input: string, key: Key): string | undefined {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'escape';
  if (key.tab) return key.shift ? 'shift-tab' : 'tab';
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl && input) return `ctrl-${input.toLowerCase()}`;
  if (input === ' ') return 'space';
  if (input.length === 1) return input;
  return undefined;
}
