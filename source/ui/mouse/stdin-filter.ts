import {createMouseParser, type MouseEvent} from './sgr.js';

// How long a lone `\e` (or `\e[`) at the end of a read waits for the rest of a report before it goes on as the
// esc key (it waits this much longer than before), and how long the start of a report (`\e[<0;1`), which no key
// begins with, waits for its end before it is dropped. The rest of a report comes within milliseconds, even over SSH.
export const ESCAPE_WAIT_MS = 25;
export const REPORT_WAIT_MS = 1000;

type Readable = NodeJS.ReadStream;

// Takes the mouse reports out of what Ink reads from `stdin`, before its key parser sees them: Ink reads with
// `stdin.read()` on 'readable' (ink/build/components/App.js handleReadable), so `read` is wrapped and returns
// the input without them; the reports go to `onMouse`, in their place among the keys (the text before a report
// is returned first). Returns the function that takes the wrapper away.
export function filterMouseInput(stdin: Readable, onMouse: (event: MouseEvent) => void): () => void {
  const parser = createMouseParser();
  const own = Object.prototype.hasOwnProperty.call(stdin, 'read');
  const read = stdin.read.bind(stdin);
  // Parsed but not yet handed out: text and events after a report, for the next read() call.
  const queue: Array<string | MouseEvent> = [];
  let timer: NodeJS.Timeout | undefined;

  const flushLater = () => {
    clearTimeout(timer);
    timer = undefined;
    const held = parser.pending();
    if (held === 'none') return;
    timer = setTimeout(
      () => {
        timer = undefined;
        const key = parser.flush();
        if (!key) return;
        queue.push(key);
        // Ink reads again on 'readable'; the held key is what read() returns then.
        stdin.emit('readable');
      },
      held === 'escape' ? ESCAPE_WAIT_MS : REPORT_WAIT_MS,
    );
  };

  const wrapped = (size?: number): string | Buffer | null => {
    for (;;) {
      const next = queue.shift();
      if (typeof next === 'string') return next;
      if (next) {
        onMouse(next);
        continue;
      }
      const chunk = read(size) as string | Buffer | null;
      if (chunk === null) return null;
      queue.push(...parser.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8')).parts);
      flushLater();
    }
  };
  stdin.read = wrapped as typeof stdin.read;
  return () => {
    clearTimeout(timer);
    if (stdin.read !== wrapped) return;
    if (own) stdin.read = read;
    else delete (stdin as {read?: unknown}).read;
  };
}
