import type {Key} from 'ink';
import type {QueuedKey} from './input-queue.js';
import type {Controller} from './controller.js';

// The bytes a terminal sends for a key, as Ink parsed it: keys berth held while a session it opens (e, :exec -it,
// :run) was starting go to that session as the person typed them.
export function keyBytes(input: string, key: Key): string {
  if (key.return) return '\r';
  if (key.tab) return key.shift ? '\x1b[Z' : '\t';
  if (key.backspace) return '\x7f';
  if (key.delete) return '\x1b[3~';
  if (key.upArrow) return '\x1b[A';
  if (key.downArrow) return '\x1b[B';
  if (key.rightArrow) return '\x1b[C';
  if (key.leftArrow) return '\x1b[D';
  if (key.pageUp) return '\x1b[5~';
  if (key.pageDown) return '\x1b[6~';
  if (key.home) return '\x1b[H';
  if (key.end) return '\x1b[F';
  if (key.escape) return '\x1b';
  // ctrl + a letter is its C0 code (ctrl-a 0x01 … ctrl-z 0x1a).
  if (key.ctrl && /^[a-z]$/i.test(input)) return String.fromCharCode(input.toLowerCase().charCodeAt(0) - 96);
  return key.meta ? `\x1b${input}` : input;
}

// The keys typed for a session, as one write to its input.
export function typedBytes(keys: readonly QueuedKey[]): string {
  return keys.map(typed => keyBytes(typed.input, typed.key)).join('');
}

// A session that reads no keys from berth (attach, a command, a session that did not start) leaves the keys typed
// for it unused: the status line, which says how the session ended, says so too.
export function sayDropped(controller: Controller, keys: readonly QueuedKey[]): void {
  if (!keys.length) return;
  const status = controller.store.get().status;
  const dropped = `${keys.length === 1 ? 'key' : 'keys'} ${keys.map(typed => typed.label).join(' ')} typed before it had the terminal dropped`;
  controller.status(status?.text ? `${status.text} · ${dropped}` : dropped, status?.kind ?? 'info');
}
