import type {Key} from 'ink';

export type LineState = {text: string; cursor: number};
export type LineEdit = LineState & {submit?: boolean; cancel?: boolean};

// Prompt editing in the one input dispatcher. ink-text-input edits the value it got at the last render, so
// keys that arrive in one tick (a paste, fast typing over a slow SSH link) are lost or land as commands;
// here every keypress edits the current text. Enter inside pasted text submits what came before it.
export function editLine(line: LineState, input: string, key: Key): LineEdit {
  const cursor = Math.min(Math.max(0, line.cursor), line.text.length);
  const {text} = line;
  if (key.return) return {text, cursor, submit: true};
  if (key.escape) return {text, cursor, cancel: true};
  if (key.leftArrow) return {text, cursor: Math.max(0, cursor - 1)};
  if (key.rightArrow) return {text, cursor: Math.min(text.length, cursor + 1)};
  if (key.home || (key.ctrl && input === 'a')) return {text, cursor: 0};
  if (key.end || (key.ctrl && input === 'e')) return {text, cursor: text.length};
  if (key.backspace || key.delete) {
    if (cursor === 0) return {text, cursor};
    return {text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1};
  }
  if (key.ctrl && input === 'u') return {text: text.slice(cursor), cursor: 0};
  if (key.ctrl && input === 'w') {
    const start = text.slice(0, cursor).replace(/\S+\s*$/, '').length;
    return {text: text.slice(0, start) + text.slice(cursor), cursor: start};
  }
  if (key.ctrl || key.meta || key.upArrow || key.downArrow || key.tab || key.pageUp || key.pageDown)
    return {text, cursor};
  const end = input.search(/[\r\n]/);
  const typed = (end === -1 ? input : input.slice(0, end)).replace(/[\x00-\x1f\x7f]/g, '');
  const next = {text: text.slice(0, cursor) + typed + text.slice(cursor), cursor: cursor + typed.length};
  return end === -1 ? next : {...next, submit: true};
}
